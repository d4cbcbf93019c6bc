#include "simulation_engine.hpp"

#ifdef MLCP_APP_HAS_ODE_WORLD
#include "ode_simulation_engine.hpp"
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
#else
  (void)scene, (void)solver, (void)settings;
#endif
  throw std::invalid_argument(fmt::format(
      "engine {} is not available in this mlcp (available: {}; ode is built when libode-dev is "
      "installed, see .ci/install-deps)",
      engine, fmt::join(availableEngines(), ", ")));
}

}  // namespace mlcp::app
