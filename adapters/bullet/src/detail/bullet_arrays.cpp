#include "bullet_arrays.hpp"

#include <fmt/format.h>

namespace mlcp::adapters::detail {

bool readBulletArrays(const btMatrixXu& A,
                      const btVectorXu& b,
                      const btVectorXu& lo,
                      const btVectorXu& hi,
                      const btAlignedObjectArray<int>& limitDependency,
                      const HostPolicy& policy,
                      BulletArrays& out,
                      std::string* why) {
  const int n = b.rows();
  if (A.rows() != n || A.cols() != n || lo.rows() != n || hi.rows() != n ||
      limitDependency.size() != n) {
    if (why != nullptr)
      *why = fmt::format(
          "Bullet passed A {} x {}, b {}, lo {}, hi {}, limitDependency {}: the "
          "sizes disagree",
          A.rows(), A.cols(), n, lo.rows(), hi.rows(), limitDependency.size());
    return false;
  }
  if (out.A.rows() != n) {
    out.A.resize(n, n);
    out.b.resize(n);
    out.lo.resize(n);
    out.hi.resize(n);
    out.findex.resize(n);
  }
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  out.A = Eigen::Map<const RowMajor>(A.getBufferPointer(), n, n);
  for (int i = 0; i < n; ++i) {
    out.b[i] = b[i];
    out.lo[i] = hostBound(lo[i], policy.infiniteBound);
    out.hi[i] = hostBound(hi[i], policy.infiniteBound);
    out.findex[i] = limitDependency[i];
  }
  out.nub = policy.detectUnbounded ? leadingUnboundedRows(out.lo, out.hi, out.findex) : 0;
  return true;
}

}  // namespace mlcp::adapters::detail
