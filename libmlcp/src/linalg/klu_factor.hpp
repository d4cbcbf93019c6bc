#pragma once

#include "linalg/sparse_pattern.hpp"

#include <memory>

namespace mlcp::detail {

/// A sparse LU factorization of a general n x n matrix in compressed sparse columns by
/// SuiteSparse's KLU (made for the repeated factorizations of circuit simulation): the
/// block-triangular and fill-reducing orderings once per pattern (analyse()); the first numeric
/// factorization chooses the pivots, later ones reuse that pivot sequence (klu_refactor, which
/// allocates nothing; static pivoting). A zero pivot makes it pivot anew (allocating); when the
/// kept pivots give a large growth (reciprocal pivot growth, klu_rgrowth, below 1e-10) the solves
/// are refined iteratively [Li & Demmel, "Making sparse Gaussian elimination scalable by static
/// pivoting", SC 1998] without allocation.
///
/// The matrix is read in place from a SparsePattern, which must outlive the calls and keep its
/// pattern between analyse() and factorize().
class KluFactor {
 public:
  KluFactor();
  ~KluFactor();
  KluFactor(const KluFactor&) = delete;
  KluFactor& operator=(const KluFactor&) = delete;

  /// Orders and analyses the pattern of `matrix`; forgets the pivots of earlier values.
  void analyse(const SparsePattern& matrix);
  /// Factors the values now in `matrix` (same pattern as analysed; it must stay alive and
  /// unchanged until the solves are done). False when it is singular in rounding.
  bool factorize(SparsePattern& matrix);
  /// x = K^-1 rhs (n each; they may not alias), refined when the pivots gave a large growth.
  void solve(const double* rhs, double* x);
  /// Factorizations that chose their pivots anew (klu_factor: allocates) since the last
  /// analyse().
  int pivotingFactorizations() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::detail
