#include "detail/dart_arrays.hpp"

#include <mlcp/adapters/dart/dart_recording_solver.hpp>

#include <fmt/format.h>

#include <exception>
#include <stdexcept>

namespace mlcp::adapters {

DartRecordingSolver::DartRecordingSolver(std::shared_ptr<dart::constraint::BoxedLcpSolver> next,
                                         ProblemRecorder& recorder,
                                         std::string label,
                                         const HostPolicy& policy)
    : m_next(std::move(next)), m_recorder(recorder), m_label(std::move(label)), m_policy(policy) {
  if (!m_next) throw std::invalid_argument("DartRecordingSolver: the solver to call is null");
}

const std::string& DartRecordingSolver::getType() const { return getStaticType(); }

const std::string& DartRecordingSolver::getStaticType() {
  static const std::string type = "mlcp::adapters::DartRecordingSolver";
  return type;
}

bool DartRecordingSolver::solve(int n,
                                double* A,
                                double* x,
                                double* b,
                                int nub,
                                double* lo,
                                double* hi,
                                int* findex,
                                bool earlyTermination) {
  if (n > 0 && m_recorder.wantsNext(n)) {
    try {
      Problem problem;
      problem.name = fmt::format("{} call {}", m_label, m_recorder.offered());
      Eigen::MatrixXd denseA;
      problem.nub = detail::readDartArrays(n, A, b, lo, hi, findex, m_policy, denseA, problem.b,
                                           problem.lo, problem.hi, problem.findex);
      problem.A = std::move(denseA);
      m_recorder.offer(problem);
    } catch (const std::exception&) {
      // Out of memory while copying: record nothing, let DART carry on.
      m_recorder.skip();
    }
  } else if (n > 0) {
    m_recorder.skip();
  }
  const bool ok = m_next->solve(n, A, x, b, nub, lo, hi, findex, earlyTermination);
  if (n > 0) {
    ++m_problems;
    if (!ok) ++m_failures;
  }
  return ok;
}

#ifndef NDEBUG
bool DartRecordingSolver::canSolve(int n, const double* A) {
  return detail::dartMatrixUsable(n, A);
}
#endif

}  // namespace mlcp::adapters
