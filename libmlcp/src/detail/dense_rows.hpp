#pragma once

#include <Eigen/Core>

namespace mlcp::detail {

/// Row access of the PGS sweep on the assembled A (n x n): keeps the product A x current by a
/// column update after each change of x_i, so a row visit costs O(n) with contiguous memory
/// (A is column-major) and A need not be symmetric. The dense twin of MatrixFreeOperator.
class DenseRows {
 public:
  /// @param[in] A (n x n), kept by reference
  /// @param[in,out] product (n) workspace holding A x
  DenseRows(const Eigen::MatrixXd& A, Eigen::VectorXd& product) : m_A(A), m_product(product) {}

  /// A_ii.
  double diagonal(int i) const { return m_A(i, i); }
  /// product = A x. O(n^2).
  void begin(const Eigen::VectorXd& x) { m_product.noalias() = m_A * x; }
  /// (A x)_i for the x of begin() and the updates since.
  double rowProduct(int i, const Eigen::VectorXd& /*x*/) const { return m_product[i]; }
  /// Records x_i += delta: product += delta A(:, i). O(n).
  void update(int i, double delta) { m_product.noalias() += delta * m_A.col(i); }

 private:
  const Eigen::MatrixXd& m_A;
  Eigen::VectorXd& m_product;
};

}  // namespace mlcp::detail
