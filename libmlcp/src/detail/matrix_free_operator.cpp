#include "matrix_free_operator.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace mlcp::detail {

std::string MatrixFreeOperator::bind(std::shared_ptr<const MatrixFreeProblem> factors) {
  m_factors.reset();
  if (!factors) return "the matrix-free factors are null";
  const MatrixFreeProblem& f = *factors;
  try {
    f.validate();
  } catch (const std::invalid_argument& e) {
    return fmt::format("matrix-free factors: {}", e.what());
  }
  const int n = f.size();
  for (int k = 0; k < f.bodyCount(); ++k)
    if (!f.inverseMass[k].allFinite())
      return fmt::format("inverseMass[{}] (the 6 x 6 block of M^-1 of body {}) is not finite", k,
                         k);
  for (int i = 0; i < n; ++i) {
    if (!f.J.row(i).allFinite()) return fmt::format("J row {} is not finite", i);
    if (!std::isfinite(f.cfm[i])) return fmt::format("cfm[{}] = {} is not finite", i, f.cfm[i]);
  }
  m_iMJ.resize(n, 12);
  m_diagonal.resize(n);
  for (int i = 0; i < n; ++i) {
    double d = f.cfm[i];
    for (int side = 0; side < 2; ++side) {
      const int body = f.bodies(i, side);
      if (body < 0) {
        m_iMJ.row(i).segment<6>(6 * side).setZero();
        continue;
      }
      m_iMJ.row(i).segment<6>(6 * side) =
          (f.inverseMass[body] * f.J.row(i).segment<6>(6 * side).transpose()).transpose();
      d += f.J.row(i).segment<6>(6 * side).dot(m_iMJ.row(i).segment<6>(6 * side));
    }
    m_diagonal[i] = d;
  }
  m_fc.setZero(6, f.bodyCount());
  m_scratch.setZero(6, f.bodyCount());
  m_factors = std::move(factors);
  return {};
}

void MatrixFreeOperator::accumulate(const MatrixFreeProblem& f,
                                    const MatrixFreeProblem::JacobianRows& iMJ,
                                    const Eigen::VectorXd& x,
                                    Eigen::Matrix<double, 6, Eigen::Dynamic>& fc) {
  fc.setZero();
  const int n = f.size();
  for (int i = 0; i < n; ++i) {
    if (x[i] == 0.0) continue;
    for (int side = 0; side < 2; ++side)
      if (const int body = f.bodies(i, side); body >= 0)
        fc.col(body) += x[i] * iMJ.row(i).segment<6>(6 * side).transpose();
  }
}

double MatrixFreeOperator::rowDot(const MatrixFreeProblem& f,
                                  int i,
                                  const Eigen::Matrix<double, 6, Eigen::Dynamic>& fc) {
  double value = 0.0;
  const int body1 = f.bodies(i, 0);
  const int body2 = f.bodies(i, 1);
  if (body1 >= 0) value += f.J.row(i).segment<6>(0).dot(fc.col(body1).transpose());
  if (body2 >= 0) value += f.J.row(i).segment<6>(6).dot(fc.col(body2).transpose());
  return value;
}

void MatrixFreeOperator::begin(const Eigen::VectorXd& x) { accumulate(*m_factors, m_iMJ, x, m_fc); }

double MatrixFreeOperator::rowProduct(int i, const Eigen::VectorXd& x) const {
  return rowDot(*m_factors, i, m_fc) + m_factors->cfm[i] * x[i];
}

void MatrixFreeOperator::update(int i, double delta) {
  const int body1 = m_factors->bodies(i, 0);
  const int body2 = m_factors->bodies(i, 1);
  if (body1 >= 0) m_fc.col(body1) += delta * m_iMJ.row(i).segment<6>(0).transpose();
  if (body2 >= 0) m_fc.col(body2) += delta * m_iMJ.row(i).segment<6>(6).transpose();
}

void MatrixFreeOperator::multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  const MatrixFreeProblem& f = *m_factors;
  accumulate(f, m_iMJ, x, m_scratch);
  const int n = f.size();
  for (int i = 0; i < n; ++i) out[i] = rowDot(f, i, m_scratch) + f.cfm[i] * x[i];
}

}  // namespace mlcp::detail
