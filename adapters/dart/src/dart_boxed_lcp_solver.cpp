#include "detail/dart_arrays.hpp"

#include <mlcp/adapters/dart/dart_boxed_lcp_solver.hpp>
#include <mlcp/core/option_check.hpp>

#include <exception>
#include <stdexcept>

namespace mlcp::adapters {

DartBoxedLcpSolver::DartBoxedLcpSolver(std::unique_ptr<MixedLCP> solver, const HostPolicy& policy)
    : m_solver(std::move(solver)), m_policy(policy) {
  if (!m_solver) throw std::invalid_argument("DartBoxedLcpSolver: the solver is null");
  requireValid(m_policy);
}

DartBoxedLcpSolver::~DartBoxedLcpSolver() = default;

const std::string& DartBoxedLcpSolver::getType() const { return getStaticType(); }

const std::string& DartBoxedLcpSolver::getStaticType() {
  static const std::string type = "mlcp::adapters::DartBoxedLcpSolver";
  return type;
}

bool DartBoxedLcpSolver::solve(int n,
                               double* A,
                               double* x,
                               double* b,
                               int /*nub*/,
                               double* lo,
                               double* hi,
                               int* findex,
                               bool /*earlyTermination*/) {
  if (n <= 0) return true;
  try {
    const int nub =
        detail::readDartArrays(n, A, b, lo, hi, findex, m_policy, m_A, m_b, m_lo, m_hi, m_findex);
    MixedLCP& solver = *m_solver;
    solver.setMatrix(m_A);
    solver.setRightSide(m_b);
    solver.setLow(m_lo);
    solver.setHigh(m_hi);
    solver.setFrictionIndex(m_findex);
    solver.setNumberUnbounded(nub);
    if (solver.capabilities().usesInitialGuess) {
      m_x0 = Eigen::Map<const Eigen::VectorXd>(x, n);
      solver.setInitialGuess(m_x0);
    } else {
      solver.clearInitialGuess();
    }
    const SolveReport& report = solver.solve();
    const bool accepted = acceptedByHost(report, m_policy);
    m_statistics.record(report, n, accepted);
    if (report.status != Status::InvalidProblem && report.status != Status::NumericalFailure)
      Eigen::Map<Eigen::VectorXd>(x, n) = solver.getLambda();
    return accepted;
  } catch (const std::exception& e) {
    m_lastError = e.what();
    return false;
  }
}

#ifndef NDEBUG
bool DartBoxedLcpSolver::canSolve(int n, const double* A) { return detail::dartMatrixUsable(n, A); }
#endif

}  // namespace mlcp::adapters
