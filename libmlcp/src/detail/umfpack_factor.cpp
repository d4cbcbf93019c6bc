#include "umfpack_factor.hpp"

#include <array>
#include <stdexcept>
#include <umfpack.h>
#include <vector>

namespace mlcp::detail {

struct UmfpackFactor::Impl {
  std::array<double, UMFPACK_CONTROL> control{};
  std::array<double, UMFPACK_INFO> info{};
  void* symbolic = nullptr;
  void* numeric = nullptr;
  const SparsePattern* matrix = nullptr;
  std::vector<int> workIndices;    // umfpack_di_wsolve's Wi (n)
  std::vector<double> workValues;  // its W (5 n: iterative refinement)

  Impl() { umfpack_di_defaults(control.data()); }
  ~Impl() { release(); }
  void release() {
    if (numeric != nullptr) umfpack_di_free_numeric(&numeric);
    if (symbolic != nullptr) umfpack_di_free_symbolic(&symbolic);
  }
};

UmfpackFactor::UmfpackFactor() : m_impl(std::make_unique<Impl>()) {}
UmfpackFactor::~UmfpackFactor() = default;

void UmfpackFactor::analyse(const SparsePattern& matrix) {
  m_impl->release();
  const int status = umfpack_di_symbolic(
      matrix.n, matrix.n, matrix.columnStart.data(), matrix.rowIndex.data(), matrix.values.data(),
      &m_impl->symbolic, m_impl->control.data(), m_impl->info.data());
  if (status != UMFPACK_OK)
    throw std::runtime_error("UMFPACK could not analyse the Newton system (status " +
                             std::to_string(status) + ")");
  m_impl->workIndices.resize(static_cast<size_t>(matrix.n));
  m_impl->workValues.resize(5 * static_cast<size_t>(matrix.n));
}

bool UmfpackFactor::factorize(const SparsePattern& matrix) {
  if (m_impl->numeric != nullptr) umfpack_di_free_numeric(&m_impl->numeric);
  m_impl->matrix = &matrix;
  const int status = umfpack_di_numeric(matrix.columnStart.data(), matrix.rowIndex.data(),
                                        matrix.values.data(), m_impl->symbolic, &m_impl->numeric,
                                        m_impl->control.data(), m_impl->info.data());
  return status == UMFPACK_OK;
}

void UmfpackFactor::solve(const double* rhs, double* x) {
  const SparsePattern& K = *m_impl->matrix;
  umfpack_di_wsolve(UMFPACK_A, K.columnStart.data(), K.rowIndex.data(), K.values.data(), x, rhs,
                    m_impl->numeric, m_impl->control.data(), m_impl->info.data(),
                    m_impl->workIndices.data(), m_impl->workValues.data());
}

}  // namespace mlcp::detail
