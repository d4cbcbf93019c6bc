#pragma once

#include <algorithm>
#include <limits>
#include <string>

namespace mlcp {

/// Options common to every solver; each solver's own options derive from this struct.
/// Checked once, in the solver's setOptions(), which throws std::invalid_argument naming the
/// violated constraint (for example "SolverOptions::maxIterations = 0. Violated constraint:
/// maxIterations >= 1").
struct SolverOptions {
  /// Iterations (PGS sweeps, APGD steps) or, for Dantzig, friction rounds.
  int maxIterations = 100;
  /// Also require ||r||_inf <= absoluteTolerance, r_i = x_i - clamp(x_i - w_i, l_i, u_i) (0: off;
  /// an absolute test depends on the problem's units, so it is only for callers that know them).
  double absoluteTolerance = 0.0;
  /// Stop when both the spec's scaled residual (relative to the size of the answer, invariant to
  /// scaling the problem or single rows) and its relative residual ||r||_inf / max(1, ||b||_inf)
  /// are at most relativeTolerance (docs/conventions.md, "Residuals"). The scaled one makes the
  /// test hold on badly scaled problems; the relative one keeps the answers on well-scaled
  /// problems as good as other tools'. Every Converged status holds under this test
  /// (MixedLCP::solve() checks it).
  double relativeTolerance = 1e-9;
  /// Wall-time limit of one solve in seconds; 0 means none.
  double maxSeconds = 0.0;
  /// Record the residual of every iteration in SolveReport::residualHistory.
  bool recordHistory = false;

  /// True when the options are usable; otherwise sets *why to a message naming the field.
  bool isValid(std::string* why) const;

  /// The stopping test, in one home: scaled and relative residuals <= relativeTolerance, and
  /// absolute <= absoluteTolerance when that is set. False for NaN residuals.
  bool accepts(double absoluteResidual, double relativeResidual, double scaledResidual) const {
    return scaledResidual <= relativeTolerance && relativeResidual <= relativeTolerance &&
           (absoluteTolerance <= 0.0 || absoluteResidual <= absoluteTolerance);
  }
  /// The figure the stopping test compares with relativeTolerance: max(scaled, relative), or
  /// infinity when an absolute tolerance is set and not met.
  double stoppingFigure(double absoluteResidual,
                        double relativeResidual,
                        double scaledResidual) const {
    if (absoluteTolerance > 0.0 && !(absoluteResidual <= absoluteTolerance))
      return std::numeric_limits<double>::infinity();
    return std::max(scaledResidual, relativeResidual);
  }
};

}  // namespace mlcp
