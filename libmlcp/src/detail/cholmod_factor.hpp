#pragma once

#include "sparse_pattern.hpp"

#include <memory>

namespace mlcp::detail {

/// A sparse Cholesky factorization K = L L^T (or L D L^T) by SuiteSparse's CHOLMOD, of a
/// symmetric positive definite n x n matrix given by its lower triangle: the fill-reducing
/// ordering and symbolic analysis once per pattern (analyse()), numeric factorizations as the
/// values change (factorize()), solves with reused workspace (cholmod_solve2). After the first
/// factorization and solve at a pattern, neither allocates.
///
/// The matrix is read in place from a SparsePattern (lower triangle, sorted, int indices),
/// which must outlive the calls and keep its pattern between analyse() and factorize().
class CholmodFactor {
 public:
  CholmodFactor();
  ~CholmodFactor();
  CholmodFactor(const CholmodFactor&) = delete;
  CholmodFactor& operator=(const CholmodFactor&) = delete;

  /// Orders and analyses the pattern of `lower`.
  void analyse(const SparsePattern& lower);
  /// Factors the values now in `lower` (same pattern as analysed). False when the matrix is not
  /// positive definite in rounding (a pivot <= 0).
  bool factorize(const SparsePattern& lower);
  /// x = K^-1 rhs (n each; they may not alias).
  void solve(const double* rhs, double* x);

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::detail
