#include "newton/body_space_hessian.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace mlcp::detail {

void BodySpaceHessian::setup(const LowRankForm::Matrix& G) {
  m_dense = &G;
  m_sparse = nullptr;
  m_W.resize(G.rows(), G.cols());
  m_H.resize(G.cols(), G.cols());
  m_patternKept = false;
}

void BodySpaceHessian::setup(const SparseLowRankForm::Matrix& G, bool supernodal) {
  m_dense = nullptr;
  m_sparse = &G;
  const int n = static_cast<int>(G.rows());
  m_patternKept = static_cast<int>(m_rowStart.size()) == n + 1 && m_upper.n == G.cols() &&
                  supernodal == m_supernodal &&
                  std::equal(m_rowStart.begin(), m_rowStart.end(), G.outerIndexPtr()) &&
                  std::equal(m_column.begin(), m_column.end(), G.innerIndexPtr());
  if (m_patternKept) return;
  m_rowStart.assign(G.outerIndexPtr(), G.outerIndexPtr() + n + 1);
  m_column.assign(G.innerIndexPtr(), G.innerIndexPtr() + G.nonZeros());
  buildPattern();
  m_supernodal = supernodal;
  m_cholesky.setSupernodal(supernodal);
  m_cholesky.analyse(m_upper);
}

void BodySpaceHessian::buildPattern() {
  const int n = static_cast<int>(m_rowStart.size()) - 1;
  const int r = static_cast<int>(m_sparse->cols());
  // (column, row) of every upper-triangle entry: the diagonal and each row's pairs.
  std::vector<std::pair<int, int>> entries;
  for (int j = 0; j < r; ++j) entries.emplace_back(j, j);
  for (int i = 0; i < n; ++i)
    for (int p = m_rowStart[i]; p < m_rowStart[i + 1]; ++p)
      for (int q = p; q < m_rowStart[i + 1]; ++q) entries.emplace_back(m_column[q], m_column[p]);
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
  m_upper.n = r;
  m_upper.columnStart.assign(static_cast<size_t>(r) + 1, 0);
  m_upper.rowIndex.resize(entries.size());
  for (size_t e = 0; e < entries.size(); ++e) {
    m_upper.rowIndex[e] = entries[e].second;
    ++m_upper.columnStart[static_cast<size_t>(entries[e].first) + 1];
  }
  for (int j = 0; j < r; ++j)
    m_upper.columnStart[static_cast<size_t>(j) + 1] += m_upper.columnStart[static_cast<size_t>(j)];
  m_upper.values.assign(entries.size(), 0.0);
  const auto placeOf = [&](int row, int column) {
    const auto first = m_upper.rowIndex.begin() + m_upper.columnStart[static_cast<size_t>(column)];
    const auto last =
        m_upper.rowIndex.begin() + m_upper.columnStart[static_cast<size_t>(column) + 1];
    return static_cast<int>(std::lower_bound(first, last, row) - m_upper.rowIndex.begin());
  };
  m_diagonal.resize(static_cast<size_t>(r));
  for (int j = 0; j < r; ++j) m_diagonal[static_cast<size_t>(j)] = placeOf(j, j);
  m_pairStart.resize(static_cast<size_t>(n) + 1);
  m_pairPlace.clear();
  for (int i = 0; i < n; ++i) {
    m_pairStart[static_cast<size_t>(i)] = static_cast<int>(m_pairPlace.size());
    for (int p = m_rowStart[i]; p < m_rowStart[i + 1]; ++p)
      for (int q = p; q < m_rowStart[i + 1]; ++q)
        m_pairPlace.push_back(placeOf(m_column[p], m_column[q]));
  }
  m_pairStart[static_cast<size_t>(n)] = static_cast<int>(m_pairPlace.size());
}

bool BodySpaceHessian::factor(const Eigen::VectorXd& D) {
  if (m_dense != nullptr) {
    const LowRankForm::Matrix& G = *m_dense;
    Eigen::Index rows = 0;
    for (Eigen::Index i = 0; i < G.rows(); ++i)
      if (D[i] > 0.0) m_W.row(rows++) = std::sqrt(D[i]) * G.row(i);
    m_H.setIdentity();
    if (rows > 0)  // (Eigen's product blocking divides by the inner size)
      m_H.selfadjointView<Eigen::Lower>().rankUpdate(m_W.topRows(rows).transpose());
    m_llt.compute(m_H);
    return m_llt.info() == Eigen::Success;
  }
  const double* value = m_sparse->valuePtr();
  std::fill(m_upper.values.begin(), m_upper.values.end(), 0.0);
  for (const int place : m_diagonal) m_upper.values[static_cast<size_t>(place)] = 1.0;
  const int n = static_cast<int>(m_rowStart.size()) - 1;
  for (int i = 0; i < n; ++i) {
    if (!(D[i] > 0.0)) continue;
    const int* place = &m_pairPlace[static_cast<size_t>(m_pairStart[static_cast<size_t>(i)])];
    for (int p = m_rowStart[i]; p < m_rowStart[i + 1]; ++p) {
      const double scaled = D[i] * value[p];
      for (int q = p; q < m_rowStart[i + 1]; ++q)
        m_upper.values[static_cast<size_t>(*place++)] += scaled * value[q];
    }
  }
  return m_cholesky.factorize(m_upper);
}

void BodySpaceHessian::solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& out) {
  if (m_dense != nullptr) {
    out = rhs;
    m_llt.solveInPlace(out);
    return;
  }
  m_cholesky.solve(rhs.data(), out.data());
}

}  // namespace mlcp::detail
