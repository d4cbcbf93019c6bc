// Scenes of boxes resting on the ground: box-stack, box-pyramid, mass-ratio.

#include "scene_builders.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp::dynamics::detail {

void describeBoxStack(const SceneParameters& parameters, SceneDescription& scene) {
  const int count = parameters.integer("count", 1, 1000);
  const double size = parameters.positive("size");
  const double mass = parameters.positive("mass");
  scene.material.mu = parameters.number("mu");
  addGround(scene);
  int top = -1;
  for (int i = 0; i < count; ++i)
    top = addBox(scene, fmt::format("box{}", i), Eigen::Vector3d::Constant(size), mass,
                 Eigen::Vector3d(0.0, 0.0, (i + 0.5) * size));
  scene.watchedBodies = {top};
}

void describeBoxPyramid(const SceneParameters& parameters, SceneDescription& scene) {
  const int rows = parameters.integer("rows", 1, 100);
  const double size = parameters.positive("size");
  const double mass = parameters.positive("mass");
  const double spacing = parameters.number("spacing");
  if (spacing < 0.0) throw std::invalid_argument("scene parameter spacing must be >= 0");
  scene.material.mu = parameters.number("mu");
  addGround(scene);
  const double pitch = size + spacing;
  int top = -1;
  for (int row = 0; row < rows; ++row) {
    const int inRow = rows - row;
    for (int i = 0; i < inRow; ++i) {
      const double x = (i - 0.5 * (inRow - 1)) * pitch;
      top = addBox(scene, fmt::format("box{}_{}", row, i), Eigen::Vector3d::Constant(size), mass,
                   Eigen::Vector3d(x, 0.0, (row + 0.5) * size));
    }
  }
  scene.watchedBodies = {top};
}

void describeMassRatio(const SceneParameters& parameters, SceneDescription& scene) {
  const double ratio = parameters.positive("ratio");
  const double mass = parameters.positive("mass");
  scene.material.mu = parameters.number("mu");
  addGround(scene);
  const Eigen::Vector3d cube = Eigen::Vector3d::Ones();
  addBox(scene, "light0", cube, mass, Eigen::Vector3d(-1.0, 0.0, 0.5));
  addBox(scene, "light1", cube, mass, Eigen::Vector3d(1.0, 0.0, 0.5));
  const int heavy = addBox(scene, "heavy", Eigen::Vector3d(3.0, 1.0, 0.5), ratio * mass,
                           Eigen::Vector3d(0.0, 0.0, 1.25));
  scene.watchedBodies = {heavy};
}

}  // namespace mlcp::dynamics::detail
