#include <mlcp/matrix_free_pgs_solver.hpp>

#include <stdexcept>

#include "detail/matrix_free_binding.hpp"
#include "detail/matrix_free_operator.hpp"
#include "detail/pgs_iteration.hpp"

namespace mlcp {

MatrixFreePgsSolver::MatrixFreePgsSolver(const PgsOptions& options)
    : PgsSolver(options), m_operator(std::make_unique<detail::MatrixFreeOperator>()) {}

MatrixFreePgsSolver::~MatrixFreePgsSolver() = default;

Capabilities MatrixFreePgsSolver::capabilities() const {
  Capabilities c = PgsSolver::capabilities();
  c.requiresMatrixFree = true;
  return c;
}

void MatrixFreePgsSolver::setMatrixFree(const MatrixFreeProblem& factors) {
  bindFactors(factors);
  detail::setFactorData(*this, factors);
}

void MatrixFreePgsSolver::bindFactors(const MatrixFreeProblem& factors) {
  m_factorError = m_operator->bind(factors);
  setImplicitMatrix(factors.size());
}

void MatrixFreePgsSolver::setMatrixFree(std::shared_ptr<const MatrixFreeProblem> factors) {
  if (!factors) throw std::invalid_argument("MatrixFreePgsSolver::setMatrixFree: null factors");
  setMatrixFree(*factors);
}

void MatrixFreePgsSolver::setProblem(const Problem& problem) {
  if (!problem.matrixFree) {
    MixedLCP::setProblem(problem);
    return;
  }
  bindFactors(*problem.matrixFree);  // b, lo, hi, findex, nub from the Problem only
  detail::setProblemData(*this, problem);
}

void MatrixFreePgsSolver::doSolve(const ProblemView& problem,
                                  Eigen::VectorXd& x,
                                  SolveReport& report) {
  if (!detail::checkFactors(*m_operator, m_factorError, hasImplicitMatrix(), name(), problem,
                            report)) {
    x.setZero();
    return;
  }
  detail::runPgs(*m_operator, problem, options(), workspace(), x, report);
}

void MatrixFreePgsSolver::multiplyA(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  if (!hasImplicitMatrix())
    PgsSolver::multiplyA(x, out);
  else if (m_operator->bound() && m_operator->size() == x.size())
    m_operator->multiply(x, out);
  else
    out.setZero();
}

}  // namespace mlcp
