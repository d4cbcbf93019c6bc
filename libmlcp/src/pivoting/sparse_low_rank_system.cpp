#include "pivoting/sparse_low_rank_system.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>

namespace mlcp::detail {

void SparseLowRankSystem::setup(const SparseLowRankForm& form, double proximal) {
  m_form = &form;
  const Eigen::Index n = form.G.rows();
  const Eigen::Index r = form.G.cols();
  m_V.assign(static_cast<size_t>(form.G.nonZeros()), 0.0);
  m_y.resize(n);
  m_t.resize(r);
  m_u.resize(r);
  buildPattern();
  m_choleskyAnalysed = m_luAnalysed = false;
  setupRows(form.C, proximal);
}

void SparseLowRankSystem::buildPattern() {
  const SparseLowRankForm::Matrix& G = m_form->G;
  const int n = static_cast<int>(G.rows());
  const int r = static_cast<int>(G.cols());
  const int* start = G.outerIndexPtr();
  const int* column = G.innerIndexPtr();
  std::vector<std::vector<int>> rows(static_cast<size_t>(r));
  for (int j = 0; j < r; ++j) rows[static_cast<size_t>(j)].push_back(j);
  for (int i = 0; i < n; ++i)
    for (int p = start[i]; p < start[i + 1]; ++p)
      for (int q = start[i]; q < start[i + 1]; ++q)
        rows[static_cast<size_t>(column[q])].push_back(column[p]);
  m_full.n = m_upper.n = r;
  m_full.columnStart.assign(static_cast<size_t>(r) + 1, 0);
  m_full.rowIndex.clear();
  m_diagonal.resize(static_cast<size_t>(r));
  for (int j = 0; j < r; ++j) {
    std::vector<int>& list = rows[static_cast<size_t>(j)];
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    m_diagonal[static_cast<size_t>(j)] = static_cast<int>(
        m_full.rowIndex.size() + (std::lower_bound(list.begin(), list.end(), j) - list.begin()));
    m_full.rowIndex.insert(m_full.rowIndex.end(), list.begin(), list.end());
    m_full.columnStart[static_cast<size_t>(j) + 1] = static_cast<int>(m_full.rowIndex.size());
  }
  m_full.values.assign(m_full.rowIndex.size(), 0.0);
  m_upper.columnStart.assign(static_cast<size_t>(r) + 1, 0);
  m_upper.rowIndex.clear();
  m_upperPlace.clear();
  for (int j = 0; j < r; ++j) {
    for (int p = m_full.columnStart[static_cast<size_t>(j)];
         p <= m_diagonal[static_cast<size_t>(j)]; ++p) {
      m_upper.rowIndex.push_back(m_full.rowIndex[static_cast<size_t>(p)]);
      m_upperPlace.push_back(p);
    }
    m_upper.columnStart[static_cast<size_t>(j) + 1] = static_cast<int>(m_upper.rowIndex.size());
  }
  m_upper.values.assign(m_upper.rowIndex.size(), 0.0);
  m_pairStart.assign(static_cast<size_t>(n) + 1, 0);
  m_pairPlace.clear();
  for (int i = 0; i < n; ++i) {
    for (int p = start[i]; p < start[i + 1]; ++p)
      for (int q = start[i]; q < start[i + 1]; ++q) {
        const auto first = m_full.rowIndex.begin() + m_full.columnStart[column[q]];
        const auto last = m_full.rowIndex.begin() + m_full.columnStart[column[q] + 1];
        m_pairPlace.push_back(
            static_cast<int>(std::lower_bound(first, last, column[p]) - m_full.rowIndex.begin()));
      }
    m_pairStart[static_cast<size_t>(i) + 1] = static_cast<int>(m_pairPlace.size());
  }
}

double SparseLowRankSystem::lowRankDiagonal(Eigen::Index i) const {
  return m_form->G.row(i).squaredNorm();
}

void SparseLowRankSystem::multiplyLowRank(const Eigen::VectorXd& x, Eigen::VectorXd& out) {
  m_t.noalias() = m_form->G.transpose() * x;
  out.noalias() = m_form->G * m_t;
}

bool SparseLowRankSystem::buildV(const ProblemView& problem, const std::vector<RowState>& state) {
  const SparseLowRankForm::Matrix& G = m_form->G;
  const int* start = G.outerIndexPtr();
  const int* column = G.innerIndexPtr();
  const double* value = G.valuePtr();
  for (const int i : m_free) std::copy(value + start[i], value + start[i + 1], &m_V[start[i]]);
  for (const int i : m_sliding) {
    const int k = problem.findex[i];
    const int count = start[i + 1] - start[i];
    if (count != start[k + 1] - start[k] ||
        !std::equal(column + start[i], column + start[i + 1], column + start[k]))
      return false;  // v_k would leave g_k's pattern
    const double coefficient =
        (state[i] == RowState::Lower ? -1.0 : 1.0) * frictionCoefficient(problem.hi[i]);
    for (int p = 0; p < count; ++p) m_V[start[k] + p] += coefficient * value[start[i] + p];
  }
  return true;
}

void SparseLowRankSystem::assemble() {
  const SparseLowRankForm::Matrix& G = m_form->G;
  const int* start = G.outerIndexPtr();
  const double* value = G.valuePtr();
  std::fill(m_full.values.begin(), m_full.values.end(), 0.0);
  for (const int place : m_diagonal) m_full.values[static_cast<size_t>(place)] = 1.0;
  // K(c_p, c_q) += v_p g_q / D_i over the free rows i, columns c_p, c_q of row i.
  for (const int i : m_free) {
    const double inverse = 1.0 / m_D[i];
    const int* place = &m_pairPlace[static_cast<size_t>(m_pairStart[static_cast<size_t>(i)])];
    for (int p = start[i]; p < start[i + 1]; ++p) {
      const double v = m_V[static_cast<size_t>(p)] * inverse;
      for (int q = start[i]; q < start[i + 1]; ++q)
        m_full.values[static_cast<size_t>(*place++)] += v * value[q];
    }
  }
}

bool SparseLowRankSystem::factor(const ProblemView& problem, const std::vector<RowState>& state) {
  if (!buildV(problem, state)) return false;
  assemble();
  m_usedLu = !m_sliding.empty();
  if (!m_usedLu) {
    for (size_t p = 0; p < m_upperPlace.size(); ++p)
      m_upper.values[p] = m_full.values[static_cast<size_t>(m_upperPlace[p])];
    if (!m_choleskyAnalysed) {
      m_cholesky.analyse(m_upper);
      m_choleskyAnalysed = true;
    }
    if (m_cholesky.factorize(m_upper)) return true;
    m_usedLu = true;
  }
  if (!m_luAnalysed) {
    m_lu.analyse(m_full);
    m_luAnalysed = true;
  }
  return m_lu.factorize(m_full);
}

void SparseLowRankSystem::applyInverse(const Eigen::VectorXd& in, Eigen::VectorXd& out) {
  const SparseLowRankForm::Matrix& G = m_form->G;
  const int* start = G.outerIndexPtr();
  const int* column = G.innerIndexPtr();
  const double* value = G.valuePtr();
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  m_u.setZero();
  for (Eigen::Index a = 0; a < nF; ++a) {
    const int i = m_free[a];
    m_y[a] = in[a] / m_D[i];
    for (int p = start[i]; p < start[i + 1]; ++p) m_u[column[p]] += m_V[p] * m_y[a];
  }
  if (m_usedLu)
    m_lu.solve(m_u.data(), m_t.data());
  else
    m_cholesky.solve(m_u.data(), m_t.data());
  for (Eigen::Index a = 0; a < nF; ++a) {
    const int i = m_free[a];
    double dot = 0.0;
    for (int p = start[i]; p < start[i + 1]; ++p) dot += value[p] * m_t[column[p]];
    out[a] = m_y[a] - dot / m_D[i];
  }
}

}  // namespace mlcp::detail
