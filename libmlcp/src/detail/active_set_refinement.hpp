#pragma once

#include <Eigen/Core>

namespace mlcp::detail {

/// Solves a boxed LCP with fixed bounds from a guess of its index sets, by block principal
/// pivoting [Judice & Pires 1994]: x_N at its bound, A(C,C) x_C = b_C - A(C,N) x_N by Cholesky,
/// then rows that violate (x_C outside its box, w_N of the wrong sign) change set; repeated at
/// most maxRounds times. Used by DantzigSolver to re-solve, warm, after the friction bounds moved.
///
/// Used terms: A (n x n, symmetric), b, l, u (n), w = A x - b; sets (n): 0 clamped, 1 at l,
/// 2 at u. Allocates nothing after resize().
class ActiveSetRefinement {
 public:
  void resize(int n);

  /// @param[in,out] sets guess on entry, the accepted sets on success
  /// @param[out] x (n) the solution on success
  /// @param[in] tolerance absolute tolerance on bound and sign violations
  /// @return true when a set was found whose solution satisfies every condition
  bool solve(const Eigen::MatrixXd& A,
             const Eigen::VectorXd& b,
             const Eigen::VectorXd& l,
             const Eigen::VectorXd& u,
             Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets,
             int maxRounds,
             double tolerance,
             Eigen::VectorXd& x);

 private:
  Eigen::MatrixXd m_M;
  Eigen::VectorXd m_rhs, m_w;
  Eigen::VectorXi m_clamped;
};

}  // namespace mlcp::detail
