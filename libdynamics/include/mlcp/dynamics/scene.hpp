#pragma once

#include <mlcp/dynamics/scene_description.hpp>
#include <mlcp/dynamics/scene_parameters.hpp>
#include <mlcp/dynamics/step_problem.hpp>
#include <mlcp/dynamics/world.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace mlcp::dynamics {

/// A named test world with its default time step; the same names in the tests, the command line
/// (mlcp simulate/capture/compare --scene NAME --param key=value) and the benchmarks. The world
/// is buildWorld(description): what every engine builds (docs/scenes.md).
struct Scene {
  std::string name;                ///< e.g. "box-stack"
  std::string parameters;          ///< "key=value ..." of every parameter, defaults included
  SceneDescription description;    ///< the scene as plain data (describeScene())
  World world;                     ///< bodies, joints, geometry; no solver yet
  double timeStep = 1.0 / 60.0;    ///< default h (unit: s)
  std::vector<int> watchedBodies;  ///< bodies whose drift the scene is about (e.g. the top box)
};

/// What a scene is and which parameters it takes.
struct SceneInfo {
  std::string name;                            ///< e.g. "box-stack" (for makeScene())
  std::string description;                     ///< one line, for listings
  std::vector<SceneParameterInfo> parameters;  ///< the parameters it takes, with defaults
};

/// The scenes, in documentation order: pendulum-chain, box-stack, box-pyramid, mass-ratio,
/// slope, sphere-drop, pushed-box, spinning-box, spring, pile, columns, ground-chain
/// (docs/scenes.md).
const std::vector<SceneInfo>& sceneCatalog();

/// Names of sceneCatalog().
std::vector<std::string> sceneNames();

/// Builds the scene `name` with "key=value" parameters (defaults for the others): its
/// describeScene() description and the World buildWorld() makes of it.
/// @throws std::invalid_argument for an unknown scene (listing the names) or bad parameters
Scene makeScene(std::string_view name, const std::vector<std::string>& assignments = {});

/// The MLCP the scene's world assembles from its state after `step` steps (step 0: the initial
/// state), i.e. the problem the (step+1)-th step solves. Steps with `solver` and time step h
/// (the scene's default when h <= 0); problem.name is "NAME key=value ... step K".
/// @throws std::invalid_argument for step < 0 and as makeScene; std::runtime_error as World::step
StepProblem sceneStepProblem(Scene& scene, int step, MixedLCP& solver, double h = 0.0);

}  // namespace mlcp::dynamics
