#pragma once

#include "simulate_arguments.hpp"

namespace mlcp::app {

/// `mlcp simulate --engine E` for an engine other than libdynamics: describes the scene
/// (dynamics::describeScene, --dt overriding its h), builds it in the engine (SimulationEngine),
/// steps it, writes the trajectory CSV (kTrajectoryCsvHeader, the same columns as libdynamics')
/// and prints the scene, the engine's solver, the last step's contacts and the watched bodies'
/// displacement. Every error in the input (scene, parameters, engine not available, a solver
/// the engine does not take, an element it cannot build, --stats) is raised before any file is
/// created. A run cut short (a non-finite state, an engine error, SIGINT or SIGTERM) keeps the
/// completed steps, as libdynamics' does (docs/cli.md, "Runs cut short").
/// @return 0, or RunStop::exitCode() of a run cut short
/// @throws std::invalid_argument for bad input; std::runtime_error when a file cannot be written
int simulateWithEngine(const SimulateArguments& args);

}  // namespace mlcp::app
