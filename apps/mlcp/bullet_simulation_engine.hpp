#pragma once

#include "simulation_engine.hpp"

namespace mlcp::app {

/// Bullet's btDiscreteDynamicsWorld built from the description (adapters/bullet BulletScene)
/// as a SimulationEngine, its btMLCPSolver solving every step's MLCP with our solver `solver`
/// (settings applied) through BulletMlcpInterface. Built only with the Bullet adapter.
/// @throws std::invalid_argument for an unknown solver or a scene element Bullet cannot build
std::unique_ptr<SimulationEngine> makeBulletSimulationEngine(
    const dynamics::SceneDescription& scene,
    const std::string& solver,
    const SolverSettings& settings);

}  // namespace mlcp::app
