#include "step_statistics_csv.hpp"

#include <mlcp/composite/auto_solver.hpp>
#include <mlcp/composite/island_solver.hpp>
#include <mlcp/composite/polish_solver.hpp>
#include <mlcp/core/problem.hpp>
#include <mlcp/core/residual.hpp>
#include <mlcp/newton/newton_solver.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>

#include <fmt/format.h>

#include <optional>
#include <string>

namespace mlcp::app {

namespace {

/// The solver's count of numeric factorizations (newton, bpp, polish; auto: of the stage that
/// answered; islands: the sum over the islands), none for the others.
std::optional<long> factorizations(const MixedLCP& solver) {
  if (const auto* automatic = dynamic_cast<const AutoSolver*>(&solver))
    return automatic->usedSolver() != nullptr ? factorizations(*automatic->usedSolver())
                                              : std::nullopt;
  if (const auto* islands = dynamic_cast<const IslandSolver*>(&solver)) {
    long sum = 0;
    for (int k = 0; k < islands->islandCount(); ++k) {
      const std::optional<long> count = factorizations(islands->islandSolver(k));
      if (!count) return std::nullopt;  // the inner solver does not count them
      sum += *count;
    }
    return sum;
  }
  if (const auto* newton = dynamic_cast<const NewtonSolver*>(&solver))
    return newton->statistics().factorizations;
  if (const auto* bpp = dynamic_cast<const BppSolver*>(&solver))
    return bpp->statistics().factorizations;
  if (const auto* polish = dynamic_cast<const PolishSolver*>(&solver))
    return polish->statistics().factorizations;
  return std::nullopt;
}

}  // namespace

std::string stepStatisticsRow(const dynamics::World& world, const MixedLCP& solver) {
  const dynamics::StepStatistics& s = world.lastStatistics();
  if (s.rows == 0) return fmt::format("{},0,,{},0,0,,0,0,0", world.stepCount(), s.status);
  const Residuals r = computeResiduals(world.lastProblem().toProblem(), world.lastLambda());
  const SolveReport& report = solver.report();
  const std::optional<long> count = factorizations(solver);
  return fmt::format("{},{},{},{},{},{},{},{:.3f},{:.6e},{:.6e}", world.stepCount(), s.rows,
                     s.solverName, s.status, s.iterations, report.pivots,
                     count ? std::to_string(*count) : std::string(), s.solveSeconds * 1e6, r.scaled,
                     r.relative);
}

}  // namespace mlcp::app
