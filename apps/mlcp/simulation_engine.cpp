#include "simulation_engine.hpp"

#ifdef MLCP_APP_HAS_ODE_WORLD
#include "ode_simulation_engine.hpp"
#endif
#ifdef MLCP_APP_HAS_BULLET
#include "bullet_simulation_engine.hpp"
#endif
#ifdef MLCP_APP_HAS_DART
#include "dart_simulation_engine.hpp"
#endif

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

namespace mlcp::app {

namespace {

std::vector<std::string> availableEngines() {
  std::vector<std::string> available;
  for (const std::string& name : simulationEngineNames())
    if (simulationEngineBuilt(name)) available.push_back(name);
  return available;
}

}  // namespace

SimulationEngine::~SimulationEngine() = default;

const std::vector<std::string>& simulationEngineNames() {
  static const std::vector<std::string> names = {"libdynamics", "ode", "bullet", "dart"};
  return names;
}

bool simulationEngineBuilt(std::string_view engine) {
#ifdef MLCP_APP_HAS_ODE_WORLD
  if (engine == "ode") return true;
#endif
#ifdef MLCP_APP_HAS_BULLET
  if (engine == "bullet") return true;
#endif
#ifdef MLCP_APP_HAS_DART
  if (engine == "dart") return true;
#endif
  return engine == "libdynamics";
}

std::unique_ptr<SimulationEngine> makeSimulationEngine(std::string_view engine,
                                                       const dynamics::SceneDescription& scene,
                                                       const std::string& solver,
                                                       const SolverSettings& settings) {
  const std::vector<std::string>& names = simulationEngineNames();
  if (std::find(names.begin(), names.end(), engine) == names.end())
    throw std::invalid_argument(
        fmt::format("unknown engine '{}' (engines: {})", engine, fmt::join(names, ", ")));
  if (engine == "libdynamics")
    throw std::logic_error("makeSimulationEngine: libdynamics is stepped by simulate itself");
#ifdef MLCP_APP_HAS_ODE_WORLD
  if (engine == "ode") return makeOdeSimulationEngine(scene, solver, settings);
#endif
#ifdef MLCP_APP_HAS_BULLET
  if (engine == "bullet") return makeBulletSimulationEngine(scene, solver, settings);
#endif
#ifdef MLCP_APP_HAS_DART
  if (engine == "dart") return makeDartSimulationEngine(scene, solver, settings);
#endif
  (void)scene, (void)solver, (void)settings;
  throw std::invalid_argument(fmt::format(
      "engine {} is not available in this mlcp (available: {}; ode, bullet and dart are built "
      "when libode-dev, libbullet-dev and libdart-dev are installed, see .ci/install-deps)",
      engine, fmt::join(availableEngines(), ", ")));
}

}  // namespace mlcp::app
