#pragma once

#include <Eigen/Core>

namespace mlcp::detail {

/// Solves a boxed LCP from a guess of its index sets by block principal pivoting
/// [Judice & Pires 1994]: rows outside the clamped set sit at a bound, the clamped rows solve
/// w_C = 0 exactly, then rows that violate (x_C outside its box, w_N of the wrong sign) change
/// set; at most maxRounds times. Used by DantzigSolver to finish warm from the sets of a
/// pivoting pass.
///
/// With friction coupling, a friction row i (findex_i = k >= 0) at a bound is not held at a
/// number but at x_i = +-|hi_i| x_k, so the clamped system is solved together with the normal
/// forces it depends on: the answer then has friction bounds consistent with its own normals,
/// which a pivoting pass with frozen bounds (ODE's) cannot give. The coupled system is not
/// symmetric and is solved by LU with partial pivoting.
///
/// Used terms: A (n x n), b, lo, hi (n), findex (n), w = A x - b; sets (n): 0 clamped, 1 at the
/// lower bound, 2 at the upper bound. Allocates nothing after resize().
class ActiveSetRefinement {
 public:
  void resize(int n);

  /// @param[in] lo, hi bounds; on friction rows hi holds mu (coupled) when coupleFriction,
  ///   otherwise lo/hi are the fixed effective bounds of every row and findex is ignored
  /// @param[in,out] sets guess on entry, the accepted sets on success
  /// @param[in,out] x (n) previous solution on entry (its normals give the signs of the
  ///   coupling), the solution on success
  /// @param[in] tolerance absolute tolerance on bound and sign violations
  /// @return true when sets were found whose solution satisfies every condition
  bool solve(const Eigen::MatrixXd& A,
             const Eigen::VectorXd& b,
             const Eigen::VectorXd& lo,
             const Eigen::VectorXd& hi,
             const Eigen::VectorXi& findex,
             bool coupleFriction,
             Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets,
             int maxRounds,
             double tolerance,
             Eigen::VectorXd& x);

 private:
  bool factorAndSolve(int m);

  Eigen::MatrixXd m_G;
  Eigen::VectorXd m_rhs, m_w, m_coupling, m_sign;
  Eigen::VectorXi m_unknown;  // per unknown: row
  Eigen::VectorXi m_column;   // per row: unknown index, or -1
};

}  // namespace mlcp::detail
