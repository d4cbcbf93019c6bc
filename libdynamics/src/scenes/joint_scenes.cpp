// Scenes made of joints: pendulum-chain (ball joints) and spring (docs/dynamics.md, "ERP, CFM and
// springs").

#include "scene_builders.hpp"

#include <mlcp/dynamics/mass_properties.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp::dynamics::detail {

void describePendulumChain(const SceneParameters& parameters, SceneDescription& scene) {
  const int count = parameters.integer("count", 1, 10000);
  const double length = parameters.positive("length");
  const double thickness = parameters.positive("thickness");
  const double mass = parameters.positive("mass");
  const GyroscopicMode mode = gyroscopicModeFromString(parameters.text("gyroscopic"));
  const Eigen::Vector3d size(length, thickness, thickness);
  const MassProperties properties = boxMassProperties(mass / size.prod(), size);
  for (int i = 0; i < count; ++i) {
    BodyDescription link;
    link.name = fmt::format("link{}", i);
    link.mass = properties.mass;
    link.I_Bcm_B = properties.I_Bcm_B;
    link.p_WB = Eigen::Vector3d((i + 0.5) * length, 0.0, 0.0);
    link.gyroscopicMode = mode;
    scene.bodies.push_back(std::move(link));
    JointDescription ball;
    ball.kind = JointKind::Ball;
    ball.body0 = i - 1;
    ball.body1 = i;
    ball.anchor_W = Eigen::Vector3d(i * length, 0.0, 0.0);
    scene.joints.push_back(ball);
  }
  scene.watchedBodies = {count - 1};
}

void describeSpring(const SceneParameters& parameters, SceneDescription& scene) {
  const double mass = parameters.positive("mass");
  scene.gravity_W = Eigen::Vector3d::Zero();
  BodyDescription body;
  body.name = "mass";
  body.mass = mass;
  body.I_Bcm_B = Eigen::Matrix3d::Identity() * mass;
  body.p_WB = Eigen::Vector3d(parameters.number("x0"), 0.0, 0.0);
  scene.bodies.push_back(std::move(body));
  JointDescription spring;
  spring.name = "spring";
  spring.kind = JointKind::Axis;
  spring.body0 = -1;
  spring.body1 = 0;
  spring.axis_W = Eigen::Vector3d::UnitX();
  const bool hasKp = !parameters.text("kp").empty();
  const bool hasKd = !parameters.text("kd").empty();
  if (hasKp != hasKd) throw std::invalid_argument("give both kp and kd, or neither");
  spring.softness =
      hasKp ? RowSoftness::fromSpring(parameters.number("kp"), parameters.number("kd"))
            : RowSoftness::fromErpCfm(parameters.number("erp"), parameters.number("cfm"));
  scene.joints.push_back(spring);
  scene.watchedBodies = {0};
}

}  // namespace mlcp::dynamics::detail
