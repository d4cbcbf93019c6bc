#pragma once

#include <Eigen/Core>

namespace mlcp::detail {

/// The linear algebra of Dantzig's pivoting (DantzigPivoting) on the clamped set C: products
/// with the rows of A and a factorization of A(C,C) updated as rows enter and leave C. Two
/// forms: DenseClampedSystem (a dense L D L^T of A(C,C), ODE's) and SparseClampedSystem (a
/// sparse L D L^T kept by row additions and deletions, docs/sparse-pivoting.md).
///
/// Used terms: A (n x n, symmetric; only its lower triangle is read), positions as in
/// DantzigPivoting: rowOf[p] is the caller's row at position p, C = positions 0 .. nC-1 (the
/// rows in the factor), N = the positions after C the pivoting asks about. Vectors indexed
/// "by position" follow the pivoting's order. Allocation: resize() and a new matrix only.
class ClampedSystem {
 public:
  virtual ~ClampedSystem() = default;

  /// Sizes the workspace for n rows.
  virtual void resize(int n) = 0;
  /// Starts a pass: C empty, positions given by rowOf / positionOf (n each, kept by reference,
  /// owned by the pivoting, which tells every change through swapPositions()).
  virtual void load(const Eigen::VectorXi& rowOf, const Eigen::VectorXi& positionOf) = 0;
  /// Positions a and b exchange their rows (after the pivoting swapped rowOf / positionOf).
  virtual void swapPositions(int a, int b) = 0;

  /// A_ii of the row at position i.
  virtual double diagonal(int i) const = 0;
  /// sum over positions q < count of A(i, q) x_q (x by position; count <= n).
  virtual double rowTimes(int i, const Eigen::VectorXd& x, int count) const = 0;
  /// sum over every position q of A(i, q) x_q, accumulated in long double (for the residual
  /// of DantzigPivoting's iterative refinement).
  virtual long double rowTimesExtended(int i, const Eigen::VectorXd& x) const = 0;
  /// out (by position, 0 .. nC-1) = A(C,C)^-1 rhs (rhs by position, 0 .. nC-1).
  virtual void solveClamped(int nC, const Eigen::VectorXd& rhs, Eigen::VectorXd& out) = 0;
  /// deltaX (by position, 0 .. nC-1) = -dir A(C,C)^-1 A(C,i): how x_C moves when x_i moves by
  /// dir while w_C stays 0.
  virtual void clampedDirection(int i, double dir, int nC, Eigen::VectorXd& deltaX) = 0;
  /// deltaW (by position, nC .. nC+nN-1) = A(N,C) deltaX(C) + dir A(N,i); returns
  /// delta w_i = A(i,C) deltaX(C) + dir A_ii.
  virtual double directionOfW(int i,
                              double dir,
                              int nC,
                              int nN,
                              const Eigen::VectorXd& deltaX,
                              Eigen::VectorXd& deltaW) = 0;
  /// Adds the row at position p to the factor of A(C,C) (C has nC rows before). False when its
  /// pivot d = A_pp - A(p,C) A(C,C)^-1 A(C,p) is <= pivotTolerance * A_pp (singular): the factor
  /// is then unusable until the next load().
  virtual bool addToFactor(int p, int nC, double pivotTolerance) = 0;
  /// Removes the row at position p (in C) from the factor.
  virtual void removeFromFactor(int p, int nC) = 0;
};

}  // namespace mlcp::detail
