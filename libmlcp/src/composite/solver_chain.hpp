#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace mlcp::detail {

/// Solvers tried in turn on one problem, the engine of FallbackSolver and AutoSolver: each stage
/// solves the chain's own validated problem in place (MixedLCP::solveView(): no copy, no second
/// validation, the derived forms of A shared; told of a new A only when it changed since that
/// stage last saw it), starts from the best answer found so far that is a start (isStart(): not
/// a pivoting ray's or singular pivot's end) or the caller's initial guess, and the chain stops at
/// the first Converged. The answer is the best any stage found: the stage answers are ranked by the
/// stopping figure max(scaled, relative residual) (SolverOptions::stoppingFigure), refusals
/// (Unsupported, InvalidProblem from a stage: the problem passed the chain's own validation, so it
/// is a refusal) and NumericalFailure are not answers. The report carries the returned stage's
/// status; with no answer at all, NumericalFailure when a stage failed so, else Unsupported, never
/// InvalidProblem. Its message lists every stage tried with its status, and the reason of those
/// that did not converge ("dantzig: unsupported (A is not symmetric ...); lemke: converged"). A
/// stage added with a factory is made when a run first reaches it, so a plan pays only for the
/// stages it runs. Memory: each stage's own; run() allocates nothing once
/// every stage it runs has solved once at this n (and the message's capacity covers the longest
/// message).
class SolverChain {
 public:
  /// Makes a stage.
  using Factory = std::function<std::unique_ptr<MixedLCP>()>;
  /// Called with a stage right after it took a new matrix, before it solves.
  using NewMatrixHook = std::function<void(MixedLCP&)>;

  /// Adds a stage; returns its index.
  int add(std::unique_ptr<MixedLCP> stage);
  /// Adds a stage made by `make` when a run first reaches it, with an optional hook; returns its
  /// index.
  int add(Factory make, NewMatrixHook onNewMatrix = {});
  /// Number of stages.
  int size() const { return static_cast<int>(m_stages.size()); }
  /// Stage k. @pre made: added made, reached by a run, or made by made()
  MixedLCP& stage(int k) const { return *m_stages[static_cast<size_t>(k)]; }
  /// Stage k, made now when it was added as a factory and is not made yet.
  MixedLCP& made(int k);
  /// The stage of the last answer (-1 before a run or when no stage answered).
  int used() const { return m_used; }
  /// Room for `stages` stages without reallocating.
  void reserve(int stages);
  /// Sizes the chain's own workspace for n rows.
  void resize(int n);
  /// Makes stage k and sizes its workspace for n rows now (MixedLCP::viewMatrixChanged()), so a
  /// first run that reaches it allocates nothing for it.
  void prepare(int k, int n);

  /// Runs the stages `order[0..count)` (indices) in turn on problem (matrix version `version`).
  /// x holds the initial guess on entry, the answer on exit. report.message is appended to.
  void run(const ProblemView& problem,
           std::uint64_t version,
           const int* order,
           int count,
           Eigen::VectorXd& x,
           SolveReport& report);

  /// run() in three steps, for a caller that chooses later stages after seeing earlier ones:
  /// start() from the initial guess x; proceed() with stages (any number of calls; true when
  /// one converged, and then the run is over); finish() when none did (no answer at all:
  /// x = 0 and the status as run() gives it).
  void start(const Eigen::VectorXd& x);
  /// Runs the stages `order[0..count)` as run() does, keeping the best answer of the whole run in
  /// x and report. True when a stage converged.
  bool proceed(const ProblemView& problem,
               std::uint64_t version,
               const int* order,
               int count,
               Eigen::VectorXd& x,
               SolveReport& report);
  /// Ends a run in which no stage converged. @pre start(), proceed()
  void finish(Eigen::VectorXd& x, SolveReport& report) const;

 private:
  std::vector<std::unique_ptr<MixedLCP>> m_stages;  // null until made
  std::vector<Factory> m_factories;                 // per stage: empty when added made
  std::vector<NewMatrixHook> m_hooks;               // per stage: may be empty
  std::vector<std::uint64_t> m_stagedVersion;       // per stage: the matrix version it holds
  Eigen::VectorXd m_start;                          // the next stage's initial guess
  double m_best = 0.0;              // the stopping figure of the run's best answer so far
  bool m_numericalFailure = false;  // a stage of the run failed numerically
  int m_used = -1;
};

}  // namespace mlcp::detail
