#pragma once

#include "linalg/sparse_pattern.hpp"

#include <memory>

namespace mlcp::detail {

/// A sparse LU factorization of a general n x n matrix in compressed sparse columns by
/// SuiteSparse's UMFPACK [Davis UMFPACK]: a multifrontal method, whose frontal matrices are dense
/// and factored by the BLAS (level 3). Where the factorization has many flops (the body-space K
/// of a pile of a thousand bodies: 1e8 and more) this is 2 to 3 times as fast as KLU's
/// left-looking sparse kernel (docs/bpp.md, "The factorizations measured"); below a few 1e7 KLU
/// is as fast or faster and, unlike this class, refactors without allocating.
///
/// analyse() orders the pattern (UMFPACK's symbolic analysis: COLAMD or AMD as its strategy
/// chooses) once per pattern; factorize() makes a new numeric factorization each time (UMFPACK
/// allocates it: the one allocating call after analyse()); solve() runs without iterative
/// refinement and without allocating (its workspace comes from analyse()).
///
/// The matrix is read from a SparsePattern, which must keep the pattern it had at analyse().
class UmfpackFactor {
 public:
  UmfpackFactor();
  ~UmfpackFactor();
  UmfpackFactor(const UmfpackFactor&) = delete;
  UmfpackFactor& operator=(const UmfpackFactor&) = delete;

  /// Orders and analyses the pattern of `matrix` (its values guide the choice of strategy);
  /// forgets any earlier factorization.
  /// @throws std::runtime_error when UMFPACK cannot analyse it (out of memory)
  void analyse(const SparsePattern& matrix);
  /// Factors the values now in `matrix` (same pattern as analysed). False when it is singular in
  /// rounding (a zero pivot, or a reciprocal condition estimate that is zero or not finite).
  /// @throws std::runtime_error when UMFPACK runs out of memory
  bool factorize(const SparsePattern& matrix);
  /// x = K^-1 rhs (n each; they may not alias) with the last factorization.
  void solve(const double* rhs, double* x);

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::detail
