#include "linalg/dense_kernels.hpp"

#include <cstdlib>
#include <cstring>

namespace mlcp::detail {

// The builds of dense_kernels.inc (dense_kernels_baseline.cpp, dense_kernels_avx2.cpp).
#define MLCP_DECLARE_KERNELS(space)                                                       \
  namespace space {                                                                       \
  void axpy(int n, double a, const double* x, double* y);                                 \
  void multiply(int rows, int cols, const double* A, int ld, const double* x, double* y); \
  void multiplyTransposed(                                                                \
      int rows, int cols, const double* A, int ld, const double* x, double* y);           \
  void addProductTransposed(int m,                                                        \
                            int n,                                                        \
                            int k,                                                        \
                            const double* A,                                              \
                            int lda,                                                      \
                            const double* B,                                              \
                            int ldb,                                                      \
                            double* C,                                                    \
                            int ldc);                                                     \
  void solveUnitUpper(int n, const double* U, int ld, double* b);                         \
  void solveUnitUpperTransposed(int n, const double* U, int ld, double* b);               \
  bool factorLu(int m, double* G, int ld, int* pivot, double relativePivot);              \
  bool solveLu(int m, const double* G, int ld, const int* pivot, double* rhs);            \
  }
MLCP_DECLARE_KERNELS(baseline)
#if MLCP_HAVE_AVX2_KERNELS
MLCP_DECLARE_KERNELS(avx2)
#endif
#undef MLCP_DECLARE_KERNELS

namespace {

struct Kernels {
  void (*axpy)(int, double, const double*, double*);
  void (*multiply)(int, int, const double*, int, const double*, double*);
  void (*multiplyTransposed)(int, int, const double*, int, const double*, double*);
  void (*addProductTransposed)(int, int, int, const double*, int, const double*, int, double*, int);
  void (*solveUnitUpper)(int, const double*, int, double*);
  void (*solveUnitUpperTransposed)(int, const double*, int, double*);
  bool (*factorLu)(int, double*, int, int*, double);
  bool (*solveLu)(int, const double*, int, const int*, double*);
  const char* target;
};

Kernels choose() {
  const Kernels baselineKernels{baseline::axpy,
                                baseline::multiply,
                                baseline::multiplyTransposed,
                                baseline::addProductTransposed,
                                baseline::solveUnitUpper,
                                baseline::solveUnitUpperTransposed,
                                baseline::factorLu,
                                baseline::solveLu,
                                "baseline"};
#if MLCP_HAVE_AVX2_KERNELS
  const char* forced = std::getenv("MLCP_DENSE_KERNELS");
  const bool baselineForced = forced != nullptr && std::strcmp(forced, "baseline") == 0;
  __builtin_cpu_init();
  if (!baselineForced && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return {avx2::axpy,
            avx2::multiply,
            avx2::multiplyTransposed,
            avx2::addProductTransposed,
            avx2::solveUnitUpper,
            avx2::solveUnitUpperTransposed,
            avx2::factorLu,
            avx2::solveLu,
            "avx2+fma"};
#endif
  return baselineKernels;
}

/// Chosen once, on first use (thread-safe static initialisation).
const Kernels& kernels() {
  static const Kernels chosen = choose();
  return chosen;
}

}  // namespace

void axpy(int n, double a, const double* x, double* y) { kernels().axpy(n, a, x, y); }

void multiply(int rows, int cols, const double* A, int ld, const double* x, double* y) {
  kernels().multiply(rows, cols, A, ld, x, y);
}

void multiplyTransposed(int rows, int cols, const double* A, int ld, const double* x, double* y) {
  kernels().multiplyTransposed(rows, cols, A, ld, x, y);
}

void addProductTransposed(
    int m, int n, int k, const double* A, int lda, const double* B, int ldb, double* C, int ldc) {
  kernels().addProductTransposed(m, n, k, A, lda, B, ldb, C, ldc);
}

void solveUnitUpper(int n, const double* U, int ld, double* b) {
  kernels().solveUnitUpper(n, U, ld, b);
}

void solveUnitUpperTransposed(int n, const double* U, int ld, double* b) {
  kernels().solveUnitUpperTransposed(n, U, ld, b);
}

bool factorLu(int m, double* G, int ld, int* pivot, double relativePivot) {
  return kernels().factorLu(m, G, ld, pivot, relativePivot);
}

bool solveLu(int m, const double* G, int ld, const int* pivot, double* rhs) {
  return kernels().solveLu(m, G, ld, pivot, rhs);
}

std::string_view denseKernelTarget() { return kernels().target; }

}  // namespace mlcp::detail
