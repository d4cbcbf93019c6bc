#include "linalg/symmetric_sparse_matrix.hpp"

#include <algorithm>

namespace mlcp::detail {

bool SymmetricSparseMatrix::assignFromLower(const Operator::SparseMatrix& A) {
  const int n = static_cast<int>(A.cols());
  const bool sizeChanged = n != m_n || m_columnStart.size() != static_cast<size_t>(n) + 1;
  m_n = n;
  // Counts: a lower entry (i, j), i > j, goes to column j (row i) and column i (row j).
  m_fill.assign(static_cast<size_t>(n), 0);
  for (int j = 0; j < n; ++j) {
    for (Operator::SparseMatrix::InnerIterator it(A, j); it; ++it) {
      const int i = static_cast<int>(it.row());
      if (i < j) continue;
      ++m_fill[static_cast<size_t>(j)];
      if (i > j) ++m_fill[static_cast<size_t>(i)];
    }
  }
  bool changed = sizeChanged;
  if (sizeChanged) m_columnStart.assign(static_cast<size_t>(n) + 1, 0);
  int start = 0;
  for (int j = 0; j < n; ++j) {
    changed = changed || m_columnStart[static_cast<size_t>(j)] != start;
    m_columnStart[static_cast<size_t>(j)] = start;
    start += m_fill[static_cast<size_t>(j)];
  }
  changed = changed || m_columnStart[static_cast<size_t>(n)] != start;
  m_columnStart[static_cast<size_t>(n)] = start;
  const size_t total = static_cast<size_t>(start);
  if (m_rowIndex.size() != total) {
    changed = true;
    m_rowIndex.assign(total, -1);
  }
  m_value.resize(total);
  m_diagonal.setZero(n);
  // Fill, columns in order: column i receives the mirrored rows j < i before its own lower
  // entries (rows >= i), so every column comes out sorted.
  for (int j = 0; j < n; ++j)
    m_fill[static_cast<size_t>(j)] = m_columnStart[static_cast<size_t>(j)];
  auto put = [&](int column, int row, double v) {
    const size_t at = static_cast<size_t>(m_fill[static_cast<size_t>(column)]++);
    changed = changed || m_rowIndex[at] != row;
    m_rowIndex[at] = row;
    m_value[at] = v;
  };
  for (int j = 0; j < n; ++j) {
    for (Operator::SparseMatrix::InnerIterator it(A, j); it; ++it) {
      const int i = static_cast<int>(it.row());
      if (i < j) continue;
      put(j, i, it.value());
      if (i > j)
        put(i, j, it.value());
      else
        m_diagonal[j] = it.value();
    }
  }
  return changed;
}

void SymmetricSparseMatrix::multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  for (int i = 0; i < m_n; ++i) {
    double sum = 0.0;
    for (int p = m_columnStart[static_cast<size_t>(i)];
         p < m_columnStart[static_cast<size_t>(i) + 1]; ++p)
      sum += m_value[static_cast<size_t>(p)] * x[m_rowIndex[static_cast<size_t>(p)]];
    out[i] = sum;  // row i of S = column i (S is symmetric)
  }
}

}  // namespace mlcp::detail
