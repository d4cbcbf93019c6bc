#include "iteration_monitor.hpp"

#include <algorithm>

namespace mlcp::detail {

IterationMonitor::IterationMonitor(const SolverOptions& options,
                                   const Eigen::VectorXd& b,
                                   SolveReport& report)
    : m_options(options), m_report(report), m_start(std::chrono::steady_clock::now()) {
  m_scale = std::max(1.0, b.size() > 0 ? b.cwiseAbs().maxCoeff() : 0.0);
  m_report.message.reserve(kMessageCapacity);  // setMessage() then never allocates
  if (m_options.recordHistory)
    m_report.residualHistory.reserve(static_cast<size_t>(m_options.maxIterations) + 1);
}

bool IterationMonitor::meets(double absoluteResidual) const {
  return absoluteResidual <= m_options.absoluteTolerance ||
         absoluteResidual / m_scale <= m_options.relativeTolerance;
}

void IterationMonitor::record(double absoluteResidual) {
  if (m_options.recordHistory) m_report.residualHistory.push_back(absoluteResidual / m_scale);
}

bool IterationMonitor::timeIsUp() const {
  return m_options.maxSeconds > 0.0 &&
         std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count() >
             m_options.maxSeconds;
}

}  // namespace mlcp::detail
