#pragma once

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/dynamics/world.hpp>

#include <string>

namespace mlcp::app {

/// Header of `mlcp simulate --stats FILE.csv` (without the newline).
inline constexpr const char* kStepStatisticsHeader =
    "step,rows,solver,status,iterations,pivots,factorizations,solve_us,residual_scaled,"
    "residual_rel";

/// One line of `simulate --stats` (without the newline) for the step `world` just took with
/// `solver`, so a stepped scene can be judged step by step:
///  - step: World::stepCount() after the step (1 for the first);
///  - rows: n of the step's MLCP; solver: the solver's name ("" when n = 0, no solve);
///  - status, iterations, pivots: the solver's SolveReport (status "converged", 0, 0 when
///    n = 0);
///  - factorizations: numeric factorizations of the Newton solvers (NewtonStatistics), empty for
///    solvers that do not count them;
///  - solve_us: wall time of the solve (unit: microsecond);
///  - residual_scaled, residual_rel: the spec's scaled and relative natural-map residuals
///    (docs/conventions.md) of the lambda the world integrated, recomputed by computeResiduals()
///    from the step's problem (World::lastProblem()), not taken from the solver's report.
/// Cost: O(nonzeros of J) to copy the factors and form w = A lambda - b.
/// @pre world.step() has just returned and `solver` is the solver it used
std::string stepStatisticsRow(const dynamics::World& world, const MixedLCP& solver);

}  // namespace mlcp::app
