#pragma once

#include <string>

namespace mlcp {

/// Options common to every solver; each solver's own options derive from this struct.
/// Checked once, in the solver's setOptions(), which throws std::invalid_argument naming the
/// violated constraint (for example "SolverOptions::maxIterations = 0. Violated constraint:
/// maxIterations >= 1").
struct SolverOptions {
  /// Iterations (PGS sweeps, APGD steps) or, for Dantzig, friction rounds.
  int maxIterations = 100;
  /// Stop when ||r||_inf <= absoluteTolerance, r_i = x_i - clamp(x_i - w_i, l_i, u_i).
  double absoluteTolerance = 0.0;
  /// ... or when ||r||_inf / max(1, ||b||_inf) <= relativeTolerance (the spec's relative residual).
  double relativeTolerance = 1e-9;
  /// Wall-time limit of one solve in seconds; 0 means none.
  double maxSeconds = 0.0;
  /// Record the residual of every iteration in SolveReport::residualHistory.
  bool recordHistory = false;

  /// True when the options are usable; otherwise sets *why to a message naming the field.
  bool isValid(std::string* why) const;
};

}  // namespace mlcp
