#include "cholmod_factor.hpp"

#include <algorithm>
#include <cholmod.h>
#include <stdexcept>

namespace mlcp::detail {

struct CholmodFactor::Impl {
  cholmod_common common{};
  cholmod_factor* factor = nullptr;
  cholmod_dense* solution = nullptr;  // cholmod_solve2's X, Y and E, kept between solves
  cholmod_dense* workY = nullptr;
  cholmod_dense* workE = nullptr;

  Impl() {
    cholmod_start(&common);
    common.print = 0;  // failures are reported through the return values
    common.error_handler = nullptr;
  }
  ~Impl() {
    cholmod_free_factor(&factor, &common);
    cholmod_free_dense(&solution, &common);
    cholmod_free_dense(&workY, &common);
    cholmod_free_dense(&workE, &common);
    cholmod_finish(&common);
  }

  /// A CHOLMOD view of the lower triangle stored in `lower` (no copy).
  static cholmod_sparse view(const SparsePattern& lower) {
    cholmod_sparse A{};
    A.nrow = A.ncol = static_cast<size_t>(lower.n);
    A.nzmax = lower.values.size();
    A.p = const_cast<int*>(lower.columnStart.data());
    A.i = const_cast<int*>(lower.rowIndex.data());
    A.x = const_cast<double*>(lower.values.data());
    A.stype = -1;  // symmetric, lower triangle stored
    A.itype = CHOLMOD_INT;
    A.xtype = CHOLMOD_REAL;
    A.dtype = CHOLMOD_DOUBLE;
    A.sorted = 1;
    A.packed = 1;
    return A;
  }
};

CholmodFactor::CholmodFactor() : m_impl(std::make_unique<Impl>()) {}
CholmodFactor::~CholmodFactor() = default;

void CholmodFactor::analyse(const SparsePattern& lower) {
  cholmod_free_factor(&m_impl->factor, &m_impl->common);
  cholmod_sparse A = Impl::view(lower);
  m_impl->factor = cholmod_analyze(&A, &m_impl->common);
  if (m_impl->factor == nullptr)
    throw std::runtime_error("CHOLMOD could not analyse the Newton system (out of memory?)");
}

bool CholmodFactor::factorize(const SparsePattern& lower) {
  cholmod_sparse A = Impl::view(lower);
  const int ok = cholmod_factorize(&A, m_impl->factor, &m_impl->common);
  return ok != 0 && m_impl->common.status == CHOLMOD_OK &&
         m_impl->factor->minor == m_impl->factor->n;
}

void CholmodFactor::solve(const double* rhs, double* x) {
  const size_t n = m_impl->factor->n;
  cholmod_dense B{};
  B.nrow = n;
  B.ncol = 1;
  B.nzmax = n;
  B.d = n;
  B.x = const_cast<double*>(rhs);
  B.xtype = CHOLMOD_REAL;
  B.dtype = CHOLMOD_DOUBLE;
  cholmod_solve2(CHOLMOD_A, m_impl->factor, &B, nullptr, &m_impl->solution, nullptr, &m_impl->workY,
                 &m_impl->workE, &m_impl->common);
  const double* solution = static_cast<const double*>(m_impl->solution->x);
  std::copy(solution, solution + n, x);
}

}  // namespace mlcp::detail
