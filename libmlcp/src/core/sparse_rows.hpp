#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>

namespace mlcp::detail {

/// Row access of the PGS sweep on a sparse A (n x n, compressed sparse columns): keeps the
/// product A x current by adding delta A(:, i) over the column's stored entries after each change
/// of x_i, so a row visit costs the column's nonzeros and A need not be symmetric. The sparse
/// twin of DenseRows.
class SparseRows {
 public:
  /// @param[in] A (n x n) compressed, kept by reference
  /// @param[in] diagonal (n) diag(A), kept by reference
  /// @param[in,out] product (n) workspace holding A x
  SparseRows(const Eigen::SparseMatrix<double>& A,
             const Eigen::VectorXd& diagonal,
             Eigen::VectorXd& product)
      : m_A(A), m_diagonal(diagonal), m_product(product) {}

  /// A_ii.
  double diagonal(int i) const { return m_diagonal[i]; }
  /// product = A x. O(nonzeros).
  void begin(const Eigen::VectorXd& x) { m_product.noalias() = m_A * x; }
  /// (A x)_i for the x of begin() and the updates since.
  double rowProduct(int i, const Eigen::VectorXd& /*x*/) const { return m_product[i]; }
  /// Records x_i += delta: product += delta A(:, i). O(nonzeros of column i).
  void update(int i, double delta) {
    const int* rows = m_A.innerIndexPtr();
    const double* values = m_A.valuePtr();
    double* out = m_product.data();
    for (int k = m_A.outerIndexPtr()[i]; k < m_A.outerIndexPtr()[i + 1]; ++k)
      out[rows[k]] += delta * values[k];
  }
  /// What is kept of A x (the product itself), linear in x (see DenseRows::state()).
  Eigen::VectorXd& state() { return m_product; }

 private:
  const Eigen::SparseMatrix<double>& m_A;
  const Eigen::VectorXd& m_diagonal;
  Eigen::VectorXd& m_product;
};

}  // namespace mlcp::detail
