#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <string>

namespace mlcp::detail {

/// The one home of "is A symmetric, or symmetric after a positive row scaling": a positive
/// diagonal T (the row factors t, W in APGD's notation) with T A symmetric. Scaling row i of A and
/// b by t_i > 0 changes neither the solution x nor the sign of any w_i, so Dantzig (which needs a
/// symmetric A) solves (T A, T b) instead, and APGD and the problem probe work in the metric of
/// T A: a problem whose rows were scaled alone (badly scaled contacts, other units) then takes
/// the steps of the unscaled one (issue 16, docs/conventions.md "Residuals"). Newton's LL^T path
/// asks symmetric() alone (T = I).
///
/// Used terms: A (n x n), d the row scales of the scaled residual (mlcp::rowScalesOf); pairs
/// agree when |t_i A_ij - t_j A_ji| <= tolerance sqrt(t_i d_i t_j d_j) (relative to the rows
/// themselves, so that no row's asymmetry hides under the largest entry of A).
/// T = I when A passes so; otherwise T is found along the graph of A: t = 1 at the first row of
/// each connected component, then t_j = t_i A_ij / A_ji across every edge (i, j) (pairs with
/// |A_ij| <= 1e-12 d_i and |A_ji| <= 1e-12 d_j count as no edge), and checked on every pair.
/// The factor form J M^-1 J^T + diag(cfm) is symmetric by construction (update(): T = I).
/// Cost: O(n^2) dense (in cache-sized tiles), O(nonzeros) sparse (one merge). Memory: n integers
/// and numbers (reserve()); a scaled copy of A only when T != I and asked for.
class SymmetricRowScaling {
 public:
  /// Sizes the workspace for n rows and forgets the last matrix.
  void reserve(int n);

  /// Examines A. Returns true when A or T A is symmetric (isScaled() tells which); otherwise
  /// asymmetricPair() names a pair (i, j) that no row scaling reconciles.
  /// @param[in] sparse look at problem.sparseA() (otherwise the dense A, in cache-sized tiles)
  bool examine(const ProblemView& problem, double tolerance, bool sparse);
  /// examine() with kTolerance unless it ran for this matrix version, on the form A is held in
  /// (the factor form: T = I without a look). Returns whether T A is symmetric; why() tells why
  /// not.
  bool update(const ProblemView& problem, std::uint64_t version);
  /// True when A itself is symmetric (T = I): |A_ij - A_ji| <= tolerance sqrt(d_i d_j) on every
  /// pair. Sets the failing pair as examine() does.
  bool symmetric(const ProblemView& problem, double tolerance, bool sparse);
  /// The tolerance of update() (DantzigOptions::symmetryTolerance's default): A's rounding from a
  /// float engine stays symmetric.
  static constexpr double kTolerance = 1e-6;

  /// True when A itself is not symmetric but T A is (factors() != 1).
  bool isScaled() const { return m_scaled; }
  /// t (n), the row factors (all 1 when A is symmetric).
  const Eigen::VectorXd& factors() const { return m_factor; }
  /// The pair (i, j), i > j, of the last failed examine().
  int asymmetricRow() const { return m_row; }
  int asymmetricColumn() const { return m_column; }
  /// The failing pair of the last update(), in words (empty when it succeeded).
  const std::string& why() const { return m_why; }

  /// T A as a dense matrix (a copy, made on the first call after examine()). @pre isScaled()
  const Eigen::MatrixXd& scaledDense(const ProblemView& problem);
  /// T A as a sparse matrix (a copy, made on the first call after examine()). @pre isScaled()
  const Operator::SparseMatrix& scaledSparse(const ProblemView& problem);

 private:
  bool symmetricDense(const ProblemView& problem, double tolerance);
  bool symmetricSparse(const ProblemView& problem, double tolerance);
  bool findFactors(const ProblemView& problem, bool sparse);
  template <typename Column>
  bool walkFactors(const Eigen::VectorXd& scales, Column&& column);

  bool m_scaled = false;
  bool m_haveDense = false;
  bool m_haveSparse = false;
  int m_row = -1;
  int m_column = -1;
  bool m_valid = false;
  std::uint64_t m_version = ~std::uint64_t{0};
  std::string m_why;
  Eigen::VectorXd m_factor;
  Eigen::VectorXd m_root;  // sqrt(t_i s_i), both tests
  Eigen::VectorXi m_queue;
  Eigen::VectorXi m_cursor;  // sparse test: per column, the next entry of its upper part
  Eigen::MatrixXd m_dense;
  Operator::SparseMatrix m_sparse;
};

}  // namespace mlcp::detail
