#include "linalg/umfpack_factor.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <umfpack.h>
#include <vector>

namespace mlcp::detail {

struct UmfpackFactor::Impl {
  double control[UMFPACK_CONTROL];
  double info[UMFPACK_INFO];
  void* symbolic = nullptr;
  void* numeric = nullptr;
  int n = 0;
  std::vector<int> integerWork;  // Wi (n) of umfpack_di_wsolve
  std::vector<double> work;      // W (n: no iterative refinement)

  Impl() {
    umfpack_di_defaults(control);
    control[UMFPACK_IRSTEP] = 0;  // the caller refines (FreeSystem::correct)
  }
  ~Impl() { release(); }
  void releaseNumeric() {
    if (numeric != nullptr) umfpack_di_free_numeric(&numeric);
  }
  void release() {
    releaseNumeric();
    if (symbolic != nullptr) umfpack_di_free_symbolic(&symbolic);
  }
};

UmfpackFactor::UmfpackFactor() : m_impl(std::make_unique<Impl>()) {}
UmfpackFactor::~UmfpackFactor() = default;

void UmfpackFactor::analyse(const SparsePattern& matrix) {
  Impl& u = *m_impl;
  u.release();
  u.n = matrix.n;
  u.integerWork.resize(static_cast<size_t>(matrix.n));
  u.work.resize(static_cast<size_t>(matrix.n));
  const int status =
      umfpack_di_symbolic(matrix.n, matrix.n, matrix.columnStart.data(), matrix.rowIndex.data(),
                          matrix.values.data(), &u.symbolic, u.control, u.info);
  if (status != UMFPACK_OK)
    throw std::runtime_error("UMFPACK could not analyse the body-space matrix (status " +
                             std::to_string(status) + ")");
}

bool UmfpackFactor::factorize(const SparsePattern& matrix) {
  Impl& u = *m_impl;
  u.releaseNumeric();
  const int status =
      umfpack_di_numeric(matrix.columnStart.data(), matrix.rowIndex.data(), matrix.values.data(),
                         u.symbolic, &u.numeric, u.control, u.info);
  if (status == UMFPACK_ERROR_out_of_memory)
    throw std::runtime_error("UMFPACK ran out of memory factoring the body-space matrix");
  const double rcond = u.info[UMFPACK_RCOND];
  return status == UMFPACK_OK && std::isfinite(rcond) && rcond > 0.0;
}

void UmfpackFactor::solve(const double* rhs, double* x) {
  Impl& u = *m_impl;
  // Without refinement UMFPACK reads only the factors: the matrix arguments are not used.
  umfpack_di_wsolve(UMFPACK_A, nullptr, nullptr, nullptr, x, rhs, u.numeric, u.control, u.info,
                    u.integerWork.data(), u.work.data());
}

}  // namespace mlcp::detail
