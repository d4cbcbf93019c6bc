#pragma once

#include "core/box_projection.hpp"
#include "core/report_message.hpp"

#include <mlcp/core/options.hpp>
#include <mlcp/core/report.hpp>

#include <Eigen/Core>

#include <chrono>
#include <string>

namespace mlcp::detail {

/// Bookkeeping shared by the iterative solvers (PGS, APGD): the stopping test on the spec's
/// residuals (SolverOptions::accepts: the scaled residual, or the absolute one when an absolute
/// tolerance is set), the residual history (scaled) and the time limit.
/// Allocates only when the report's history has less capacity than maxIterations + 1 or its
/// message less than kMessageCapacity (the first solve); later solves allocate nothing.
class IterationMonitor {
 public:
  /// @param[in] options the solver's options (kept by reference)
  /// @param[in,out] report whose residualHistory is filled when options.recordHistory
  IterationMonitor(const SolverOptions& options, SolveReport& report);

  /// True when the residual meets the stopping test.
  bool meets(const NaturalMap& residual) const {
    return m_options.accepts(residual.absolute, residual.relative, residual.scaled);
  }
  /// Appends the scaled residual to the history when it is recorded.
  void record(const NaturalMap& residual);
  /// True once SolverOptions::maxSeconds (> 0) have passed since construction.
  bool timeIsUp() const;

 private:
  const SolverOptions& m_options;
  SolveReport& m_report;
  std::chrono::steady_clock::time_point m_start;
};

/// Formats into report.message (detail::setMessage(std::string&, ...): a compiled format string).
template <typename S, typename... Args>
void setMessage(SolveReport& report, const S& format, Args&&... args) {
  setMessage(report.message, format, std::forward<Args>(args)...);
}

}  // namespace mlcp::detail
