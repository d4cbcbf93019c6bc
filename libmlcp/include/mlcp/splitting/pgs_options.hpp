#pragma once

#include <mlcp/core/option_table.hpp>
#include <mlcp/core/options.hpp>

#include <cstdint>
#include <string>

namespace mlcp {

/// Options of PgsSolver. SolverOptions::maxIterations counts sweeps.
struct PgsOptions : SolverOptions {
  PgsOptions() {
    maxIterations = 10000;
    relativeTolerance = 1e-6;
  }
  /// SOR factor omega, 0 < omega < 2 (1 = plain Gauss-Seidel). ODE quickstep's default 1.3:
  /// measured, it needs fewer sweeps to 1e-6 than 1.0 on most random, captured and synthetic
  /// problems (docs/iterative-solvers.md).
  double relaxation = 1.3;
  /// Compute the residual (and test it) every this many sweeps (>= 1): O(n) on a dense or sparse
  /// A, O(12 n) (about half a sweep) on the factor form. The last sweep is always tested.
  int residualInterval = 1;
  /// Also stop when max_i |change of x_i| in a sweep <= deltaXTolerance max(1, ||x||_inf);
  /// 0 = off. Such a stop is Converged only when the residual meets the tolerance, else
  /// Inaccurate.
  double deltaXTolerance = 0.0;
  /// Shuffle the normal rows and the friction rows (each group on its own, friction still last)
  /// before every sweep, with the solver's own generator seeded from `seed` at each solve: the
  /// same input gives the same result.
  bool randomizeOrder = false;
  /// Seed of the row shuffle (std::mt19937_64).
  std::uint64_t seed = 1;

  /// ODE quickstep's real-time setting: 20 sweeps, omega 1.3, no residual test (status
  /// MaxIterations, with the residual in the report).
  static PgsOptions realTime();
  /// For reference answers: 100000 sweeps to relative residual 1e-10.
  static PgsOptions accurate();

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<PgsOptions>& table();
};

}  // namespace mlcp
