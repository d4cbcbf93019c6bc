#include "solver_output_guard.hpp"

#include <mlcp/compare/run_record.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace mlcp::compare {

RunRecord runSolver(MixedLCP& solver,
                    const Problem& problem,
                    const std::string& label,
                    int repeat,
                    bool warmStart) {
  RunRecord record;
  record.problem = label;
  record.solver = std::string(solver.name());
  record.n = problem.size();
  record.nub = problem.nub;
  record.frictionRows = problem.frictionRows();
  record.repeats = std::max(repeat, 1);
  std::vector<double> times;
  {
    const SolverOutputGuard guard;
    solver.setProblem(problem);
    if (!warmStart) solver.clearInitialGuess();
    for (int k = 0; k < record.repeats; ++k) {
      const SolveReport& report = solver.solve();
      times.push_back(report.solveSeconds * 1e6);
    }
  }
  std::sort(times.begin(), times.end());
  const size_t m = times.size();
  record.timeMicroseconds = m % 2 == 1 ? times[m / 2] : 0.5 * (times[m / 2 - 1] + times[m / 2]);
  const SolveReport& report = solver.report();
  record.status = report.status;
  record.message = report.message;
  record.iterations = report.iterations;
  record.pivots = report.pivots;
  record.residualAbsolute = report.absoluteResidual;
  record.residualRelative = report.relativeResidual;
  record.residualScaled = report.scaledResidual;
  record.maxBoundViolation = report.maxBoundViolation;
  record.maxComplementarityViolation = report.maxComplementarityViolation;
  record.residualHistory = report.residualHistory;
  return record;
}

std::string timeMeasureText(int repeats) {
  return fmt::format("median wall time of solve() over {} run{} (validation and residual included)",
                     repeats, repeats == 1 ? "" : "s");
}

}  // namespace mlcp::compare
