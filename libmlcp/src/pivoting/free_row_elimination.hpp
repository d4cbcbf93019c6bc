#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

namespace mlcp::detail {

/// Eliminates the free unknowns of a boxed LCP (rows with lo = -inf, hi = +inf, no findex: the
/// nub rows and any other free row) by a Schur complement, so that pivoting works on the
/// bounded rows only.
///
/// Used terms: F is the set of free rows (their w is 0 at a solution, their x unrestricted), G
/// the other rows. A full-pivoting LU of A(F, F) picks its rank r and the r x r nonsingular part
/// A(I, J), I, J in F. Since every free row pairs with every free unknown, the equations I give
///
///   x_J = A(I,J)^-1 (b_I - A(I,C) x_C),     C = the remaining unknowns (F \ J, then G),
///
/// and the remaining rows R = (F \ I, then G) form the reduced problem of n - r rows
///
///   w_R = (A(R,C) - A(R,J) A(I,J)^-1 A(I,C)) x_C - (b_R - A(R,J) A(I,J)^-1 b_I),
///
/// with the bounds and findex of G (its free rows F \ I first): the reduction of a mixed LCP with
/// a nonsingular equality block to an LCP [Cottle, Pang & Stone 1992, Ch. 1]. When A(F,F)
/// is singular (rank r < |F|), the |F| - r remaining free rows stay free in the reduced problem.
/// Memory: reserve(n) allocates three n x n matrices; eliminate() allocates nothing.
class FreeRowElimination {
 public:
  /// Sizes the workspace for problems of up to n rows.
  void reserve(int n);

  /// Builds the reduced problem. Returns the first friction row whose normal row is free (its
  /// box |x_i| <= mu |x_k| is not linear then; nothing is built), or -1. A pivot of A(F,F)
  /// counts for the rank when it exceeds rankTolerance * max |A(F,F)|.
  int eliminate(const ProblemView& problem, double rankTolerance);

  /// Size of the reduced problem, n - r.
  int size() const { return m_size; }
  /// Number of free rows |F| of the problem.
  int freeRows() const { return m_free; }
  /// Number of eliminated unknowns r (= freeRows() when A(F,F) is nonsingular).
  int eliminated() const { return m_rank; }
  /// The reduced problem (size() rows): A, b, lo, hi, findex.
  Eigen::Block<const Eigen::MatrixXd> A() const { return m_A.topLeftCorner(m_size, m_size); }
  Eigen::VectorBlock<const Eigen::VectorXd> b() const { return m_b.head(m_size); }
  Eigen::VectorBlock<const Eigen::VectorXd> lo() const { return m_lo.head(m_size); }
  Eigen::VectorBlock<const Eigen::VectorXd> hi() const { return m_hi.head(m_size); }
  Eigen::VectorBlock<const Eigen::VectorXi> findex() const { return m_findex.head(m_size); }

  /// The original row of reduced row a (0 <= a < size()).
  int originalRow(int a) const { return m_reducedRow[a]; }

  /// xr (size()) of the reduced problem from x (n) of the original: the unknowns it keeps.
  void reduce(const Eigen::Ref<const Eigen::VectorXd>& x, Eigen::Ref<Eigen::VectorXd> xr) const;

  /// x (n) of the original problem from the reduced solution xr (size()).
  void recover(const Eigen::Ref<const Eigen::VectorXd>& xr, Eigen::VectorXd& x) const;

 private:
  int m_n = 0, m_size = 0, m_rank = 0, m_free = 0;
  Eigen::MatrixXd m_lu;                       // LU of A(F,F), full pivoting (top-left |F| x |F|)
  Eigen::MatrixXd m_solved;                   // S = A(I,J)^-1 [A(I,C) b_I]   (r x (n - r + 1))
  Eigen::MatrixXd m_A;                        // reduced A
  Eigen::VectorXd m_b, m_lo, m_hi, m_gather;  // m_gather: one column of A(R,J)
  Eigen::VectorXi m_findex;
  Eigen::VectorXi m_freeRows, m_rowOrder, m_colOrder;  // F; I then F \ I; J then F \ J
  Eigen::VectorXi m_reducedRow, m_reducedCol;          // original index of reduced row / column
  Eigen::VectorXi m_toReduced;                         // reduced index of an original G row
};

}  // namespace mlcp::detail
