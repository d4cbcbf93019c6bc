#pragma once

#include <mlcp/core/status.hpp>

#include <limits>
#include <string>
#include <vector>

namespace mlcp {

/// Everything one MixedLCP::solve() produced. Reused across solves: its buffers keep their
/// capacity, so a solve allocates nothing once the solver is set up.
struct SolveReport {
  /// Value of the residual fields before a solve has computed them (NaN).
  static constexpr double kUnset = std::numeric_limits<double>::quiet_NaN();

  /// How the solve ended; each Status says what it guarantees about x.
  Status status = Status::NotSolved;
  /// Human-readable reason, naming the row or field for InvalidProblem and failures.
  std::string message = "solve() was not called";
  /// Iterations of the iterative solvers; for Dantzig the number of friction rounds.
  int iterations = 0;
  /// Pivots (index-set changes) of the pivoting solvers; 0 for iterative solvers.
  int pivots = 0;
  /// Dantzig: rounds that re-solved with friction bounds refreshed from the normal forces.
  int frictionRounds = 0;
  /// ||x - clamp(x - w, l, u)||_inf with the effective bounds of the final x (spec residual).
  double absoluteResidual = kUnset;
  /// absoluteResidual / max(1, ||b||_inf) (reported for comparison with other tools).
  double relativeResidual = kUnset;
  /// The spec's scaled residual of the final x (mlcp::Residuals::scaled): invariant to scaling
  /// the problem or single rows; Converged means it is at most SolverOptions::relativeTolerance.
  double scaledResidual = kUnset;
  /// max_i max(l_i - x_i, x_i - u_i, 0).
  double maxBoundViolation = kUnset;
  /// max_i max(min(x_i - l_i, w_i^+), min(u_i - x_i, w_i^-)).
  double maxComplementarityViolation = kUnset;
  /// Row of the largest |r_i| of the final x (Residuals::worstRow), -1 before a solve and when
  /// n = 0: lets a caller name the worst constraint without recomputing w = A x - b.
  int worstRow = -1;
  /// Wall time of the solve, validation and residual included (unit: s).
  double solveSeconds = 0.0;
  /// Scaled residual per iteration when SolverOptions::recordHistory is set (entry 0 is the
  /// starting point).
  std::vector<double> residualHistory;

  /// True when status is Converged: x solves the problem to the requested tolerance.
  bool succeeded() const { return status == Status::Converged; }
};

}  // namespace mlcp
