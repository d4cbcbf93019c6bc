#include "scenes/scene_builders.hpp"

#include <mlcp/dynamics/build_world.hpp>
#include <mlcp/dynamics/scene.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <functional>
#include <stdexcept>

namespace mlcp::dynamics {

namespace {

using Describer = std::function<void(const SceneParameters&, SceneDescription&)>;

struct CatalogEntry {
  SceneInfo info;
  Describer describe;
};

const std::vector<CatalogEntry>& catalog() {
  static const std::vector<CatalogEntry> entries = {
      {{"pendulum-chain",
        "count box links (length x thickness x thickness) joined end to end by ball joints, the "
        "first to the world at the origin; starts horizontal along +x at rest under gravity; no "
        "contacts",
        {{"count", "5", "number of links"},
         {"length", "1", "link length (m)"},
         {"thickness", "0.1", "link cross-section edge (m)"},
         {"mass", "1", "mass of each link (kg)"},
         {"gyroscopic", "implicit", "gyroscopic mode of the links: none, explicit or implicit"}}},
       detail::describePendulumChain},
      {{"box-stack",
        "count cubes stacked on the ground plane z = 0, exactly touching, at rest under gravity; "
        "the top box is watched for drift",
        {{"count", "10", "number of boxes"},
         {"size", "1", "box edge (m)"},
         {"mass", "1", "mass of each box (kg)"},
         {"mu", "0.5", "friction coefficient of every contact"}}},
       detail::describeBoxStack},
      {{"box-pyramid",
        "a two-dimensional pyramid of cubes on the ground: rows boxes at the bottom, one fewer per "
        "row above, each row centred over the one below",
        {{"rows", "5", "boxes in the bottom row (rows (rows + 1) / 2 boxes in all)"},
         {"size", "1", "box edge (m)"},
         {"mass", "1", "mass of each box (kg)"},
         {"spacing", "0.01", "gap between neighbours in a row (m)"},
         {"mu", "0.5", "friction coefficient of every contact"}}},
       detail::describeBoxPyramid},
      {{"mass-ratio",
        "a heavy 3 x 1 x 0.5 m plank of ratio * mass kg resting on two light unit cubes of mass kg "
        "2 m apart on the ground; ratio 100 and 1000 are the classic hard cases",
        {{"ratio", "100", "plank mass / cube mass"},
         {"mass", "1", "mass of each light cube (kg)"},
         {"mu", "0.5", "friction coefficient of every contact"}}},
       detail::describeMassRatio},
      {{"slope",
        "a cube resting on a plane through the origin tilted by angle about y; it sticks when "
        "tan(angle) < mu and slides downhill along (cos a, 0, -sin a) when tan(angle) > mu",
        {{"angle", "20", "inclination (degrees), in [0, 90)"},
         {"mu", "0.5", "friction coefficient (default: sticks, tan 20 deg = 0.36 < 0.5)"},
         {"size", "1", "box edge (m)"},
         {"mass", "1", "box mass (kg)"}}},
       detail::describeSlope},
      {{"sphere-drop",
        "a solid sphere dropped from rest with its lowest point height above the ground plane "
        "z = 0; it lands at t = sqrt(2 height / g) and comes to rest on the plane",
        {{"radius", "0.5", "sphere radius (m)"},
         {"mass", "1", "sphere mass (kg)"},
         {"height", "1", "initial height of the sphere's lowest point above the ground (m)"},
         {"mu", "0.5", "friction coefficient of the contact"}}},
       detail::describeSphereDrop},
      {{"pushed-box",
        "a cube resting on the ground plane z = 0, pushed along +x by a constant force at its "
        "CM; with force > mu mass g it accelerates at (force - mu mass g) / mass; with mu = 0 and "
        "force = 0 it slides at v0 forever",
        {{"size", "1", "box edge (m)"},
         {"mass", "1", "box mass (kg)"},
         {"mu", "0.5", "friction coefficient of the contact"},
         {"force", "10", "constant force along +x at the CM (N)"},
         {"v0", "0", "initial velocity along +x (m/s)"}}},
       detail::describePushedBox},
      {{"spinning-box",
        "a free box (80 kg, 1 x 0.4 x 0.2 m, I0 ~ diag(1.33, 6.93, 7.73) kg m^2) "
        "spinning "
        "at w0 = (1, 2, 3) rad/s without gravity; explicit gyroscopic torques gain energy, "
        "implicit "
        "ones never do, none keeps w",
        {{"gyroscopic", "implicit", "none, explicit or implicit"},
         {"wx", "1", "initial angular velocity x (rad/s)"},
         {"wy", "2", "initial angular velocity y (rad/s)"},
         {"wz", "3", "initial angular velocity z (rad/s)"},
         {"density", "1000", "box density (kg/m^3)"},
         {"lx", "1", "box size x (m)"},
         {"ly", "0.4", "box size y (m)"},
         {"lz", "0.2", "box size z (m)"}}},
       detail::describeSpinningBox},
      {{"spring",
        "a unit mass at x = x0, at rest, gravity off, held to the origin along x by one "
        "constraint row of the given ERP and CFM (or spring gains kp, kd); one step of h = 1/60 "
        "gives F = -719.568 N, v = -11.992804 m/s, x = 0.8001199 m",
        {{"mass", "1", "mass (kg)"},
         {"x0", "1", "initial displacement (m)"},
         {"erp", "0.2", "ERP of the row"},
         {"cfm", "1e-5", "CFM of the row (s/kg)"},
         {"kp", "", "spring stiffness (N/m); with kd, replaces erp and cfm"},
         {"kd", "", "spring damping (N s/m); with kp, replaces erp and cfm"}}},
       detail::describeSpring},
      {{"pile",
        "count spheres (or cubes of edge 2 radius) dropped in about ten jittered layers into a "
        "square bin of four wall planes on the ground; a scale test for matrix-free solvers "
        "(dense assembly grows as n^2)",
        {{"count", "1000", "number of bodies"},
         {"radius", "0.1", "sphere radius, half the cube edge (m)"},
         {"mass", "1", "mass of each body (kg)"},
         {"shape", "sphere", "sphere or box (box needs ODE collision)"},
         {"mu", "0.5", "friction coefficient of every contact"},
         {"seed", "1", "seed of the position jitter"}}},
       detail::describePile},
      {{"columns",
        "nx x ny columns of layers bodies each (cubes, or spheres for one contact per touching "
        "pair) resting on the ground, one size apart so that columns never touch (independent "
        "islands, rows growing linearly with the bodies); the top body of each column weighs "
        "ratio * mass; bodies slide horizontally at random speeds. Problems for solver tests and "
        "benchmarks (factor form: StepProblem::problem)",
        {{"nx", "2", "columns along x"},
         {"ny", "2", "columns along y"},
         {"layers", "3", "bodies per column"},
         {"shape", "box",
          "box (cubes of edge size) or sphere (of diameter size; one contact per touching pair)"},
         {"size", "1", "cube edge or sphere diameter (m)"},
         {"mass", "1", "mass of each body (kg)"},
         {"ratio", "1", "mass of each column's top body / mass (heavy on light)"},
         {"mu", "0.5", "friction coefficient of every contact"},
         {"slide", "0.1", "horizontal speeds drawn uniformly from [-slide, slide] (m/s)"},
         {"seed", "1", "seed of the speeds (std::mt19937_64)"},
         {"cfm", "1e-5", "the world's CFM (s/kg)"}}},
       detail::describeColumns},
      {{"ground-chain",
        "links bodies in a row along x lying on the ground, neighbours joined by a ball joint at "
        "the centre of their shared face (3 unbounded rows each, before the contact rows); the "
        "last link weighs ratio * mass; links slide horizontally at random speeds",
        {{"links", "10", "number of links"},
         {"shape", "box",
          "box (cubes of edge size) or sphere (of diameter size; one contact per touching pair)"},
         {"size", "1", "cube edge or sphere diameter (m)"},
         {"mass", "1", "mass of each body (kg)"},
         {"ratio", "1", "mass of the last link / mass"},
         {"mu", "0.5", "friction coefficient of every contact"},
         {"slide", "0.1", "horizontal speeds drawn uniformly from [-slide, slide] (m/s)"},
         {"seed", "1", "seed of the speeds (std::mt19937_64)"},
         {"cfm", "1e-5", "the world's CFM (s/kg)"}}},
       detail::describeGroundChain},
  };
  return entries;
}

}  // namespace

const std::vector<SceneInfo>& sceneCatalog() {
  static const std::vector<SceneInfo> infos = [] {
    std::vector<SceneInfo> result;
    for (const CatalogEntry& entry : catalog()) result.push_back(entry.info);
    return result;
  }();
  return infos;
}

std::vector<std::string> sceneNames() {
  std::vector<std::string> names;
  for (const CatalogEntry& entry : catalog()) names.push_back(entry.info.name);
  return names;
}

SceneDescription describeScene(std::string_view name, const std::vector<std::string>& assignments) {
  for (const CatalogEntry& entry : catalog()) {
    if (entry.info.name != name) continue;
    SceneDescription scene;
    scene.name = entry.info.name;
    try {
      const SceneParameters parameters(entry.info.parameters, assignments);
      scene.parameters = parameters.summary();
      entry.describe(parameters, scene);
    } catch (const std::invalid_argument& error) {
      throw std::invalid_argument(fmt::format("scene '{}': {}", scene.name, error.what()));
    }
    scene.validate();
    return scene;
  }
  throw std::invalid_argument(
      fmt::format("unknown scene '{}'; known scenes: {}", name, fmt::join(sceneNames(), ", ")));
}

Scene makeScene(std::string_view name, const std::vector<std::string>& assignments) {
  Scene scene;
  scene.description = describeScene(name, assignments);
  scene.name = scene.description.name;
  scene.parameters = scene.description.parameters;
  scene.world = buildWorld(scene.description);
  scene.timeStep = scene.description.timeStep;
  scene.watchedBodies = scene.description.watchedBodies;
  return scene;
}

}  // namespace mlcp::dynamics
