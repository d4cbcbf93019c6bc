#include "composite/islands.hpp"

#include <numeric>

namespace mlcp::detail {

namespace {

int root(std::vector<int>& parent, int i) {
  while (parent[i] != i) {
    parent[i] = parent[parent[i]];  // path halving
    i = parent[i];
  }
  return i;
}

void join(std::vector<int>& parent, int i, int j) {
  const int a = root(parent, i);
  const int b = root(parent, j);
  if (a == b) return;
  // The smaller row becomes the root: the root of an island is its smallest row.
  if (a < b)
    parent[b] = a;
  else
    parent[a] = b;
}

}  // namespace

void Islands::find(const Eigen::SparseMatrix<double>& A, const Eigen::VectorXi& findex) {
  const int n = static_cast<int>(A.rows());
  reset(n);
  for (int j = 0; j < A.outerSize(); ++j)
    for (Eigen::SparseMatrix<double>::InnerIterator it(A, j); it; ++it)
      if (it.value() != 0.0) join(m_parent, static_cast<int>(it.row()), j);
  joinFrictionAndCollect(findex);
}

void Islands::find(const Eigen::MatrixXd& A, const Eigen::VectorXi& findex) {
  const int n = static_cast<int>(A.rows());
  reset(n);
  for (int j = 0; j < n; ++j) {  // down each column (contiguous), j's root kept at hand
    const double* column = A.col(j).data();
    int rootJ = root(m_parent, j);
    for (int i = 0; i < n; ++i) {
      if (column[i] == 0.0 || root(m_parent, i) == rootJ) continue;
      join(m_parent, i, j);  // at most n - 1 times over the whole matrix
      rootJ = root(m_parent, j);
    }
  }
  joinFrictionAndCollect(findex);
}

void Islands::find(const Eigen::Matrix<int, Eigen::Dynamic, 2, Eigen::RowMajor>& bodies,
                   int bodyCount,
                   const Eigen::VectorXi& findex) {
  const int n = static_cast<int>(bodies.rows());
  reset(n);
  m_firstRow.assign(static_cast<size_t>(bodyCount), -1);
  for (int i = 0; i < n; ++i) {
    for (int side = 0; side < 2; ++side) {
      const int body = bodies(i, side);
      if (body < 0) continue;
      int& first = m_firstRow[static_cast<size_t>(body)];
      if (first < 0)
        first = i;
      else
        join(m_parent, i, first);
    }
  }
  joinFrictionAndCollect(findex);
}

void Islands::reset(int n) {
  m_parent.resize(static_cast<size_t>(n));
  std::iota(m_parent.begin(), m_parent.end(), 0);
}

void Islands::joinFrictionAndCollect(const Eigen::VectorXi& findex) {
  const int n = static_cast<int>(m_parent.size());
  for (int i = 0; i < n; ++i)
    if (findex[i] >= 0) join(m_parent, i, findex[i]);
  collect(n);
}

void Islands::collect(int n) {
  islandOf.resize(n);
  localIndex.resize(n);
  int islands = 0;
  for (int i = 0; i < n; ++i) {  // a root is its island's smallest row: numbered in row order
    if (root(m_parent, i) == i) islandOf[i] = islands++;
  }
  if (static_cast<int>(rows.size()) != islands) rows.resize(static_cast<size_t>(islands));
  for (std::vector<int>& island : rows) island.clear();
  for (int i = 0; i < n; ++i) {
    const int k = islandOf[root(m_parent, i)];
    islandOf[i] = k;
    localIndex[i] = static_cast<int>(rows[static_cast<size_t>(k)].size());
    rows[static_cast<size_t>(k)].push_back(i);
  }
}

}  // namespace mlcp::detail
