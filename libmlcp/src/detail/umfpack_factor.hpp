#pragma once

#include "sparse_pattern.hpp"

#include <memory>

namespace mlcp::detail {

/// A sparse LU factorization P K Q = L U by SuiteSparse's UMFPACK of a general n x n matrix in
/// compressed sparse columns: the column ordering and symbolic analysis once per pattern
/// (analyse()), numeric factorizations as the values change (factorize(); UMFPACK allocates
/// its numeric object there), solves without allocation (umfpack_di_wsolve).
///
/// The matrix is read in place from a SparsePattern, which must outlive the calls and keep its
/// pattern between analyse() and factorize().
class UmfpackFactor {
 public:
  UmfpackFactor();
  ~UmfpackFactor();
  UmfpackFactor(const UmfpackFactor&) = delete;
  UmfpackFactor& operator=(const UmfpackFactor&) = delete;

  /// Orders and analyses the pattern of `matrix`.
  void analyse(const SparsePattern& matrix);
  /// Factors the values now in `matrix` (same pattern as analysed). False when it is singular.
  bool factorize(const SparsePattern& matrix);
  /// x = K^-1 rhs (n each; they may not alias).
  void solve(const double* rhs, double* x);

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::detail
