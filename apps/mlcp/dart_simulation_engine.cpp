#include "dart_simulation_engine.hpp"

#include "adapter_scene_engine.hpp"

#include <mlcp/adapters/dart/dart_boxed_lcp_solver.hpp>
#include <mlcp/adapters/dart/dart_scene.hpp>
#include <mlcp/core/solver_factory.hpp>

#include <dart/collision/CollisionResult.hpp>
#include <dart/simulation/World.hpp>
#include <fmt/format.h>

namespace mlcp::app {

namespace {

/// DartScene stepping with our solver as DART's boxed LCP solver.
class DartSimulationEngine final : public AdapterSceneEngine<adapters::DartScene> {
 public:
  DartSimulationEngine(const dynamics::SceneDescription& scene,
                       const std::string& solver,
                       const SolverSettings& settings)
      : m_solver(solver) {
    m_scene = std::make_unique<adapters::DartScene>(
        scene, std::make_shared<adapters::DartBoxedLcpSolver>(makeSolver(solver, settings)));
  }

  std::string solverName() const override {
    return fmt::format("dart BoxedLcpConstraintSolver with {}", m_solver);
  }
  int lastContactCount() const override {
    return static_cast<int>(m_scene->world().getLastCollisionResult().getNumContacts());
  }

 private:
  std::string m_solver;
};

}  // namespace

std::unique_ptr<SimulationEngine> makeDartSimulationEngine(const dynamics::SceneDescription& scene,
                                                           const std::string& solver,
                                                           const SolverSettings& settings) {
  return std::make_unique<DartSimulationEngine>(scene, solver, settings);
}

}  // namespace mlcp::app
