#include "detail/bullet_arrays.hpp"

#include <mlcp/adapters/bullet/bullet_recording_interface.hpp>

#include <fmt/format.h>

#include <exception>

namespace mlcp::adapters {

BulletRecordingInterface::BulletRecordingInterface(btMLCPSolverInterface& next,
                                                   ProblemRecorder& recorder,
                                                   std::string label,
                                                   const HostPolicy& policy)
    : m_next(next), m_recorder(recorder), m_label(std::move(label)), m_policy(policy) {}

bool BulletRecordingInterface::solveMLCP(const btMatrixXu& A,
                                         const btVectorXu& b,
                                         btVectorXu& x,
                                         const btVectorXu& lo,
                                         const btVectorXu& hi,
                                         const btAlignedObjectArray<int>& limitDependency,
                                         int numIterations,
                                         bool useSparsity) {
  const int n = b.rows();
  if (n > 0 && m_recorder.wantsNext(n)) {
    try {
      detail::BulletArrays arrays;
      std::string why;
      if (detail::readBulletArrays(A, b, lo, hi, limitDependency, m_policy, arrays, &why)) {
        Problem problem;
        problem.name = fmt::format("{} call {}", m_label, m_recorder.offered());
        problem.A = std::move(arrays.A);
        problem.b = std::move(arrays.b);
        problem.lo = std::move(arrays.lo);
        problem.hi = std::move(arrays.hi);
        problem.findex = std::move(arrays.findex);
        problem.nub = arrays.nub;
        m_recorder.offer(problem);
      } else {
        m_recorder.skip();
      }
    } catch (const std::exception&) {
      // Out of memory while copying: record nothing, let Bullet carry on.
      m_recorder.skip();
    }
  } else if (n > 0) {
    m_recorder.skip();
  }
  return m_next.solveMLCP(A, b, x, lo, hi, limitDependency, numIterations, useSparsity);
}

}  // namespace mlcp::adapters
