#pragma once

#include "pivoting/sparse_clamped_factor.hpp"

#include <Eigen/Core>

namespace mlcp::detail {

class SymmetricSparseMatrix;

/// Solves a boxed LCP from a guess of its index sets by block principal pivoting
/// [Judice & Pires 1994]: rows outside the clamped set sit at a bound, the clamped rows solve
/// w_C = 0 exactly, then rows that violate (x_C outside its box, w_N of the wrong sign) change
/// set; at most maxRounds times, and no more once the count of violating rows has not
/// reached a new low in 3 rounds (block exchanges can cycle). Used by DantzigSolver to finish warm
/// from the sets of a pivoting pass.
///
/// With friction coupling, a friction row i (findex_i = k >= 0) at a bound is not held at a
/// number but at x_i = +-|hi_i| x_k, so the clamped system is solved together with the normal
/// forces it depends on: the answer then has friction bounds consistent with its own normals,
/// which a pivoting pass with frozen bounds (ODE's) cannot give. The coupled system
///
///     G x_C = r,   G = A(C,C) + sum over coupled rows i of c_i A(C,i) e_k^T   (c_i = +-|hi_i|)
///
/// is not symmetric. Dense A: G is formed and solved by LU with partial pivoting. Sparse A
/// (docs/sparse-pivoting.md): A(C,C) is kept factored by a SparseClampedFactor (rows added and
/// deleted as C changes between rounds and calls, the symbolic analysis kept while the pattern
/// is) and G = A(C,C) + U E^T (one column u_k per coupled normal k) is solved by the
/// Sherman-Morrison-Woodbury formula: H = I + E^T A(C,C)^-1 U (dense, one column per coupled
/// normal), x_C = A(C,C)^-1 (r - U H^-1 E^T A(C,C)^-1 r), with two steps of iterative refinement.
///
/// The accepted answer gets two steps of iterative refinement with the factors of its round, the
/// residual accumulated in long double (x_C to about machine precision, whichever form).
///
/// Every test is relative to the row's own scale d_i (mlcp::rowScale, as the scaled residual):
/// a row is violated when |x_i - clamp(x_i - w_i / d_i, l_i, u_i)| > tolerance * X, X the size
/// of the answer, so scaling rows of A and b changes nothing.
///
/// Used terms: A (n x n), b, lo, hi (n), findex (n), w = A x - b; sets (n): 0 clamped, 1 at the
/// lower bound, 2 at the upper bound. Allocates nothing after the first solve at a pattern
/// (dense: the n x n buffer of G; sparse: the factor's analysis, H grown to the coupled normals).
class ActiveSetRefinement {
 public:
  /// Sizes the vectors for n rows.
  void resize(int n);
  /// Works on the dense A (kept by reference until the next setMatrix).
  void setMatrix(const Eigen::MatrixXd& A);
  /// Works on the sparse S (kept by reference); patternChanged: a new symbolic analysis.
  void setMatrix(const SymmetricSparseMatrix& S, bool patternChanged);

  /// @param[in] lo, hi bounds; on friction rows hi holds mu (coupled) when coupleFriction,
  ///   otherwise lo/hi are the fixed effective bounds of every row and findex is ignored
  /// @param[in] rowScales (n) d_i of the scaled residual (mlcp::rowScale of A's row and b_i)
  /// @param[in,out] sets guess on entry, the accepted sets on success
  /// @param[in,out] x (n) previous solution on entry (its normals give the signs of the
  ///   coupling), the solution on success
  /// @param[in] tolerance relative tolerance on the scaled violations (see class comment)
  /// @return true when sets were found whose solution satisfies every condition
  bool solve(const Eigen::VectorXd& b,
             const Eigen::VectorXd& lo,
             const Eigen::VectorXd& hi,
             const Eigen::VectorXi& findex,
             bool coupleFriction,
             const Eigen::VectorXd& rowScales,
             Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets,
             int maxRounds,
             double tolerance,
             Eigen::VectorXd& x);

 private:
  int chooseUnknowns(Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets);
  bool fixRows(const Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets, Eigen::VectorXd& x);
  bool solveDense(const Eigen::VectorXd& b, int m, Eigen::VectorXd& x);
  bool solveSparse(const Eigen::VectorXd& b, int m, Eigen::VectorXd& x);
  bool syncFactor(int m);
  int collectCoupled();
  bool factorCapacitance(int coupled);
  bool applyInverse(const Eigen::VectorXd& in, int coupled, Eigen::VectorXd& out);
  void scatterCoupling(int normal, double factor, Eigen::VectorXd& out) const;
  void multiplyA(const Eigen::VectorXd& x, Eigen::VectorXd& out) const;
  double residualExtended(const Eigen::VectorXd& b, int u, const Eigen::VectorXd& x) const;
  void polish(const Eigen::VectorXd& b, int m, Eigen::VectorXd& x);
  int countViolations(const Eigen::VectorXd& b,
                      const Eigen::VectorXd& rowScales,
                      double tolerance,
                      Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets,
                      const Eigen::VectorXd& x,
                      bool& signsChanged);

  const Eigen::MatrixXd* m_dense = nullptr;
  const SymmetricSparseMatrix* m_sparse = nullptr;
  // The problem of the current solve().
  const Eigen::VectorXd* m_lo = nullptr;
  const Eigen::VectorXd* m_hi = nullptr;
  const Eigen::VectorXi* m_findex = nullptr;
  bool m_couple = false;
  int m_n = 0;
  int m_coupledCount = 0;  // sparse: coupled normals of the last solve of G

  Eigen::MatrixXd m_G;  // dense: G (n x n, on first use); sparse: H (grown to the normals)
  Eigen::VectorXd m_rhs, m_w, m_coupling, m_sign, m_y, m_u, m_v, m_t, m_dy;
  Eigen::VectorXi m_pivot;         // row exchanges of the LU of m_G
  Eigen::VectorXi m_unknown;       // per unknown: row
  Eigen::VectorXi m_column;        // per row: unknown index, or -1
  Eigen::VectorXi m_firstCoupled;  // sparse: per normal, its first coupled friction row, or -1
  Eigen::VectorXi m_nextCoupled;   // sparse: per friction row, the next one of its normal
  Eigen::VectorXi m_coupled;       // sparse: the coupled normals K
  SparseClampedFactor m_factor;
};

}  // namespace mlcp::detail
