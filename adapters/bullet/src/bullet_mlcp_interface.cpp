#include "detail/bullet_arrays.hpp"

#include <mlcp/adapters/bullet/bullet_mlcp_interface.hpp>
#include <mlcp/core/option_check.hpp>

#include <exception>
#include <stdexcept>

namespace mlcp::adapters {

BulletMlcpInterface::BulletMlcpInterface(std::unique_ptr<MixedLCP> solver, const HostPolicy& policy)
    : m_solver(std::move(solver)),
      m_policy(policy),
      m_arrays(std::make_unique<detail::BulletArrays>()) {
  if (!m_solver) throw std::invalid_argument("BulletMlcpInterface: the solver is null");
  requireValid(m_policy);
}

BulletMlcpInterface::~BulletMlcpInterface() = default;

bool BulletMlcpInterface::solveMLCP(const btMatrixXu& A,
                                    const btVectorXu& b,
                                    btVectorXu& x,
                                    const btVectorXu& lo,
                                    const btVectorXu& hi,
                                    const btAlignedObjectArray<int>& limitDependency,
                                    int /*numIterations*/,
                                    bool /*useSparsity*/) {
  const int n = b.rows();
  if (n == 0) return true;
  try {
    detail::BulletArrays& p = *m_arrays;
    if (!detail::readBulletArrays(A, b, lo, hi, limitDependency, m_policy, p, &m_lastError))
      return false;
    MixedLCP& solver = *m_solver;
    solver.setMatrix(p.A);
    solver.setRightSide(p.b);
    solver.setLow(p.lo);
    solver.setHigh(p.hi);
    solver.setFrictionIndex(p.findex);
    solver.setNumberUnbounded(p.nub);
    if (solver.capabilities().usesInitialGuess && x.rows() == n) {
      m_x0.resize(n);
      for (int i = 0; i < n; ++i) m_x0[i] = x[i];
      solver.setInitialGuess(m_x0);
    } else {
      solver.clearInitialGuess();
    }
    const SolveReport& report = solver.solve();
    const bool accepted = acceptedByHost(report, m_policy);
    m_statistics.record(report, n, accepted);
    if (!accepted) return false;
    const Eigen::VectorXd& lambda = solver.getLambda();
    x.resize(n);
    for (int i = 0; i < n; ++i) x[i] = lambda[i];
    return true;
  } catch (const std::exception& e) {
    m_lastError = e.what();
    return false;
  }
}

}  // namespace mlcp::adapters
