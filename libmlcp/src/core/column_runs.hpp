#pragma once

#include "linalg/dense_kernels.hpp"

#include <Eigen/Core>

namespace mlcp::detail {

/// The nonzero pattern of the columns of a dense n x n matrix A as runs of consecutive rows, so
/// that a column update y += a A(:, j) costs the length of the runs instead of n. Contact
/// problems have A = J M^-1 J^T + cfm sparse in blocks (a row couples only with the rows of the
/// contacts on its two bodies: 4 .. 40 % of the entries on the captured problems), which is where
/// Bullet's PGS gains by keeping the nonzero columns of each row; the runs keep the update a
/// contiguous vectorised loop.
///
/// Zero gaps shorter than kGap rows are merged into the runs around them (a few multiplications
/// by zero beat a loop restart). A column keeps its runs only when they cover at most 3/4 of the
/// rows with kRunCost rows of overhead per run, otherwise it is updated whole ("dense"); so is
/// every column once the storage (kRunsPerColumn runs per column on average) is full.
/// Memory: O(n), allocated in resize(); analyse() and addColumn() allocate nothing.
class ColumnRuns {
 public:
  /// Sizes the storage for n x n matrices.
  void resize(int n);

  /// Finds the runs of every column of A (n x n, n as in resize()). O(n^2).
  void analyse(const Eigen::MatrixXd& A);

  /// y += a A(:, j) over the runs of column j (the whole column when it is dense).
  /// @param[in] A the matrix analyse() saw
  void addColumn(const Eigen::MatrixXd& A, int j, double a, Eigen::VectorXd& y) const {
    if (m_dense[j] != 0) {
      detail::axpy(static_cast<int>(A.rows()), a, A.col(j).data(), y.data());
      return;
    }
    // A plain loop: runs are short (3 .. 40 rows), where Eigen's alignment peeling costs more
    // than it saves.
    const double* column = A.col(j).data();
    double* out = y.data();
    for (int r = m_first[j]; r < m_first[j + 1]; ++r)
      for (int t = m_begin[r]; t < m_end[r]; ++t) out[t] += a * column[t];
  }

  /// Fraction of the entries the runs cover (1 when every column is dense), for tests and tuning.
  double coverage() const { return m_coverage; }

 private:
  static constexpr int kGap = 8;
  static constexpr int kRunCost = 8;
  static constexpr int kRunsPerColumn = 16;

  Eigen::VectorXi m_first;  // (n + 1) runs of column j: m_first[j] .. m_first[j + 1] - 1
  Eigen::Matrix<signed char, Eigen::Dynamic, 1> m_dense;  // (n) column j is updated whole
  Eigen::VectorXi m_begin;                                // per run: first row
  Eigen::VectorXi m_end;                                  // per run: one past the last row
  double m_coverage = 1.0;
};

}  // namespace mlcp::detail
