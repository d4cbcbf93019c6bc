#pragma once

#include "core/column_runs.hpp"
#include "linalg/dense_kernels.hpp"

#include <Eigen/Core>

namespace mlcp::detail {

/// Row access of the PGS sweep on the assembled A (n x n): keeps the product A x current by a
/// column update after each change of x_i, so a row visit costs O(n) with contiguous memory
/// (A is column-major), or the length of the column's nonzero runs (ColumnRuns) when A is sparse
/// in blocks, and A need not be symmetric. The dense twin of FactorOperator.
class DenseRows {
 public:
  /// @param[in] A (n x n), kept by reference
  /// @param[in] columns the nonzero runs of A's columns (ColumnRuns::analyse(A)), by reference
  /// @param[in,out] product (n) workspace holding A x
  DenseRows(const Eigen::MatrixXd& A, const ColumnRuns& columns, Eigen::VectorXd& product)
      : m_A(A), m_columns(columns), m_product(product) {}

  /// A_ii.
  double diagonal(int i) const { return m_A(i, i); }
  /// product = A x. O(n^2).
  void begin(const Eigen::VectorXd& x) {
    const int n = static_cast<int>(m_A.rows());
    multiply(n, n, m_A.data(), n, x.data(), m_product.data());
  }
  /// (A x)_i for the x of begin() and the updates since.
  double rowProduct(int i, const Eigen::VectorXd& /*x*/) const { return m_product[i]; }
  /// Records x_i += delta: product += delta A(:, i). O(n), or the length of the column's runs.
  void update(int i, double delta) { m_columns.addColumn(m_A, i, delta, m_product); }
  /// What is kept of A x (the product itself): linear in x, so that a method that combines
  /// iterates (NNCG) can combine their states instead of multiplying again.
  Eigen::VectorXd& state() { return m_product; }

 private:
  const Eigen::MatrixXd& m_A;
  const ColumnRuns& m_columns;
  Eigen::VectorXd& m_product;
};

}  // namespace mlcp::detail
