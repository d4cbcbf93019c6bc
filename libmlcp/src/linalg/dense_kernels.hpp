#pragma once

#include <string_view>

namespace mlcp::detail {

/// The dense kernels of the pivoting, sweeping and gradient solvers (Eigen's), built for the
/// processor they run on: the library holds them twice, compiled for the x86-64 baseline (SSE2)
/// and for AVX2 with FMA (x86-64-v3; in its own namespace, Eigen renamed, so the two builds'
/// instantiations never mix), and the first call picks the AVX2 build when the processor has
/// AVX2 and FMA (run-time dispatch, measured 1.2-1.5x on these kernels). Elsewhere, or with the
/// environment variable MLCP_DENSE_KERNELS=baseline, the baseline build runs.
///
/// Matrices are column-major with a leading dimension ld (Eigen's default storage); vectors
/// are contiguous. Nothing here allocates. The two builds may differ in the last bits (FMA).

/// y[0..n) += a x[0..n).
void axpy(int n, double a, const double* x, double* y);

/// y[0..rows) = A x, A (rows x cols) column-major with leading dimension ld.
void multiply(int rows, int cols, const double* A, int ld, const double* x, double* y);

/// y[0..cols) = A^T x, A (rows x cols) column-major with leading dimension ld.
void multiplyTransposed(int rows, int cols, const double* A, int ld, const double* x, double* y);

/// C += A B^T: C (m x n), A (m x k), B (n x k), column-major with leading dimensions lda, ldb,
/// ldc. The product's blocking lives on the stack while m n + (m + n) k stays within about
/// 16,384 entries (Eigen's stack limit), on the heap beyond.
void addProductTransposed(
    int m, int n, int k, const double* A, int lda, const double* B, int ldb, double* C, int ldc);

/// Solves U z = b in place (b becomes z), U (n x n) unit upper triangular, column-major with
/// leading dimension ld (only its strictly upper part is read). A row-major unit lower L is this
/// U = L^T in memory: L^T z = b is solveUnitUpper(), L z = b solveUnitUpperTransposed().
/// Below 32 rows both are plain substitution loops (Eigen's blocked solver above).
void solveUnitUpper(int n, const double* U, int ld, double* b);

/// Solves U^T z = b in place, U as in solveUnitUpper().
void solveUnitUpperTransposed(int n, const double* U, int ld, double* b);

/// LU with partial pivoting of the square G (m x m, column-major, leading dimension ld) in place,
/// in Crout's left-looking order: column j and row j of the factors each come from one
/// matrix-vector product with the factors found so far (about 1.4 times as fast as the rank-one
/// update of the whole trailing block per column). Row j is exchanged with row pivot[j] (m
/// entries). False when a pivot is at most relativePivot max |G| (G then holds a partial
/// factorization).
bool factorLu(int m, double* G, int ld, int* pivot, double relativePivot);

/// Solves G y = rhs in place (rhs becomes y, m entries) with the factors of factorLu(). False
/// when y is not finite.
bool solveLu(int m, const double* G, int ld, const int* pivot, double* rhs);

/// The build the kernels run on here: "avx2+fma" or "baseline", for benchmark reports.
std::string_view denseKernelTarget();

}  // namespace mlcp::detail
