#pragma once

#include <mlcp/dynamics/scene_description.hpp>
#include <mlcp/dynamics/scene_parameters.hpp>

#include <string>

namespace mlcp::dynamics::detail {

/// Scene describers: each adds the scene's bodies, joints and static shapes to `scene` (whose
/// name and parameters are set, the rest default on entry) and may set its time step, gravity,
/// material and watchedBodies. The catalog (scene_catalog.cpp) documents their parameters.
void describePendulumChain(const SceneParameters& parameters, SceneDescription& scene);
void describeBoxStack(const SceneParameters& parameters, SceneDescription& scene);
void describeBoxPyramid(const SceneParameters& parameters, SceneDescription& scene);
void describeMassRatio(const SceneParameters& parameters, SceneDescription& scene);
void describeSlope(const SceneParameters& parameters, SceneDescription& scene);
void describeSphereDrop(const SceneParameters& parameters, SceneDescription& scene);
void describePushedBox(const SceneParameters& parameters, SceneDescription& scene);
void describeSpinningBox(const SceneParameters& parameters, SceneDescription& scene);
void describeSpring(const SceneParameters& parameters, SceneDescription& scene);
void describePile(const SceneParameters& parameters, SceneDescription& scene);
void describeColumns(const SceneParameters& parameters, SceneDescription& scene);
void describeGroundChain(const SceneParameters& parameters, SceneDescription& scene);

/// Adds the ground plane z = 0 (static "ground").
void addGround(SceneDescription& scene);

/// Adds a box body (uniform density) of the given size and mass at p_WB, at rest, with a Box
/// shape; returns its index.
int addBox(SceneDescription& scene,
           const std::string& name,
           const Eigen::Vector3d& size,
           double mass,
           const Eigen::Vector3d& p_WB);

/// Adds a solid sphere body of the given radius and mass at p_WB, at rest, with a Sphere shape;
/// returns its index.
int addSphere(SceneDescription& scene,
              const std::string& name,
              double radius,
              double mass,
              const Eigen::Vector3d& p_WB);

}  // namespace mlcp::dynamics::detail
