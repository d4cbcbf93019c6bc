#include "klu_factor.hpp"

#include <algorithm>
#include <klu.h>
#include <stdexcept>

namespace mlcp::detail {

namespace {

/// Below this reciprocal pivot growth (min over columns of max |A_ij| / max |U_ij|, KLU's
/// klu_rgrowth) the reused pivot sequence is no longer trusted and the matrix is factored with
/// fresh pivots. The growth, unlike min |U_kk| / max |U_kk|, does not mistake the wide diagonal
/// of an interior-point system for instability.
constexpr double kRefactorGrowth = 1e-10;

}  // namespace

struct KluFactor::Impl {
  klu_common common{};
  klu_symbolic* symbolic = nullptr;
  klu_numeric* numeric = nullptr;
  int n = 0;
  int pivoting = 0;

  Impl() {
    klu_defaults(&common);
    common.halt_if_singular = 0;  // singularity shows in the condition estimate
  }
  ~Impl() { release(); }
  void release() {
    if (numeric != nullptr) klu_free_numeric(&numeric, &common);
    if (symbolic != nullptr) klu_free_symbolic(&symbolic, &common);
  }
  /// True when the factorization in `numeric` of `matrix` is usable: finite, nonsingular pivots
  /// and a bounded pivot growth.
  bool stable(SparsePattern& matrix) {
    if (common.status != KLU_OK || klu_rcond(symbolic, numeric, &common) == 0 ||
        !(common.rcond > 0.0))
      return false;
    return klu_rgrowth(matrix.columnStart.data(), matrix.rowIndex.data(), matrix.values.data(),
                       symbolic, numeric, &common) != 0 &&
           common.rgrowth >= kRefactorGrowth;
  }
};

KluFactor::KluFactor() : m_impl(std::make_unique<Impl>()) {}
KluFactor::~KluFactor() = default;

void KluFactor::analyse(const SparsePattern& matrix) {
  m_impl->release();
  m_impl->n = matrix.n;
  m_impl->pivoting = 0;
  m_impl->symbolic = klu_analyze(matrix.n, const_cast<int*>(matrix.columnStart.data()),
                                 const_cast<int*>(matrix.rowIndex.data()), &m_impl->common);
  if (m_impl->symbolic == nullptr)
    throw std::runtime_error("KLU could not analyse the Newton system (status " +
                             std::to_string(m_impl->common.status) + ")");
}

bool KluFactor::factorize(SparsePattern& matrix) {
  Impl& k = *m_impl;
  if (k.numeric != nullptr &&
      klu_refactor(matrix.columnStart.data(), matrix.rowIndex.data(), matrix.values.data(),
                   k.symbolic, k.numeric, &k.common) != 0 &&
      k.stable(matrix))
    return true;
  if (k.numeric != nullptr) klu_free_numeric(&k.numeric, &k.common);
  k.numeric = klu_factor(matrix.columnStart.data(), matrix.rowIndex.data(), matrix.values.data(),
                         k.symbolic, &k.common);
  ++k.pivoting;
  return k.numeric != nullptr && k.stable(matrix);
}

void KluFactor::solve(const double* rhs, double* x) {
  std::copy(rhs, rhs + m_impl->n, x);
  klu_solve(m_impl->symbolic, m_impl->numeric, m_impl->n, 1, x, &m_impl->common);
}

int KluFactor::pivotingFactorizations() const { return m_impl->pivoting; }

}  // namespace mlcp::detail
