#pragma once

#include "core/box_projection.hpp"

#include <mlcp/core/options.hpp>
#include <mlcp/core/report.hpp>

#include <Eigen/Core>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iterator>
#include <string>

namespace mlcp::detail {

/// Longest report message of the iterative solvers (setMessage() cuts longer ones).
constexpr size_t kMessageCapacity = 256;

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

/// Formats into report.message without allocating once its capacity is kMessageCapacity (which
/// IterationMonitor reserves); longer messages are cut.
template <typename... Args>
void setMessage(SolveReport& report, fmt::format_string<Args...> format, Args&&... args) {
  char buffer[kMessageCapacity];
  const auto result = fmt::format_to_n(buffer, sizeof(buffer), format, std::forward<Args>(args)...);
  const size_t size = std::min(result.size, sizeof(buffer));
  report.message.assign(buffer, size);
}

}  // namespace mlcp::detail
