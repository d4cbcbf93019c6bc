#include "linalg/sparse_lu.hpp"

namespace mlcp::detail {

void SparseLu::analyse(const SparsePattern& matrix) {
  m_klu.analyse(matrix);
  m_multifrontal = m_klu.estimatedFlops() >= m_multifrontalFlops;
  if (m_multifrontal) m_umfpack.analyse(matrix);
}

bool SparseLu::factorize(SparsePattern& matrix) {
  return m_multifrontal ? m_umfpack.factorize(matrix) : m_klu.factorize(matrix);
}

void SparseLu::solve(const double* rhs, double* x) {
  if (m_multifrontal)
    m_umfpack.solve(rhs, x);
  else
    m_klu.solve(rhs, x);
}

}  // namespace mlcp::detail
