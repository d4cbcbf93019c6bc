#pragma once

#include "solver_settings_options.hpp"
#include "trajectory_csv.hpp"

#include <mlcp/dynamics/scene_description.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::app {

/// A physics engine stepping one scene description for `mlcp simulate --engine` (ODE's own
/// world, Bullet, DART): what the trajectory CSV and the summary need, nothing engine-specific.
class SimulationEngine {
 public:
  virtual ~SimulationEngine();

  /// The engine and the solver doing its steps, as the output names them, e.g.
  /// "ode dWorldStep (Dantzig)" or "bullet btMLCPSolver over dantzig".
  virtual std::string solverName() const = 0;
  /// One step of the description's h.
  /// @throws std::runtime_error when the engine reports a failure
  virtual void step() = 0;
  /// Steps taken so far.
  virtual int stepCount() const = 0;
  /// Simulated time (unit: s).
  virtual double time() const = 0;
  /// Number of bodies, in the description's order.
  virtual int bodyCount() const = 0;
  /// The state of body `index` (0 <= index < bodyCount()); its name is the description's.
  virtual BodySample body(int index) const = 0;
  /// Contact points of the last step.
  virtual int lastContactCount() const = 0;
};

/// The engines `mlcp simulate --engine` knows, in the order its help lists them.
const std::vector<std::string>& simulationEngineNames();

/// True when `engine` is built into this binary ("libdynamics" always is).
bool simulationEngineBuilt(std::string_view engine);

/// The engine `engine` (not "libdynamics", which `simulate` steps itself) for `scene`, stepped by
/// `solver`: for ode, ODE's own steppers "dantzig" (dWorldStep) or "quickstep"
/// (dWorldQuickStep, settings.maxIterations iterations when set, else ODE's 20); for bullet and
/// dart, any of our solvers (makeSolver with `settings`) inside their MLCP / boxed LCP step.
/// @throws std::invalid_argument for an unknown engine (listing the names), an engine not built
///         into this binary (naming it and its package), a solver the engine cannot use (naming
///         the engine's own), or a scene element the engine cannot build
/// @throws std::logic_error for "libdynamics"
std::unique_ptr<SimulationEngine> makeSimulationEngine(std::string_view engine,
                                                       const dynamics::SceneDescription& scene,
                                                       const std::string& solver,
                                                       const SolverSettings& settings);

}  // namespace mlcp::app
