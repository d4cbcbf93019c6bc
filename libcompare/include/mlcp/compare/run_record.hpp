#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <string>
#include <vector>

namespace mlcp::compare {

/// One (problem, solver) run, as the tools print it (keys in docs/cli.md).
struct RunRecord {
  std::string problem;                ///< the problem's label (a path or a generator name)
  std::string solver;                 ///< the registered solver name
  int n = 0;                          ///< rows of the problem
  int nub = 0;                        ///< leading unbounded rows
  int frictionRows = 0;               ///< rows with findex >= 0
  Status status = Status::NotSolved;  ///< what the solver reported (or time-limit, n/a rules)
  std::string message;                ///< the solver's message (why it stopped or failed)
  int iterations = 0;                 ///< iterations (pivoting solvers: friction rounds)
  int pivots = 0;                     ///< pivots of the pivoting solvers, 0 for the others
  int repeats = 1;                    ///< solves the median time is taken over
  double timeMicroseconds = 0.0;      ///< median over the repeats (unit: us)
  double residualAbsolute = 0.0;      ///< spec natural-map residual ||r||_inf
  double residualRelative = 0.0;      ///< ||r||_inf / max(1, ||b||_inf)
  /// The spec's scaled residual (SolveReport::scaledResidual): invariant to scaling the problem
  /// or single rows.
  double residualScaled = 0.0;
  /// max_i max(l_i - x_i, x_i - u_i, 0) (SolveReport::maxBoundViolation)
  double maxBoundViolation = 0.0;
  /// max_i max(min(x_i - l_i, w_i^+), min(u_i - x_i, w_i^-))
  /// (SolveReport::maxComplementarityViolation)
  double maxComplementarityViolation = 0.0;
  bool winner = false;  ///< fastest solver that solved the problem (solved_criterion.hpp)
  /// Why the solver cannot take the problem (applicability.hpp); empty when it can. Such a
  /// pair is reported "n/a": neither solved nor failed.
  std::string notApplicable;
  std::string approximation;  ///< what the file reader changed (FC3D: the friction pyramid)
  std::vector<double> residualHistory;  ///< per iteration, when recorded

  /// True when the solver can take the problem (notApplicable is empty).
  bool applicable() const { return notApplicable.empty(); }
};

/// Solves `problem` `repeat` times with `solver` and records the last report and the median
/// time. The solver is set up once (setProblem) so the time is the solve alone. It starts from
/// x = 0 unless `warmStart`, then from the problem's x when it has one (a file's x section is
/// often the reference solution: a warm start from it measures nothing).
RunRecord runSolver(MixedLCP& solver,
                    const Problem& problem,
                    const std::string& label,
                    int repeat,
                    bool warmStart = false);

/// What RunRecord::timeMicroseconds measures, as reports and figures state it: "median wall
/// time of solve() over K runs (validation and residual included)".
std::string timeMeasureText(int repeats);

}  // namespace mlcp::compare
