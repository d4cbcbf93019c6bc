#include "core/column_runs.hpp"

namespace mlcp::detail {

void ColumnRuns::resize(int n) {
  m_first.setZero(n + 1);
  m_dense.setOnes(n);
  m_begin.resize(static_cast<Eigen::Index>(kRunsPerColumn) * n);
  m_end.resize(static_cast<Eigen::Index>(kRunsPerColumn) * n);
  m_coverage = 1.0;
}

void ColumnRuns::analyse(const Eigen::MatrixXd& A) {
  const int n = static_cast<int>(A.cols());
  const int capacity = static_cast<int>(m_begin.size());
  int used = 0;
  long covered = 0;
  for (int j = 0; j < n; ++j) {
    m_first[j] = used;
    const double* column = A.col(j).data();
    int runs = used;
    long length = 0;
    bool fits = true;
    int r = 0;
    while (r < n) {
      while (r < n && column[r] == 0.0) ++r;
      if (r == n) break;
      const int begin = r;
      for (;;) {
        while (r < n && column[r] != 0.0) ++r;
        int gap = r;
        while (gap < n && gap - r < kGap && column[gap] == 0.0) ++gap;
        if (gap < n && gap - r < kGap) {
          r = gap;  // a short zero gap: the run goes on
          continue;
        }
        break;
      }
      if (runs == capacity) {
        fits = false;
        break;
      }
      m_begin[runs] = begin;
      m_end[runs] = r;
      ++runs;
      length += r - begin;
    }
    const bool dense = !fits || length + kRunCost * (runs - used) > 3L * n / 4;
    m_dense[j] = dense ? 1 : 0;
    if (!dense) used = runs;
    covered += dense ? n : length;
  }
  m_first[n] = used;
  m_coverage = n > 0 ? static_cast<double>(covered) / (static_cast<double>(n) * n) : 1.0;
}

}  // namespace mlcp::detail
