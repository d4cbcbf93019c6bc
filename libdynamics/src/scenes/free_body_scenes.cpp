// spinning-box: docs/dynamics.md, "Gyroscopic modes" free rotation of an 80 kg box 1 x 0.4 x 0.2 m.

#include "scene_builders.hpp"

#include <mlcp/dynamics/mass_properties.hpp>

namespace mlcp::dynamics::detail {

void describeSpinningBox(const SceneParameters& parameters, SceneDescription& scene) {
  const Eigen::Vector3d size(parameters.positive("lx"), parameters.positive("ly"),
                             parameters.positive("lz"));
  const MassProperties properties = boxMassProperties(parameters.positive("density"), size);
  scene.gravity_W = Eigen::Vector3d::Zero();
  BodyDescription box;
  box.name = "box";
  box.mass = properties.mass;
  box.I_Bcm_B = properties.I_Bcm_B;
  box.w_WB =
      Eigen::Vector3d(parameters.number("wx"), parameters.number("wy"), parameters.number("wz"));
  box.gyroscopicMode = gyroscopicModeFromString(parameters.text("gyroscopic"));
  scene.bodies.push_back(std::move(box));
  scene.watchedBodies = {0};
}

}  // namespace mlcp::dynamics::detail
