#pragma once

#include "simulation_engine.hpp"

namespace mlcp::app {

/// ODE's own world (adapters/ode_world) as a SimulationEngine: `solver` "dantzig" steps with
/// dWorldStep, "quickstep" with dWorldQuickStep (settings.maxIterations iterations when set).
/// Built only with the ode_world adapter.
/// @throws std::invalid_argument for another solver (naming ODE's two) or a scene element ODE
///         cannot build
std::unique_ptr<SimulationEngine> makeOdeSimulationEngine(const dynamics::SceneDescription& scene,
                                                          const std::string& solver,
                                                          const SolverSettings& settings);

}  // namespace mlcp::app
