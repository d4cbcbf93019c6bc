#include "bullet_simulation_engine.hpp"

#include "adapter_scene_engine.hpp"

#include <mlcp/adapters/bullet/bullet_mlcp_interface.hpp>
#include <mlcp/adapters/bullet/bullet_scene.hpp>
#include <mlcp/core/solver_factory.hpp>

#include <btBulletDynamicsCommon.h>
#include <fmt/format.h>

namespace mlcp::app {

namespace {

/// BulletScene stepping with our solver inside btMLCPSolver.
class BulletSimulationEngine final : public AdapterSceneEngine<adapters::BulletScene> {
 public:
  BulletSimulationEngine(const dynamics::SceneDescription& scene,
                         const std::string& solver,
                         const SolverSettings& settings)
      : m_interface(makeSolver(solver, settings)), m_solver(solver) {
    m_scene = std::make_unique<adapters::BulletScene>(scene, m_interface);
  }

  std::string solverName() const override {
    return fmt::format("bullet btMLCPSolver with {} ({} fallbacks to Bullet's own)", m_solver,
                       m_scene->fallbacks());
  }
  int lastContactCount() const override {
    btDispatcher& dispatcher = *m_scene->world().getDispatcher();
    int contacts = 0;
    for (int i = 0; i < dispatcher.getNumManifolds(); ++i)
      contacts += dispatcher.getManifoldByIndexInternal(i)->getNumContacts();
    return contacts;
  }

 private:
  adapters::BulletMlcpInterface m_interface;
  std::string m_solver;
};

}  // namespace

std::unique_ptr<SimulationEngine> makeBulletSimulationEngine(
    const dynamics::SceneDescription& scene,
    const std::string& solver,
    const SolverSettings& settings) {
  return std::make_unique<BulletSimulationEngine>(scene, solver, settings);
}

}  // namespace mlcp::app
