#pragma once

#include "scene_source.hpp"

#include <mlcp/core/solver_factory.hpp>

#include <string>

namespace mlcp::app {

/// The options of `mlcp simulate` (docs/cli.md, "`mlcp simulate`").
struct SimulateArguments {
  SceneArguments scene;                ///< --scene, --param, --dt
  std::string engine = "libdynamics";  ///< --engine: libdynamics, ode, bullet or dart
  std::string solver = "dantzig";      ///< --solver: ours, or the engine's own (ode)
  int steps = 600;                     ///< --steps
  std::string csv;                     ///< --csv trajectory file, "" for none
  std::string stats;                   ///< --stats per-step solver file (libdynamics only)
  bool listScenes = false;             ///< --list-scenes
  SolverSettings settings;             ///< --max-iterations, --tol, ...
};

}  // namespace mlcp::app
