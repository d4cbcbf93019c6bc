#pragma once

#include <mlcp/core/operator.hpp>

#include <Eigen/Core>

#include <vector>

namespace mlcp::detail {

/// A symmetric n x n matrix in compressed sparse columns, both triangles stored, made from the
/// lower triangle of a given A (ODE's convention: the upper triangle is not read), so that the
/// sparse Dantzig path sees the matrix the dense path sees. Rows within a column are sorted.
/// Rebuilding it for a matrix of the same pattern allocates nothing, and says that the pattern
/// is unchanged (the symbolic analysis of its factorizations is then reused).
///
/// Used terms: A (n x n), S the symmetric matrix kept, S_ij = A_ij for i >= j, A_ji otherwise.
class SymmetricSparseMatrix {
 public:
  /// Builds S from the lower triangle of A (square). Returns true when the pattern of S differs
  /// from the one held before (or none was). O(nonzeros of A).
  bool assignFromLower(const Operator::SparseMatrix& A);

  /// Rows n.
  int size() const { return m_n; }
  /// Stored entries of S (both triangles).
  int nonZeros() const { return static_cast<int>(m_rowIndex.size()); }
  /// Start of column j in rowIndex()/value() (n + 1 entries).
  const int* columnStart() const { return m_columnStart.data(); }
  const int* rowIndex() const { return m_rowIndex.data(); }
  const double* value() const { return m_value.data(); }
  /// S_jj (n).
  const Eigen::VectorXd& diagonal() const { return m_diagonal; }
  /// out = S x (n each), no allocation.
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out) const;

 private:
  int m_n = 0;
  std::vector<int> m_columnStart, m_rowIndex, m_fill;
  std::vector<double> m_value;
  Eigen::VectorXd m_diagonal;
};

}  // namespace mlcp::detail
