#include "ode_simulation_engine.hpp"

#include <mlcp/adapters/ode_world/ode_world.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp::app {

namespace {

/// OdeWorld behind the SimulationEngine interface.
class OdeSimulationEngine final : public SimulationEngine {
 public:
  OdeSimulationEngine(const dynamics::SceneDescription& scene,
                      const adapters::OdeWorldOptions& options)
      : m_world(scene, options) {}

  std::string solverName() const override { return m_world.stepperName(); }
  void step() override { m_world.step(); }
  int stepCount() const override { return m_world.stepCount(); }
  double time() const override { return m_world.time(); }
  int bodyCount() const override { return m_world.bodyCount(); }
  BodySample body(int index) const override {
    const adapters::OdeBodyState state = m_world.body(index);
    return {m_world.scene().bodies[static_cast<size_t>(index)].name, state.p_WB, state.q_WB,
            state.v_WB, state.w_WB};
  }
  int lastContactCount() const override { return m_world.lastContactCount(); }

 private:
  adapters::OdeWorld m_world;
};

}  // namespace

std::unique_ptr<SimulationEngine> makeOdeSimulationEngine(const dynamics::SceneDescription& scene,
                                                          const std::string& solver,
                                                          const SolverSettings& settings) {
  adapters::OdeWorldOptions options;
  try {
    options.stepper = adapters::odeStepperFromString(solver);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument(fmt::format(
        "engine ode steps with its own solvers, not '{}': --solver dantzig (dWorldStep) or "
        "--solver quickstep (dWorldQuickStep)",
        solver));
  }
  if (settings.maxIterations) options.quickStepIterations = *settings.maxIterations;
  return std::make_unique<OdeSimulationEngine>(scene, options);
}

}  // namespace mlcp::app
