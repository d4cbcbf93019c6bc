#pragma once

#include <Eigen/Core>

namespace mlcp::detail {

/// How a run of Lemke's method ended.
enum class LemkeOutcome {
  Solved,        ///< the artificial variable z0 left the basis: y solves the LCP
  SecondaryRay,  ///< the entering column has no blocking row (ray termination)
  PivotLimit,    ///< maxPivots pivots without an answer
  TimeLimit,     ///< the deadline passed
};

/// Lemke's complementary pivoting method with the lexicographic ratio test, for the standard LCP
///
///   u = M y + q,   y >= 0,  u >= 0,  y^T u = 0    (M: N x N, any matrix; q: N)
///
/// [Lemke 1965; Cottle, Pang & Stone 1992, Sec. 4.4 (the method; Scheme I: covering vector
/// d = 1) and Sec. 4.9 (degeneracy resolved by the lexicographic ordering)].
///
/// Used terms: the tableau is  I u - M y - d z0 = q (covering vector d)  with variables u_1..u_N
/// (index 0..N-1), y_1..y_N (N..2N-1) and the artificial z0 (2N). B is the basis (N columns of [I,
/// -M, -d]), beta = B^-1 q the basic values.
///
/// Steps:
///  1. q >= 0: y = 0 solves it.
///  2. z0 enters; the row of the largest -q_r / d_r leaves (ties: the largest index, which keeps
///     every row of [beta, B^-1] lexicographically positive; with d = 1, the most negative q_r).
///  3. The complement of the variable that left enters. Ratio test over rows with
///     (B^-1 a)_i > 0: the smallest beta_i / (B^-1 a)_i, ties broken by the lexicographically
///     smallest row of B^-1 / (B^-1 a)_i, and z0 leaves whenever it ties. No blocking row:
///     secondary ray (M is then not copositive-plus on the problem, or the LCP has no solution).
///  4. Repeat 3 until z0 leaves.
///
/// B^-1 is kept explicitly and updated by Gauss-Jordan pivots (O(N^2) per pivot); every
/// refactorInterval pivots it is recomputed from the basis columns (LU with partial pivoting,
/// O(N^3)); at the end beta = B^-1 q is recomputed from a fresh LU and refined once.
/// Memory: reserve(N) allocates two N x N matrices; solve() allocates nothing.
class LemkePivoting {
 public:
  /// Sizes the workspace for LCPs of up to `capacity` rows.
  void reserve(int capacity);

  /// Runs the method on (M, q) of size N <= capacity with covering vector d.
  /// @param[in] M (N x N), q (N)
  /// @param[in] d (N) the covering vector: d_i > 0 wherever q_i < 0, d >= 0 (1: Scheme I; a d
  ///            that is 0 on the rows with q_i > 0 moves only the infeasible rows, the
  ///            homotopy from q + d z0 to q)
  /// @param[in] maxPivots pivot limit
  /// @param[in] pivotTolerance a column entry is a pivot candidate when > tol max|column|
  /// @param[in] refactorInterval pivots between recomputations of B^-1
  /// @param[in] deadlineSeconds steady-clock time to give up at (<= 0: none)
  /// @param[out] y (N) the solution when Solved; otherwise the basic y of the last basis (z0
  ///             dropped), clamped at 0
  LemkeOutcome solve(const Eigen::Ref<const Eigen::MatrixXd>& M,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& d,
                     int maxPivots,
                     double pivotTolerance,
                     int refactorInterval,
                     double deadlineSeconds,
                     Eigen::Ref<Eigen::VectorXd> y);

  /// Pivots of the last solve (the first z0 pivot included).
  int pivots() const { return m_pivots; }

 private:
  /// Column of `variable` in [I, -M, -d] (N).
  void column(const Eigen::Ref<const Eigen::MatrixXd>& M,
              int variable,
              Eigen::Ref<Eigen::VectorXd> out) const;
  /// Leaving row for the entering column B^-1 a held in m_column; -1 when none blocks.
  int ratioTest(int N, double pivotTolerance);
  /// Gauss-Jordan pivot on (row, m_column): updates B^-1, beta and the basis.
  void pivot(int N, int row, int entering);
  /// LU (partial pivoting) of the basis columns into m_work; false when B is singular.
  bool factorBasis(const Eigen::Ref<const Eigen::MatrixXd>& M);
  /// v := B^-1 v (N) with the factors of factorBasis().
  void solveBasis(int N, Eigen::Ref<Eigen::VectorXd> v) const;
  /// beta += B^-1 (q - B beta): one step of iterative refinement.
  void refineBeta(const Eigen::Ref<const Eigen::MatrixXd>& M,
                  const Eigen::Ref<const Eigen::VectorXd>& q);
  /// Recomputes B^-1 and beta from the basis; false (nothing changed) when B is singular.
  bool refactor(const Eigen::Ref<const Eigen::MatrixXd>& M,
                const Eigen::Ref<const Eigen::VectorXd>& q);
  /// Recomputes beta only (the last step); false (nothing changed) when B is singular.
  bool finalBeta(const Eigen::Ref<const Eigen::MatrixXd>& M,
                 const Eigen::Ref<const Eigen::VectorXd>& q);
  /// y (N) from the basic values, z0 dropped, clamped at 0.
  void extract(int N, Eigen::Ref<Eigen::VectorXd> y) const;

  Eigen::MatrixXd m_inverse;  // B^-1 (capacity^2, top-left N x N used)
  Eigen::MatrixXd m_work;     // B during refactorization
  Eigen::VectorXd m_beta, m_column, m_row, m_residual, m_cover;  // m_cover: d
  Eigen::VectorXi m_basis, m_position, m_candidates, m_pivotRows;
  int m_pivots = 0;
};

}  // namespace mlcp::detail
