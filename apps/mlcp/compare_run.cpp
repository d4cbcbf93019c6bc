#include "compare_run.hpp"

#include "applicability.hpp"

namespace mlcp::app {

RunRecord compareRun(MixedLCP& solver,
                     const ProblemFile& file,
                     const ProblemShape& shape,
                     const std::string& label,
                     int repeat,
                     bool warmStart) {
  const Capabilities capabilities = solver.capabilities();
  RunRecord record = runSolver(solver, file.problem, label, repeat, warmStart);
  record.approximation = file.approximation;
  record.notApplicable = notApplicableReason(capabilities, shape);
  if (record.notApplicable.empty() && record.status == Status::Unsupported)
    record.notApplicable = record.message;
  return record;
}

}  // namespace mlcp::app
