#include <mlcp/matrix_free_apgd_solver.hpp>

#include <stdexcept>

#include "detail/matrix_free_binding.hpp"
#include "detail/matrix_free_operator.hpp"

namespace mlcp {

MatrixFreeApgdSolver::MatrixFreeApgdSolver(const ApgdOptions& options)
    : ApgdSolver(options), m_operator(std::make_unique<detail::MatrixFreeOperator>()) {}

MatrixFreeApgdSolver::~MatrixFreeApgdSolver() = default;

Capabilities MatrixFreeApgdSolver::capabilities() const {
  Capabilities c = ApgdSolver::capabilities();
  c.requiresMatrixFree = true;
  return c;
}

void MatrixFreeApgdSolver::setMatrixFree(const MatrixFreeProblem& factors) {
  bindFactors(factors);
  detail::setFactorData(*this, factors);
}

void MatrixFreeApgdSolver::bindFactors(const MatrixFreeProblem& factors) {
  m_factorError = m_operator->bind(factors);
  setImplicitMatrix(factors.size());
}

void MatrixFreeApgdSolver::setMatrixFree(std::shared_ptr<const MatrixFreeProblem> factors) {
  if (!factors) throw std::invalid_argument("MatrixFreeApgdSolver::setMatrixFree: null factors");
  setMatrixFree(*factors);
}

void MatrixFreeApgdSolver::setProblem(const Problem& problem) {
  if (!problem.matrixFree) {
    MixedLCP::setProblem(problem);
    return;
  }
  bindFactors(*problem.matrixFree);  // b, lo, hi, findex, nub from the Problem only
  detail::setProblemData(*this, problem);
}

void MatrixFreeApgdSolver::doSolve(const ProblemView& problem,
                                   Eigen::VectorXd& x,
                                   SolveReport& report) {
  if (!detail::checkFactors(*m_operator, m_factorError, hasImplicitMatrix(), name(), problem,
                            report)) {
    x.setZero();
    return;
  }
  ApgdSolver::doSolve(problem, x, report);
}

void MatrixFreeApgdSolver::multiplyA(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  if (!hasImplicitMatrix())
    ApgdSolver::multiplyA(x, out);
  else if (m_operator->bound() && m_operator->size() == x.size())
    m_operator->multiply(x, out);
  else
    out.setZero();
}

void MatrixFreeApgdSolver::diagonalOfA(const ProblemView& /*problem*/, Eigen::VectorXd& out) const {
  for (int i = 0; i < m_operator->size(); ++i) out[i] = m_operator->diagonal(i);
}

}  // namespace mlcp
