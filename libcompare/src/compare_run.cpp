#include <mlcp/compare/applicability.hpp>
#include <mlcp/compare/compare_run.hpp>

#include <fmt/format.h>

#include <limits>

namespace mlcp::compare {

namespace {

/// The n/a record of a dense solver left out on a large problem (not run: no time, no residual).
RunRecord tooLargeForDense(const MixedLCP& solver,
                           const ProblemShape& shape,
                           const std::string& label,
                           int maxDenseRows) {
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  RunRecord record;
  record.problem = label;
  record.solver = std::string(solver.name());
  record.n = shape.n;
  record.nub = shape.nub;
  record.frictionRows = shape.frictionRows;
  record.status = Status::Unsupported;
  record.message = fmt::format(
      "not run: a dense copy of A and O(n^3) pivoting at n = {} > {} rows (--dense-rows)", shape.n,
      maxDenseRows);
  record.notApplicable = fmt::format("dense A beyond {} rows", maxDenseRows);
  record.timeMicroseconds = record.residualAbsolute = record.residualRelative = kNone;
  record.residualScaled = record.maxBoundViolation = record.maxComplementarityViolation = kNone;
  return record;
}

}  // namespace

RunRecord compareRun(MixedLCP& solver,
                     const ProblemFile& file,
                     const ProblemShape& shape,
                     const std::string& label,
                     int repeat,
                     bool warmStart,
                     int maxDenseRows) {
  const Capabilities capabilities = solver.capabilities();
  if (capabilities.denseA && shape.n > maxDenseRows)
    return tooLargeForDense(solver, shape, label, maxDenseRows);
  RunRecord record = runSolver(solver, file.problem, label, repeat, warmStart);
  record.approximation = file.approximation;
  record.notApplicable = notApplicableReason(capabilities, shape);
  if (record.notApplicable.empty() && record.status == Status::Unsupported)
    record.notApplicable = record.message;
  return record;
}

}  // namespace mlcp::compare
