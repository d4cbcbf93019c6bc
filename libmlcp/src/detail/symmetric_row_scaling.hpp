#pragma once

#include <mlcp/mixed_lcp.hpp>

#include <Eigen/Core>

namespace mlcp::detail {

/// Finds whether A is symmetric, or symmetric after scaling its rows: a positive diagonal T with
/// T A symmetric. Scaling row i of A and b by t_i > 0 changes neither the solution x nor the
/// sign of any w_i, so Dantzig (which needs a symmetric A) solves (T A, T b) instead; a problem
/// whose rows were scaled alone (badly scaled contacts, other units) then takes the pivots of
/// the unscaled one (issue 16).
///
/// Used terms: A (n x n), d the row scales of the scaled residual (mlcp::rowScalesOf); pairs
/// agree when |t_i A_ij - t_j A_ji| <= tolerance sqrt(t_i d_i t_j d_j) (relative to the rows
/// themselves, so that no row's asymmetry hides under the largest entry of A).
/// T is found along the graph of A: t = 1 at the first row of each connected component, then
/// t_j = t_i A_ij / A_ji across every edge (i, j), and checked on every pair.
/// Memory: n integers and numbers (reserve()); a scaled copy of A only when T != I.
class SymmetricRowScaling {
 public:
  /// Sizes the workspace for n rows.
  void reserve(int n);

  /// Examines A. Returns true when A or T A is symmetric (isScaled() tells which); otherwise
  /// asymmetricPair() names a pair (i, j) that no row scaling reconciles.
  /// @param[in] sparse look at problem.sparseA() (otherwise the dense A, in cache-sized tiles)
  bool examine(const ProblemView& problem, double tolerance, bool sparse);

  /// True when A itself is not symmetric but T A is (factors() != 1).
  bool isScaled() const { return m_scaled; }
  /// t (n), the row factors (all 1 when A is symmetric).
  const Eigen::VectorXd& factors() const { return m_factor; }
  /// The pair (i, j), i > j, of the last failed examine().
  int asymmetricRow() const { return m_row; }
  int asymmetricColumn() const { return m_column; }

  /// T A as a dense matrix (a copy, made on the first call after examine()). @pre isScaled()
  const Eigen::MatrixXd& scaledDense(const ProblemView& problem);
  /// T A as a sparse matrix (a copy, made on the first call after examine()). @pre isScaled()
  const Operator::SparseMatrix& scaledSparse(const ProblemView& problem);

 private:
  bool symmetricDense(const ProblemView& problem, double tolerance);
  bool symmetricSparse(const ProblemView& problem, double tolerance);
  bool findFactors(const Operator::SparseMatrix& A);

  bool m_scaled = false;
  bool m_haveDense = false;
  bool m_haveSparse = false;
  int m_row = -1;
  int m_column = -1;
  Eigen::VectorXd m_factor;
  Eigen::VectorXi m_queue;
  Eigen::MatrixXd m_dense;
  Operator::SparseMatrix m_sparse;
};

}  // namespace mlcp::detail
