#pragma once

#include "simulation_engine.hpp"

namespace mlcp::app {

/// DART's World built from the description (adapters/dart DartScene) as a SimulationEngine, its
/// BoxedLcpConstraintSolver solving every step's contact problem with our solver `solver`
/// (settings applied) through DartBoxedLcpSolver. Built only with the DART adapter.
/// @throws std::invalid_argument for an unknown solver or a scene element DART cannot build
std::unique_ptr<SimulationEngine> makeDartSimulationEngine(const dynamics::SceneDescription& scene,
                                                           const std::string& solver,
                                                           const SolverSettings& settings);

}  // namespace mlcp::app
