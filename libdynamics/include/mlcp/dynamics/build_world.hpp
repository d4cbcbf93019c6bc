#pragma once

#include <mlcp/dynamics/scene_description.hpp>
#include <mlcp/dynamics/world.hpp>

namespace mlcp::dynamics {

/// libdynamics' World of a scene description (docs/scenes.md): one Body per BodyDescription, in
/// order (its f_B_W as the body's constant force Body::f_constant_B_W), with its shape as a
/// Geometry at the CM named after the body; one static Geometry per StaticDescription (a Plane
/// as given, a Box at p_WG, q_WG); JointKind::Ball as a BallJoint and JointKind::Axis as an
/// AxisJoint, each with the joint's name and softness; gravity, ERP/CFM and the material as the
/// world's default contact material. The world's name is "NAME key=value ...". No solver is set.
/// @throws std::invalid_argument as SceneDescription::validate
World buildWorld(const SceneDescription& scene);

}  // namespace mlcp::dynamics
