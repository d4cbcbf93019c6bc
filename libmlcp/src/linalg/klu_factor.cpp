#include "linalg/klu_factor.hpp"

#include <algorithm>
#include <cmath>
#include <klu.h>
#include <stdexcept>

namespace mlcp::detail {

namespace {

/// A reciprocal condition estimate min |U_kk| / max |U_kk| above which the kept pivots are
/// trusted without a look at the growth.
constexpr double kTrustedCondition = 1e-8;
/// Below this reciprocal pivot growth (min over columns of max |A_ij| / max |U_ij|, KLU's
/// klu_rgrowth) solves are refined. The growth, unlike min |U_kk| / max |U_kk|, does not mistake
/// the wide diagonal of an interior-point system for instability.
constexpr double kRefineBelowGrowth = 1e-10;
/// Refinement steps at most, and the relative residual ||K x - rhs||_inf / ||rhs||_inf at which
/// they stop.
constexpr int kRefinementSteps = 3;
constexpr double kRefinedResidual = 1e-13;

}  // namespace

struct KluFactor::Impl {
  klu_common common{};
  klu_symbolic* symbolic = nullptr;
  klu_numeric* numeric = nullptr;
  const SparsePattern* matrix = nullptr;  // the matrix factored last
  bool refine = false;                    // its pivots gave a large growth: refine the solves
  int n = 0;
  int pivoting = 0;
  std::vector<double> residual, correction;  // (n) of the refinement

  Impl() {
    klu_defaults(&common);
    common.halt_if_singular = 0;  // singularity shows in the condition estimate
    common.scale = 0;             // the Newton systems come Jacobi-scaled
  }
  ~Impl() { release(); }
  void release() {
    if (numeric != nullptr) klu_free_numeric(&numeric, &common);
    if (symbolic != nullptr) klu_free_symbolic(&symbolic, &common);
  }
  /// True when the factorization in `numeric` has nonzero, finite pivots.
  bool nonsingular() {
    return common.status == KLU_OK && klu_rcond(symbolic, numeric, &common) != 0 &&
           common.rcond > 0.0;
  }
  /// True when the pivot growth of the factorization of `m` is large: the cheap test first (a
  /// diagonal of U within 1e-8 of its largest entry cannot hide growth), then klu_rgrowth.
  bool largeGrowth(SparsePattern& m) {
    if (common.rcond >= kTrustedCondition) return false;
    return klu_rgrowth(m.columnStart.data(), m.rowIndex.data(), m.values.data(), symbolic, numeric,
                       &common) == 0 ||
           common.rgrowth < kRefineBelowGrowth;
  }
  /// A factorization with fresh pivots (allocates the numeric object).
  bool factorWithPivoting(SparsePattern& m) {
    if (numeric != nullptr) klu_free_numeric(&numeric, &common);
    numeric =
        klu_factor(m.columnStart.data(), m.rowIndex.data(), m.values.data(), symbolic, &common);
    ++pivoting;
    return numeric != nullptr && nonsingular();
  }
  /// residual = rhs - K x.
  void residualOf(const double* rhs, const double* x) {
    std::copy(rhs, rhs + n, residual.begin());
    for (int j = 0; j < n; ++j)
      for (int p = matrix->columnStart[static_cast<size_t>(j)];
           p < matrix->columnStart[static_cast<size_t>(j) + 1]; ++p)
        residual[static_cast<size_t>(matrix->rowIndex[static_cast<size_t>(p)])] -=
            matrix->values[static_cast<size_t>(p)] * x[j];
  }
};

KluFactor::KluFactor() : m_impl(std::make_unique<Impl>()) {}
KluFactor::~KluFactor() = default;

void KluFactor::analyse(const SparsePattern& matrix) {
  Impl& k = *m_impl;
  k.release();
  k.n = matrix.n;
  k.pivoting = 0;
  k.residual.resize(static_cast<size_t>(matrix.n));
  k.correction.resize(static_cast<size_t>(matrix.n));
  k.symbolic = klu_analyze(matrix.n, const_cast<int*>(matrix.columnStart.data()),
                           const_cast<int*>(matrix.rowIndex.data()), &k.common);
  if (k.symbolic == nullptr)
    throw std::runtime_error("KLU could not analyse the Newton system (status " +
                             std::to_string(k.common.status) + ")");
}

bool KluFactor::factorize(SparsePattern& matrix) {
  Impl& k = *m_impl;
  k.matrix = &matrix;
  bool factored = false;
  if (k.numeric == nullptr)
    factored = k.factorWithPivoting(matrix);  // the first at this pattern
  else if (klu_refactor(matrix.columnStart.data(), matrix.rowIndex.data(), matrix.values.data(),
                        k.symbolic, k.numeric, &k.common) != 0 &&
           k.nonsingular())
    factored = true;
  else
    factored = k.factorWithPivoting(matrix);  // a zero pivot: these values need other pivots
  // Static pivoting: a large growth with the kept pivots is repaired by iterative refinement of
  // the solves [Li & Demmel 1998] rather than by pivoting anew, which allocates.
  k.refine = factored && k.largeGrowth(matrix);
  return factored;
}

void KluFactor::solve(const double* rhs, double* x) {
  Impl& k = *m_impl;
  std::copy(rhs, rhs + k.n, x);
  klu_solve(k.symbolic, k.numeric, k.n, 1, x, &k.common);
  if (!k.refine) return;
  double size = 0.0;
  for (int i = 0; i < k.n; ++i) size = std::max(size, std::abs(rhs[i]));
  for (int step = 0; step < kRefinementSteps; ++step) {
    k.residualOf(rhs, x);
    double largest = 0.0;
    for (const double r : k.residual) largest = std::max(largest, std::abs(r));
    if (!(largest > kRefinedResidual * size)) return;
    k.correction = k.residual;
    klu_solve(k.symbolic, k.numeric, k.n, 1, k.correction.data(), &k.common);
    for (int i = 0; i < k.n; ++i) x[i] += k.correction[static_cast<size_t>(i)];
  }
}

int KluFactor::pivotingFactorizations() const { return m_impl->pivoting; }

}  // namespace mlcp::detail
