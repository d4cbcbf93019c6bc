// The pieces scene describers share: the ground plane, box and sphere bodies.

#include "scene_builders.hpp"

#include <mlcp/dynamics/mass_properties.hpp>

#include <numbers>

namespace mlcp::dynamics::detail {

namespace {

int addBody(SceneDescription& scene,
            const std::string& name,
            const MassProperties& properties,
            const Eigen::Vector3d& p_WB,
            const Shape& shape) {
  BodyDescription body;
  body.name = name;
  body.mass = properties.mass;
  body.I_Bcm_B = properties.I_Bcm_B;
  body.p_WB = p_WB;
  body.shape = shape;
  scene.bodies.push_back(std::move(body));
  return static_cast<int>(scene.bodies.size()) - 1;
}

}  // namespace

void addGround(SceneDescription& scene) {
  scene.statics.push_back({"ground", Plane{Eigen::Vector3d::UnitZ(), 0.0}});
}

int addBox(SceneDescription& scene,
           const std::string& name,
           const Eigen::Vector3d& size,
           double mass,
           const Eigen::Vector3d& p_WB) {
  return addBody(scene, name, boxMassProperties(mass / size.prod(), size), p_WB, Box{size});
}

int addSphere(SceneDescription& scene,
              const std::string& name,
              double radius,
              double mass,
              const Eigen::Vector3d& p_WB) {
  const double volume = 4.0 / 3.0 * std::numbers::pi * radius * radius * radius;
  return addBody(scene, name, sphereMassProperties(mass / volume, radius), p_WB, Sphere{radius});
}

}  // namespace mlcp::dynamics::detail
