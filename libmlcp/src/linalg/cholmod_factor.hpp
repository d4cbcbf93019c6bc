#pragma once

#include "linalg/sparse_pattern.hpp"

#include <memory>
#include <vector>

namespace mlcp::detail {

/// A sparse Cholesky factorization K = L L^T by SuiteSparse's CHOLMOD (simplicial), of a
/// symmetric positive definite n x n matrix given by its upper triangle. analyse() computes the
/// fill-reducing ordering P (CHOLMOD's choice, AMD or METIS) once per pattern and keeps the
/// pattern of P K P^T with a map from each stored entry of K to its place there; factorize()
/// copies the values through that map and factors P K P^T in its natural order, so CHOLMOD
/// neither permutes nor transposes (both allocate) at every factorization; solve() applies P
/// and the triangular solves itself. After analyse(), nothing allocates.
///
/// Simplicial rather than supernodal: the supernodes of contact problems are small, and the
/// supernodal factorization calls the BLAS (a multithreaded BLAS allocates and spawns threads
/// for them); docs/newton.md has the measurements.
///
/// The matrix is read from a SparsePattern (upper triangle, sorted, int indices), which must
/// keep the pattern it had at analyse().
class CholmodFactor {
 public:
  CholmodFactor();
  ~CholmodFactor();
  CholmodFactor(const CholmodFactor&) = delete;
  CholmodFactor& operator=(const CholmodFactor&) = delete;

  /// Supernodal instead of simplicial from the next analyse() on (CHOLMOD's own ordering,
  /// factorization and solves, which call the BLAS; factorize() and solve() then allocate
  /// CHOLMOD's workspace of the permuted matrix).
  void setSupernodal(bool supernodal);
  /// Orders and analyses the pattern of `upper` (the only allocating call).
  /// @throws std::runtime_error when CHOLMOD runs out of memory
  void analyse(const SparsePattern& upper);
  /// Factors the values now in `upper` (same pattern as analysed). False when the matrix is not
  /// positive definite in rounding (a pivot <= 0).
  bool factorize(const SparsePattern& upper);
  /// x = K^-1 rhs (n each; they may alias).
  void solve(const double* rhs, double* x);

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::detail
