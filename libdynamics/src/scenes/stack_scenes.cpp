// Scenes of boxes resting on the ground: box-stack, box-pyramid, mass-ratio.

#include "scene_builders.hpp"

#include <fmt/format.h>

namespace mlcp::dynamics::detail {

int addGround(World& world) {
  Geometry ground;
  ground.name = "ground";
  ground.shape = Plane{Eigen::Vector3d::UnitZ(), 0.0};
  return world.addGeometry(ground);
}

int addBox(World& world,
           const std::string& name,
           const Eigen::Vector3d& size,
           double mass,
           const Eigen::Vector3d& p_WB) {
  const int body =
      world.addBody(Body::withMass(name, boxMassProperties(mass / size.prod(), size), p_WB));
  Geometry geometry;
  geometry.shape = Box{size};
  geometry.body = body;
  world.addGeometry(geometry);
  return body;
}

namespace {

void setFriction(World& world, double mu) {
  ContactMaterial material = world.defaultContactMaterial();
  material.mu = mu;
  world.setDefaultContactMaterial(material);
}

}  // namespace

void buildBoxStack(const SceneParameters& parameters, Scene& scene) {
  const int count = parameters.integer("count", 1, 1000);
  const double size = parameters.positive("size");
  const double mass = parameters.positive("mass");
  setFriction(scene.world, parameters.number("mu"));
  addGround(scene.world);
  int top = -1;
  for (int i = 0; i < count; ++i)
    top = addBox(scene.world, fmt::format("box{}", i), Eigen::Vector3d::Constant(size), mass,
                 Eigen::Vector3d(0.0, 0.0, (i + 0.5) * size));
  scene.watchedBodies = {top};
}

void buildBoxPyramid(const SceneParameters& parameters, Scene& scene) {
  const int rows = parameters.integer("rows", 1, 100);
  const double size = parameters.positive("size");
  const double mass = parameters.positive("mass");
  const double spacing = parameters.number("spacing");
  if (spacing < 0.0) throw std::invalid_argument("scene parameter spacing must be >= 0");
  setFriction(scene.world, parameters.number("mu"));
  addGround(scene.world);
  const double pitch = size + spacing;
  int top = -1;
  for (int row = 0; row < rows; ++row) {
    const int inRow = rows - row;
    for (int i = 0; i < inRow; ++i) {
      const double x = (i - 0.5 * (inRow - 1)) * pitch;
      top = addBox(scene.world, fmt::format("box{}_{}", row, i), Eigen::Vector3d::Constant(size),
                   mass, Eigen::Vector3d(x, 0.0, (row + 0.5) * size));
    }
  }
  scene.watchedBodies = {top};
}

void buildMassRatio(const SceneParameters& parameters, Scene& scene) {
  const double ratio = parameters.positive("ratio");
  const double mass = parameters.positive("mass");
  setFriction(scene.world, parameters.number("mu"));
  addGround(scene.world);
  const Eigen::Vector3d cube = Eigen::Vector3d::Ones();
  addBox(scene.world, "light0", cube, mass, Eigen::Vector3d(-1.0, 0.0, 0.5));
  addBox(scene.world, "light1", cube, mass, Eigen::Vector3d(1.0, 0.0, 0.5));
  const int heavy = addBox(scene.world, "heavy", Eigen::Vector3d(3.0, 1.0, 0.5), ratio * mass,
                           Eigen::Vector3d(0.0, 0.0, 1.25));
  scene.watchedBodies = {heavy};
}

}  // namespace mlcp::dynamics::detail
