#include "step_statistics_csv.hpp"

#include <mlcp/composite/auto_solver.hpp>
#include <mlcp/composite/polish_solver.hpp>
#include <mlcp/core/problem.hpp>
#include <mlcp/core/residual.hpp>
#include <mlcp/newton/newton_solver.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>

#include <fmt/format.h>

#include <string>

namespace mlcp::app {

namespace {

/// The solver's count of numeric factorizations (newton, bpp, polish; auto: of the stage that
/// answered), "" for the others.
std::string factorizations(const MixedLCP& solver) {
  if (const auto* automatic = dynamic_cast<const AutoSolver*>(&solver))
    return automatic->usedSolver() != nullptr ? factorizations(*automatic->usedSolver())
                                              : std::string();
  if (const auto* newton = dynamic_cast<const NewtonSolver*>(&solver))
    return std::to_string(newton->statistics().factorizations);
  if (const auto* bpp = dynamic_cast<const BppSolver*>(&solver))
    return std::to_string(bpp->statistics().factorizations);
  if (const auto* polish = dynamic_cast<const PolishSolver*>(&solver))
    return std::to_string(polish->statistics().factorizations);
  return {};
}

}  // namespace

std::string stepStatisticsRow(const dynamics::World& world, const MixedLCP& solver) {
  const dynamics::StepStatistics& s = world.lastStatistics();
  if (s.rows == 0) return fmt::format("{},0,,{},0,0,,0,0,0", world.stepCount(), s.status);
  const Residuals r = computeResiduals(world.lastProblem().toProblem(), world.lastLambda());
  const SolveReport& report = solver.report();
  return fmt::format("{},{},{},{},{},{},{},{:.3f},{:.6e},{:.6e}", world.stepCount(), s.rows,
                     s.solverName, s.status, s.iterations, report.pivots, factorizations(solver),
                     s.solveSeconds * 1e6, r.scaled, r.relative);
}

}  // namespace mlcp::app
