// spinning-box: docs/dynamics.md, "Gyroscopic modes" free rotation of an 80 kg box 1 x 0.4 x 0.2 m.

#include "scene_builders.hpp"

namespace mlcp::dynamics::detail {

void buildSpinningBox(const SceneParameters& parameters, Scene& scene) {
  const Eigen::Vector3d size(parameters.positive("lx"), parameters.positive("ly"),
                             parameters.positive("lz"));
  const double density = parameters.positive("density");
  World& world = scene.world;
  world.setGravity(Eigen::Vector3d::Zero());
  Body box = Body::withMass("box", boxMassProperties(density, size), Eigen::Vector3d::Zero());
  box.w_WB =
      Eigen::Vector3d(parameters.number("wx"), parameters.number("wy"), parameters.number("wz"));
  box.gyroscopicMode = gyroscopicModeFromString(parameters.text("gyroscopic"));
  scene.watchedBodies = {world.addBody(box)};
}

}  // namespace mlcp::dynamics::detail
