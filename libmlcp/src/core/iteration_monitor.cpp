#include "core/iteration_monitor.hpp"

#include <algorithm>

namespace mlcp::detail {

IterationMonitor::IterationMonitor(const SolverOptions& options, SolveReport& report)
    : m_options(options), m_report(report), m_start(std::chrono::steady_clock::now()) {
  m_report.message.reserve(kMessageCapacity);  // setMessage() then never allocates
  if (m_options.recordHistory)
    m_report.residualHistory.reserve(static_cast<size_t>(m_options.maxIterations) + 1);
}

void IterationMonitor::record(const NaturalMap& residual) {
  if (m_options.recordHistory) m_report.residualHistory.push_back(residual.scaled);
}

bool IterationMonitor::timeIsUp() const {
  return m_options.maxSeconds > 0.0 &&
         std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count() >
             m_options.maxSeconds;
}

}  // namespace mlcp::detail
