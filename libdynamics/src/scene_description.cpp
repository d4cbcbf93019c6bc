// SceneDescription::validate: every field of a scene checked before an engine builds it.

#include "detail/body_from_description.hpp"

#include <mlcp/dynamics/scene_description.hpp>

#include <fmt/format.h>

#include <cmath>
#include <set>
#include <stdexcept>

namespace mlcp::dynamics {

namespace {

/// Throws std::invalid_argument "scene '<name>': <what>".
[[noreturn]] void fail(const SceneDescription& scene, const std::string& what) {
  throw std::invalid_argument(fmt::format("scene '{}': {}", scene.name, what));
}

/// Runs `check`, prefixing the message of the std::invalid_argument it throws with the scene.
template <class Check>
void within(const SceneDescription& scene, Check check) {
  try {
    check();
  } catch (const std::invalid_argument& error) {
    fail(scene, error.what());
  }
}

void validateBody(const SceneDescription& scene, size_t index) {
  const BodyDescription& description = scene.bodies[index];
  if (description.name.empty()) fail(scene, fmt::format("body {} has no name", index));
  within(scene, [&] {
    detail::bodyFromDescription(description).validate();
    if (!description.shape) return;
    if (std::holds_alternative<Plane>(*description.shape))
      throw std::invalid_argument(
          fmt::format("body '{}': a plane is static only (StaticDescription)", description.name));
    Geometry geometry;
    geometry.name = description.name;
    geometry.shape = *description.shape;
    geometry.body = 0;
    geometry.validate(1);
  });
}

void validateStatic(const SceneDescription& scene, const StaticDescription& fixed) {
  if (fixed.name.empty()) fail(scene, "a static shape has no name");
  if (std::holds_alternative<Sphere>(fixed.shape) || std::holds_alternative<Capsule>(fixed.shape))
    fail(scene, fmt::format("static '{}': {} is not a static shape (a plane or a box)", fixed.name,
                            shapeName(fixed.shape)));
  within(scene, [&] {
    Geometry geometry;
    geometry.name = fixed.name;
    geometry.shape = fixed.shape;
    geometry.p_BG = fixed.p_WG;
    geometry.q_BG = fixed.q_WG;
    geometry.validate(0);
  });
}

void validateJoint(const SceneDescription& scene, size_t index) {
  const JointDescription& joint = scene.joints[index];
  const std::string label =
      joint.name.empty() ? fmt::format("joint {}", index) : fmt::format("joint '{}'", joint.name);
  const int bodies = static_cast<int>(scene.bodies.size());
  if (joint.body0 < -1 || joint.body0 >= bodies)
    fail(scene, fmt::format("{}: body0 = {} is outside -1 .. {}", label, joint.body0, bodies - 1));
  if (joint.body1 < 0 || joint.body1 >= bodies)
    fail(scene, fmt::format("{}: body1 = {} is outside 0 .. {}", label, joint.body1, bodies - 1));
  if (joint.body0 == joint.body1)
    fail(scene, fmt::format("{}: body0 and body1 are the same body {}", label, joint.body1));
  if (!joint.anchor_W.allFinite()) fail(scene, fmt::format("{}: anchor_W is not finite", label));
  if (joint.kind == JointKind::Axis &&
      (!joint.axis_W.allFinite() || std::abs(joint.axis_W.norm() - 1.0) > 1e-9))
    fail(scene, fmt::format("{}: axis_W must be a finite unit vector", label));
  within(scene, [&] { joint.softness.validate(); });
}

void validateWorld(const SceneDescription& scene) {
  if (scene.name.empty()) throw std::invalid_argument("scene description: name is empty");
  if (!scene.gravity_W.allFinite()) fail(scene, "gravity_W is not finite");
  if (!(scene.timeStep > 0.0) || !std::isfinite(scene.timeStep))
    fail(scene, fmt::format("time step h = {} must be finite and > 0 s", scene.timeStep));
  if (!(scene.erp >= 0.0 && scene.erp <= 1.0))
    fail(scene, fmt::format("ERP = {} must be in [0, 1]", scene.erp));
  if (!(scene.cfm >= 0.0) || !std::isfinite(scene.cfm))
    fail(scene, fmt::format("CFM = {} must be finite and >= 0", scene.cfm));
  within(scene, [&] { scene.material.validate(); });
}

}  // namespace

void SceneDescription::validate() const {
  validateWorld(*this);
  std::set<std::string, std::less<>> names;
  for (size_t i = 0; i < bodies.size(); ++i) {
    validateBody(*this, i);
    if (!names.insert(bodies[i].name).second)
      fail(*this, fmt::format("body name '{}' is used twice", bodies[i].name));
  }
  for (const StaticDescription& fixed : statics) validateStatic(*this, fixed);
  for (size_t i = 0; i < joints.size(); ++i) validateJoint(*this, i);
  for (const int watched : watchedBodies)
    if (watched < 0 || watched >= static_cast<int>(bodies.size()))
      fail(*this, fmt::format("watched body {} is outside 0 .. {}", watched, bodies.size() - 1));
}

}  // namespace mlcp::dynamics
