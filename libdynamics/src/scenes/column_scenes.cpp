// Scenes of many small independent groups resting on the ground, for solver tests and
// benchmarks: columns (stacks on a grid) and ground-chain (a jointed row of links).

#include "scene_builders.hpp"

#include <mlcp/dynamics/collision_detector.hpp>

#include <fmt/format.h>

#include <random>
#include <stdexcept>

namespace mlcp::dynamics::detail {

namespace {

/// What columns and ground-chain share: the shape of their bodies, their sizes, masses and the
/// random horizontal speeds.
struct GroupBodies {
  std::string shape;  ///< "box" or "sphere"
  double size = 1.0;  ///< cube edge or sphere diameter (unit: m)
  double mass = 1.0;  ///< (unit: kg)
  double slide = 0.0;
  std::mt19937_64 random;

  explicit GroupBodies(const SceneParameters& parameters)
      : shape(parameters.text("shape")),
        size(parameters.positive("size")),
        mass(parameters.positive("mass")),
        slide(parameters.number("slide")),
        random(static_cast<std::uint64_t>(parameters.integer("seed", 0, 1 << 30))) {
    if (shape != "box" && shape != "sphere")
      throw std::invalid_argument(fmt::format("shape = '{}' must be box or sphere", shape));
    if (slide < 0.0) throw std::invalid_argument("slide must be >= 0 m/s");
  }

  /// Adds a body of `massRatio` * mass at p_WB, its shape resting on whatever is below, moving
  /// horizontally at speeds drawn uniformly from [-slide, slide].
  int add(SceneDescription& scene,
          const std::string& name,
          double massRatio,
          const Eigen::Vector3d& p_WB) {
    const int body = shape == "box" ? addBox(scene, name, Eigen::Vector3d::Constant(size),
                                             massRatio * mass, p_WB)
                                    : addSphere(scene, name, 0.5 * size, massRatio * mass, p_WB);
    std::uniform_real_distribution<double> speed(-slide, slide);
    const double vx = speed(random);
    scene.bodies[static_cast<size_t>(body)].v_WB = Eigen::Vector3d(vx, speed(random), 0.0);
    return body;
  }
};

void describeWorld(const SceneParameters& parameters, SceneDescription& scene) {
  scene.material.mu = parameters.number("mu");
  scene.cfm = parameters.number("cfm");
  if (!(scene.cfm >= 0.0)) throw std::invalid_argument("cfm must be >= 0");
  addGround(scene);
}

}  // namespace

void describeColumns(const SceneParameters& parameters, SceneDescription& scene) {
  const int nx = parameters.integer("nx", 1, 10000);
  const int ny = parameters.integer("ny", 1, 10000);
  const int layers = parameters.integer("layers", 1, 10000);
  const double ratio = parameters.positive("ratio");
  GroupBodies bodies(parameters);
  if (bodies.shape == "box" && layers > 1 && !hasOdeCollision())
    throw std::invalid_argument(
        "shape=box with layers > 1 needs box/box collision (build with ODE)");
  describeWorld(parameters, scene);
  const double pitch = 2.0 * bodies.size;  // columns one size apart: no contact between them
  for (int ix = 0; ix < nx; ++ix)
    for (int iy = 0; iy < ny; ++iy)
      for (int layer = 0; layer < layers; ++layer)
        bodies.add(scene, fmt::format("c{}_{}_{}", ix, iy, layer),
                   layer + 1 == layers ? ratio : 1.0,
                   Eigen::Vector3d(ix * pitch, iy * pitch, (layer + 0.5) * bodies.size));
  scene.watchedBodies = {static_cast<int>(scene.bodies.size()) - 1};
}

void describeGroundChain(const SceneParameters& parameters, SceneDescription& scene) {
  const int links = parameters.integer("links", 1, 100000);
  const double ratio = parameters.positive("ratio");
  GroupBodies bodies(parameters);
  describeWorld(parameters, scene);
  for (int i = 0; i < links; ++i) {
    const double x = (i + 0.5) * bodies.size;
    bodies.add(scene, fmt::format("link{}", i), i + 1 == links ? ratio : 1.0,
               Eigen::Vector3d(x, 0.0, 0.5 * bodies.size));
    if (i == 0) continue;
    JointDescription ball;
    ball.name = fmt::format("ball{}", i);
    ball.body0 = i - 1;
    ball.body1 = i;
    ball.anchor_W = Eigen::Vector3d(i * bodies.size, 0.0, 0.5 * bodies.size);
    scene.joints.push_back(ball);
  }
  scene.watchedBodies = {links - 1};
}

}  // namespace mlcp::dynamics::detail
