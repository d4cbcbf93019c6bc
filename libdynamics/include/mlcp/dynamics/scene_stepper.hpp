#pragma once

#include <mlcp/composite/auto_solver.hpp>
#include <mlcp/dynamics/scene.hpp>
#include <mlcp/pivoting/dantzig_solver.hpp>
#include <mlcp/splitting/pgs_solver.hpp>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::dynamics {

/// Where SceneStepper stands after a step, for a progress line.
struct SteppingProgress {
  int step = 0;          ///< steps done
  int steps = 0;         ///< steps to do
  int rows = 0;          ///< n of the MLCP the last step solved
  std::string solver;    ///< MixedLCP::name() of the solver of the last step ("" when n = 0)
  double seconds = 0.0;  ///< wall time since stepping began (unit: s)
};

/// Steps a scene to the step the tools capture (mlcp compare/capture --scene) with a solver fit
/// for each step's size: exact Dantzig while the last step had at most kExactRows rows, so the
/// problems of small scenes do not depend on a tolerance; beyond, PGS at ODE quickstep's real-time
/// setting (PgsOptions::realTime(): 20 sweeps, omega 1.3), whose cost per step is O(nonzeros of
/// A) as in the engines that step such scenes. A 1000-sphere pile (about 5000 rows at step 30)
/// steps in about 0.1 s per step instead of about 7 s with Dantzig (docs/dynamics.md, "Stepping
/// large scenes"). The problem returned is assembled, not solved.
class SceneStepper {
 public:
  /// Largest n stepped exactly (AutoSolver's size for pivoting).
  static constexpr int kExactRows = AutoSolver::kPivotingRows;
  /// Called after every step with where stepping stands.
  using Progress = std::function<void(const SteppingProgress&)>;

  /// @param progress called after every step (nothing when empty)
  explicit SceneStepper(Progress progress = {});

  /// The MLCP the scene's world assembles after `step` steps of size h (the scene's default when
  /// h <= 0), stepping from the world's current step; see sceneStepProblem().
  /// @throws std::invalid_argument when step is before the world's current step;
  ///         std::runtime_error as World::step
  StepProblem problemAt(Scene& scene, int step, double h = 0.0);

 private:
  /// Dantzig for a step whose predecessor had at most kExactRows rows, PGS beyond.
  MixedLCP& solverFor(int rows);

  DantzigSolver m_exact;
  PgsSolver m_realTime;
  Progress m_progress;
};

/// Scene loading for the tools (mlcp compare/capture --scene): makes the scene and returns the
/// problem of step `step`, stepped by a SceneStepper (exact while small, real-time PGS when large).
/// @param progress as SceneStepper's
/// @throws std::invalid_argument as makeScene and for step < 0; std::runtime_error as World::step
StepProblem sceneStepProblem(std::string_view name,
                             const std::vector<std::string>& assignments,
                             int step,
                             double h = 0.0,
                             const SceneStepper::Progress& progress = {});

}  // namespace mlcp::dynamics
