#pragma once

#include <Eigen/Core>

namespace mlcp::detail {

/// LL^T in place of a symmetric positive definite matrix M (n x n, dense storage) whose lower
/// triangle lies in an envelope: row i's entries from column first_i on [George & Liu 1981,
/// Ch. 4]. The factor L has the same envelope (no fill outside it), so the work is
/// sum_i (i - first_i)^2 / 2 multiply-adds instead of n^3 / 6: a chain of bodies numbered along
/// the chain has a band of a few rows, and its 60-row system costs an eighth of the dense one.
/// Memory: reserve(n) allocates first_i (n); analyse() and factor() allocate nothing.
class EnvelopeCholesky {
 public:
  /// Sizes the envelope for n rows.
  void reserve(int n) { m_first.resize(n); }
  /// Finds the envelope of M's lower triangle (first_i: the column of row i's first nonzero, i
  /// when there is none left of the diagonal; O(n^2) at most). Returns the multiply-adds that
  /// factor() will take. @pre M is n x n, n <= the reserved size
  double analyse(const Eigen::MatrixXd& M);
  /// Overwrites M's lower triangle with L (M = L L^T) by rows: for j in [first_i, i)
  ///   L_ij = (M_ij - sum_{k = max(first_i, first_j)}^{j-1} L_ik L_jk) / L_jj,
  ///   L_ii = sqrt(M_ii - sum_{k = first_i}^{i-1} L_ik^2);
  /// the entries left of the envelope stay zero, the strict upper triangle is not touched.
  /// False when a pivot is not positive (M not positive definite in rounding; L is then
  /// incomplete). @pre analyse(M) was called for this M's pattern
  bool factor(Eigen::MatrixXd& M) const;
  /// Solves L L^T x = b in place (b becomes x, n entries) with the factor of factor() in M's
  /// lower triangle, within the envelope: L y = b by rows (y_i from row i's entries on
  /// [first_i, i)), then L^T x = y by columns of L^T (x_i, then y on [first_i, i) less x_i times
  /// row i): 2 sum_i (i - first_i) multiply-adds instead of n^2.
  /// @pre factor(M) returned true
  void solveInPlace(const Eigen::MatrixXd& M, Eigen::VectorXd& b) const;

 private:
  Eigen::VectorXi m_first;  // (n) first_i
};

}  // namespace mlcp::detail
