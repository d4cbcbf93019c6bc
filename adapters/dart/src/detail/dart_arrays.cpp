#include "dart_arrays.hpp"

#include <mlcp/adapters/common/padded_stride.hpp>

#include <cmath>
#include <cstddef>

namespace mlcp::adapters::detail {

int readDartArrays(int n,
                   const double* A,
                   const double* b,
                   const double* lo,
                   const double* hi,
                   const int* findex,
                   const HostPolicy& policy,
                   Eigen::MatrixXd& outA,
                   Eigen::VectorXd& outB,
                   Eigen::VectorXd& outLo,
                   Eigen::VectorXd& outHi,
                   Eigen::VectorXi& outFindex) {
  if (outA.rows() != n || outA.cols() != n) outA.resize(n, n);
  outB.resize(n);
  outLo.resize(n);
  outHi.resize(n);
  outFindex.resize(n);
  const int nSkip = odePaddedStride(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j <= i; ++j) {
      const double a = A[static_cast<std::ptrdiff_t>(i) * nSkip + j];
      outA(i, j) = a;
      outA(j, i) = a;
    }
    outB[i] = b[i];
    outLo[i] = hostBound(lo[i], policy.infiniteBound);
    outHi[i] = hostBound(hi[i], policy.infiniteBound);
    const int k = findex != nullptr ? findex[i] : -1;
    outFindex[i] = k == i ? -1 : k;
  }
  return policy.detectUnbounded ? leadingUnboundedRows(outLo, outHi, outFindex) : 0;
}

bool dartMatrixUsable(int n, const double* A) {
  const int nSkip = odePaddedStride(n);
  for (int i = 0; i < n; ++i) {
    const double* row = A + static_cast<std::ptrdiff_t>(i) * nSkip;
    for (int j = 0; j <= i; ++j)
      if (!std::isfinite(row[j])) return false;
    if (row[i] < 0.0) return false;
  }
  return true;
}

}  // namespace mlcp::adapters::detail
