#pragma once

#include <algorithm>
#include <chrono>
#include <iterator>
#include <string>

#include <Eigen/Core>
#include <fmt/format.h>

#include <mlcp/options.hpp>
#include <mlcp/report.hpp>

namespace mlcp::detail {

/// Longest report message of the iterative solvers (setMessage() cuts longer ones).
constexpr size_t kMessageCapacity = 256;

/// Bookkeeping shared by the iterative solvers (PGS, APGD): the stopping test in the units of the
/// spec's residual, the residual history and the time limit.
///
/// Stopping test: ||r||_inf <= absoluteTolerance or ||r||_inf / max(1, ||b||_inf) <=
/// relativeTolerance, r the natural-map residual (shared/spec/blcp-text-format.md).
/// Allocates only when the report's history has less capacity than maxIterations + 1 or its
/// message less than kMessageCapacity (the first solve); later solves allocate nothing.
class IterationMonitor {
 public:
  /// @param[in] options the solver's options (kept by reference)
  /// @param[in] b (n) right side, for the relative scale max(1, ||b||_inf)
  /// @param[in,out] report whose residualHistory is filled when options.recordHistory
  IterationMonitor(const SolverOptions& options, const Eigen::VectorXd& b, SolveReport& report);

  /// max(1, ||b||_inf), the scale of the relative residual.
  double scale() const { return m_scale; }
  /// True when the absolute residual ||r||_inf meets the stopping test.
  bool meets(double absoluteResidual) const;
  /// Appends absoluteResidual / scale() to the history when it is recorded.
  void record(double absoluteResidual);
  /// True once SolverOptions::maxSeconds (> 0) have passed since construction.
  bool timeIsUp() const;

 private:
  const SolverOptions& m_options;
  SolveReport& m_report;
  double m_scale = 1.0;
  std::chrono::steady_clock::time_point m_start;
};

/// Formats into report.message without allocating once its capacity is kMessageCapacity (which
/// IterationMonitor reserves); longer messages are cut.
template <typename... Args>
void setMessage(SolveReport& report, fmt::format_string<Args...> format, Args&&... args) {
  char buffer[kMessageCapacity];
  const auto result =
      fmt::format_to_n(buffer, sizeof(buffer), format, std::forward<Args>(args)...);
  const size_t size = std::min(result.size, sizeof(buffer));
  report.message.assign(buffer, size);
}

}  // namespace mlcp::detail
