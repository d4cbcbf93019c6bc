// Scenes made of joints: pendulum-chain (ball joints) and spring (docs/dynamics.md, "ERP, CFM and
// springs").

#include "scene_builders.hpp"

#include <mlcp/dynamics/axis_joint.hpp>
#include <mlcp/dynamics/ball_joint.hpp>

#include <fmt/format.h>

namespace mlcp::dynamics::detail {

void buildPendulumChain(const SceneParameters& parameters, Scene& scene) {
  const int count = parameters.integer("count", 1, 10000);
  const double length = parameters.positive("length");
  const double thickness = parameters.positive("thickness");
  const double mass = parameters.positive("mass");
  const GyroscopicMode mode = gyroscopicModeFromString(parameters.text("gyroscopic"));
  World& world = scene.world;
  const Eigen::Vector3d size(length, thickness, thickness);
  for (int i = 0; i < count; ++i) {
    Body link =
        Body::withMass(fmt::format("link{}", i), boxMassProperties(mass / size.prod(), size),
                       Eigen::Vector3d((i + 0.5) * length, 0.0, 0.0));
    link.gyroscopicMode = mode;
    const int body = world.addBody(link);
    world.emplaceConstraint<BallJoint>(body - 1, body, Eigen::Vector3d(i * length, 0.0, 0.0));
  }
  scene.watchedBodies = {count - 1};
}

void buildSpring(const SceneParameters& parameters, Scene& scene) {
  const double mass = parameters.positive("mass");
  const double x0 = parameters.number("x0");
  World& world = scene.world;
  world.setGravity(Eigen::Vector3d::Zero());
  MassProperties properties;
  properties.mass = mass;
  properties.I_Bcm_B = Eigen::Matrix3d::Identity() * mass;
  const int body = world.addBody(Body::withMass("mass", properties, Eigen::Vector3d(x0, 0.0, 0.0)));
  auto& spring = world.emplaceConstraint<AxisJoint>(-1, body, Eigen::Vector3d::Zero(),
                                                    Eigen::Vector3d::UnitX());
  spring.setName("spring");
  const bool hasKp = !parameters.text("kp").empty();
  const bool hasKd = !parameters.text("kd").empty();
  if (hasKp != hasKd) throw std::invalid_argument("scene spring: give both kp and kd, or neither");
  spring.setSoftness(
      hasKp ? RowSoftness::fromSpring(parameters.number("kp"), parameters.number("kd"))
            : RowSoftness::fromErpCfm(parameters.number("erp"), parameters.number("cfm")));
  scene.watchedBodies = {body};
}

}  // namespace mlcp::dynamics::detail
