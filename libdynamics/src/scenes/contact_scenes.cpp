// Contact scenes: slope (a box on an inclined plane), sphere-drop, pushed-box and pile (many
// bodies in a walled bin).

#include "scene_builders.hpp"

#include <mlcp/dynamics/collision_detector.hpp>

#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>

namespace mlcp::dynamics::detail {

void describeSlope(const SceneParameters& parameters, SceneDescription& scene) {
  const double angle = parameters.number("angle") * std::numbers::pi / 180.0;
  if (!(angle >= 0.0 && angle < 0.5 * std::numbers::pi))
    throw std::invalid_argument("angle must be in [0, 90) degrees");
  const double size = parameters.positive("size");
  const double mass = parameters.positive("mass");
  scene.material.mu = parameters.number("mu");
  // Plane through the origin tilted about y: normal n = R_y(angle) z, downhill (cos a, 0, -sin a).
  const Eigen::Quaterniond q_WB(Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitY()));
  const Eigen::Vector3d n = q_WB * Eigen::Vector3d::UnitZ();
  scene.statics.push_back({"slope", Plane{n, 0.0}});
  const int box = addBox(scene, "box", Eigen::Vector3d::Constant(size), mass, 0.5 * size * n);
  scene.bodies[static_cast<size_t>(box)].q_WB = q_WB;
  scene.watchedBodies = {box};
}

void describeSphereDrop(const SceneParameters& parameters, SceneDescription& scene) {
  const double radius = parameters.positive("radius");
  const double mass = parameters.positive("mass");
  const double height = parameters.number("height");
  if (!(height >= 0.0)) throw std::invalid_argument("height must be >= 0 m");
  scene.material.mu = parameters.number("mu");
  addGround(scene);
  scene.watchedBodies = {
      addSphere(scene, "sphere", radius, mass, Eigen::Vector3d(0.0, 0.0, height + radius))};
}

void describePushedBox(const SceneParameters& parameters, SceneDescription& scene) {
  const double size = parameters.positive("size");
  const double mass = parameters.positive("mass");
  scene.material.mu = parameters.number("mu");
  addGround(scene);
  const int box = addBox(scene, "box", Eigen::Vector3d::Constant(size), mass,
                         Eigen::Vector3d(0.0, 0.0, 0.5 * size));
  BodyDescription& body = scene.bodies[static_cast<size_t>(box)];
  body.f_B_W = Eigen::Vector3d(parameters.number("force"), 0.0, 0.0);
  body.v_WB = Eigen::Vector3d(parameters.number("v0"), 0.0, 0.0);
  scene.watchedBodies = {box};
}

void describePile(const SceneParameters& parameters, SceneDescription& scene) {
  const int count = parameters.integer("count", 1, 1000000);
  const double radius = parameters.positive("radius");
  const double mass = parameters.positive("mass");
  const std::string shape = parameters.text("shape");
  if (shape != "sphere" && shape != "box")
    throw std::invalid_argument(fmt::format("shape = '{}' must be sphere or box", shape));
  if (shape == "box" && !hasOdeCollision())
    throw std::invalid_argument("shape=box needs box/box collision (build with ODE)");
  const int seed = parameters.integer("seed", 0, 1 << 30);
  scene.material.mu = parameters.number("mu");

  // Bodies on a k x k grid per layer (about ten layers), jittered, in a bin of walls.
  const int k = std::max(1, static_cast<int>(std::ceil(std::sqrt(count / 10.0))));
  const double pitch = 2.5 * radius;
  const double half = 0.5 * k * pitch;
  addGround(scene);
  const Eigen::Vector3d inward[4] = {Eigen::Vector3d::UnitX(), -Eigen::Vector3d::UnitX(),
                                     Eigen::Vector3d::UnitY(), -Eigen::Vector3d::UnitY()};
  for (int w = 0; w < 4; ++w)
    scene.statics.push_back({fmt::format("wall{}", w), Plane{inward[w], -half}});
  std::mt19937 random(static_cast<std::mt19937::result_type>(seed));
  std::uniform_real_distribution<double> jitter(-0.1 * radius, 0.1 * radius);
  int last = -1;
  for (int i = 0; i < count; ++i) {
    const int layer = i / (k * k), cell = i % (k * k);
    const Eigen::Vector3d p((cell % k + 0.5) * pitch - half + jitter(random),
                            (cell / k + 0.5) * pitch - half + jitter(random),
                            radius + 0.05 * radius + layer * pitch);
    const std::string name = fmt::format("{}{}", shape, i);
    last = shape == "sphere"
               ? addSphere(scene, name, radius, mass, p)
               : addBox(scene, name, Eigen::Vector3d::Constant(2.0 * radius), mass, p);
  }
  scene.watchedBodies = {last};
}

}  // namespace mlcp::dynamics::detail
