#include "pivoting/sparse_low_rank_system.hpp"

#include <algorithm>
#include <stdexcept>

namespace mlcp::detail {

namespace {

/// Columns of a body in G (SparseLowRankForm: 6 consecutive ones, from a multiple of 6).
constexpr int kBlock = 6;
/// Rows of F whose terms in K may differ from the base's for a partition to be solved through
/// the base's factorization (Woodbury) instead of factoring K: each new one costs a solve with
/// the base, about 1/20 to 1/50 of a factorization of the piles' K (docs/bpp.md).
constexpr int kMaxUpdates = 32;

}  // namespace

void SparseLowRankSystem::setup(const SparseLowRankForm& form, double proximal) {
  m_form = &form;
  const Eigen::Index n = form.G.rows();
  const Eigen::Index r = form.G.cols();
  m_V.resize(static_cast<size_t>(form.G.nonZeros()));
  m_y.resize(n);
  m_t.resize(r);
  m_u.resize(r);
  m_baseFree.assign(static_cast<size_t>(n), 0);
  m_baseV.resize(static_cast<size_t>(form.G.nonZeros()));
  m_termU.resize(2 * kBlock);
  m_termW.resize(2 * kBlock);
  m_update.reserve(static_cast<int>(r), kMaxUpdates, 2 * kBlock);
  m_haveBase = false;
  m_factorizations = 0;
  if (!findBlockGraph()) {
    buildPattern();
    m_choleskyAnalysed = m_luAnalysed = false;
  }
  placeRows();
  setupRows(form.C, proximal);
}

bool SparseLowRankSystem::findBlockGraph() {
  const SparseLowRankForm::Matrix& G = m_form->G;
  const int n = static_cast<int>(G.rows());
  const int blocks = static_cast<int>(G.cols()) / kBlock;
  const int* start = G.outerIndexPtr();
  const int* column = G.innerIndexPtr();
  m_edges.clear();
  for (int b = 0; b < blocks; ++b) m_edges.emplace_back(b, b);
  for (int i = 0; i < n; ++i) {
    const int count = start[i + 1] - start[i];
    if (count % kBlock != 0 || count > 2 * kBlock || column[start[i]] % kBlock != 0 ||
        (count == 2 * kBlock && column[start[i] + kBlock] % kBlock != 0))
      throw std::invalid_argument(
          "SparseLowRankSystem: G's rows must hold 6 consecutive columns per body, for at most "
          "two bodies (mlcp::findSparseLowRankForm)");
    if (count == 2 * kBlock) {
      const int a = column[start[i]] / kBlock;
      const int b = column[start[i] + kBlock] / kBlock;
      m_edges.emplace_back(a, b);
      m_edges.emplace_back(b, a);
    }
  }
  std::sort(m_edges.begin(), m_edges.end());
  m_edges.erase(std::unique(m_edges.begin(), m_edges.end()), m_edges.end());
  // The graph of the last analysed pattern: the same graph keeps K's pattern and analysis.
  if (m_full.n == blocks * kBlock && m_edges == m_patternEdges) return true;
  m_patternEdges = m_edges;
  m_neighborStart.assign(static_cast<size_t>(blocks) + 1, 0);
  m_neighbor.resize(m_edges.size());
  for (size_t e = 0; e < m_edges.size(); ++e) {
    m_neighbor[e] = m_edges[e].second;
    ++m_neighborStart[static_cast<size_t>(m_edges[e].first) + 1];
  }
  for (int b = 0; b < blocks; ++b)
    m_neighborStart[static_cast<size_t>(b) + 1] += m_neighborStart[static_cast<size_t>(b)];
  return false;
}

void SparseLowRankSystem::buildPattern() {
  const int blocks = static_cast<int>(m_neighborStart.size()) - 1;
  const int r = blocks * kBlock;
  m_full.n = m_upper.n = r;
  m_full.columnStart.assign(static_cast<size_t>(r) + 1, 0);
  m_full.rowIndex.clear();
  m_diagonal.resize(static_cast<size_t>(r));
  m_upper.columnStart.assign(static_cast<size_t>(r) + 1, 0);
  m_upper.rowIndex.clear();
  m_upperPlace.clear();
  // Column j of body block B holds the 6 rows of every neighbour block of B (B included).
  for (int j = 0; j < r; ++j) {
    const int B = j / kBlock;
    for (int e = m_neighborStart[static_cast<size_t>(B)];
         e < m_neighborStart[static_cast<size_t>(B) + 1]; ++e)
      for (int k = 0; k < kBlock; ++k) {
        const int row = kBlock * m_neighbor[static_cast<size_t>(e)] + k;
        const int place = static_cast<int>(m_full.rowIndex.size());
        if (row == j) m_diagonal[static_cast<size_t>(j)] = place;
        if (row <= j) {
          m_upper.rowIndex.push_back(row);
          m_upperPlace.push_back(place);
        }
        m_full.rowIndex.push_back(row);
      }
    m_full.columnStart[static_cast<size_t>(j) + 1] = static_cast<int>(m_full.rowIndex.size());
    m_upper.columnStart[static_cast<size_t>(j) + 1] = static_cast<int>(m_upper.rowIndex.size());
  }
  m_full.values.assign(m_full.rowIndex.size(), 0.0);
  m_upper.values.assign(m_upper.rowIndex.size(), 0.0);
}

int SparseLowRankSystem::place(int row, int column) const {
  const int B = column / kBlock;
  const auto first = m_neighbor.begin() + m_neighborStart[static_cast<size_t>(B)];
  const auto last = m_neighbor.begin() + m_neighborStart[static_cast<size_t>(B) + 1];
  const auto position = std::lower_bound(first, last, row / kBlock) - first;
  return m_full.columnStart[static_cast<size_t>(column)] + kBlock * static_cast<int>(position) +
         row % kBlock;
}

void SparseLowRankSystem::placeRows() {
  const SparseLowRankForm::Matrix& G = m_form->G;
  const int n = static_cast<int>(G.rows());
  const int* start = G.outerIndexPtr();
  const int* column = G.innerIndexPtr();
  m_pairStart.resize(static_cast<size_t>(n) + 1);
  m_pairPlace.clear();
  for (int i = 0; i < n; ++i) {
    m_pairStart[static_cast<size_t>(i)] = static_cast<int>(m_pairPlace.size());
    for (int p = start[i]; p < start[i + 1]; ++p)
      for (int q = start[i]; q < start[i + 1]; q += kBlock) {
        // The 6 entries of row column[p] in the columns of q's block are consecutive.
        const int first = place(column[p], column[q]);
        const int stride = m_full.columnStart[static_cast<size_t>(column[q]) + 1] -
                           m_full.columnStart[static_cast<size_t>(column[q])];
        for (int k = 0; k < kBlock; ++k) m_pairPlace.push_back(first + k * stride);
      }
  }
  m_pairStart[static_cast<size_t>(n)] = static_cast<int>(m_pairPlace.size());
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
    const double coefficient = slope(problem, state, i);
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
  m_usedUpdate = updateBase();
  return m_usedUpdate || factorBase();
}

bool SparseLowRankSystem::factorBase() {
  m_haveBase = false;
  m_update.reset();
  ++m_factorizations;
  assemble();
  m_usedLu = !m_sliding.empty();
  bool factored = false;
  if (!m_usedLu) {
    for (size_t p = 0; p < m_upperPlace.size(); ++p)
      m_upper.values[p] = m_full.values[static_cast<size_t>(m_upperPlace[p])];
    if (!m_choleskyAnalysed) {
      m_cholesky.analyse(m_upper);
      m_choleskyAnalysed = true;
    }
    factored = m_cholesky.factorize(m_upper);
    m_usedLu = !factored;
  }
  if (m_usedLu) {
    if (!m_luAnalysed) {
      m_lu.analyse(m_full);
      m_luAnalysed = true;
    }
    factored = m_lu.factorize(m_full);
  }
  if (!factored) return false;
  const int* start = m_form->G.outerIndexPtr();
  std::fill(m_baseFree.begin(), m_baseFree.end(), 0);
  for (const int i : m_free) {
    m_baseFree[static_cast<size_t>(i)] = 1;
    std::copy(&m_V[static_cast<size_t>(start[i])], &m_V[static_cast<size_t>(start[i + 1])],
              &m_baseV[static_cast<size_t>(start[i])]);
  }
  m_baseLu = m_usedLu;
  m_baseDiagonal = m_diagonalVersion;
  m_haveBase = true;
  return true;
}

bool SparseLowRankSystem::updateBase() {
  if (!m_haveBase || m_baseDiagonal != m_diagonalVersion) return false;
  const SparseLowRankForm::Matrix& G = m_form->G;
  const int* start = G.outerIndexPtr();
  const int* column = G.innerIndexPtr();
  const double* value = G.valuePtr();
  m_update.begin();
  for (int i = 0; i < static_cast<int>(G.rows()); ++i) {
    const bool free = m_position[static_cast<size_t>(i)] >= 0;
    const bool base = m_baseFree[static_cast<size_t>(i)] != 0;
    if (!free && !base) continue;
    // Row i's term in K is v_i g_i^T / D_i: the update's u = v_i - v_i^base, w = g_i / D_i.
    const int count = start[i + 1] - start[i];
    bool differs = false;
    for (int p = 0; p < count; ++p) {
      const auto at = static_cast<size_t>(start[i] + p);
      const double u = (free ? m_V[at] : 0.0) - (base ? m_baseV[at] : 0.0);
      m_termU[static_cast<size_t>(p)] = u;
      m_termW[static_cast<size_t>(p)] = value[at] / m_D[i];
      differs = differs || u != 0.0;
    }
    if (differs && !m_update.add(i, count, column + start[i], m_termU.data(), m_termW.data()))
      return false;
  }
  if (!m_update.finish([this](const double* rhs, double* x) { solveBase(rhs, x); })) return false;
  m_usedLu = m_baseLu;
  return true;
}

void SparseLowRankSystem::solveBase(const double* rhs, double* x) {
  if (m_baseLu)
    m_lu.solve(rhs, x);
  else
    m_cholesky.solve(rhs, x);
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
  solveBase(m_u.data(), m_t.data());
  m_update.apply(m_t.data());
  for (Eigen::Index a = 0; a < nF; ++a) {
    const int i = m_free[a];
    double dot = 0.0;
    for (int p = start[i]; p < start[i + 1]; ++p) dot += value[p] * m_t[column[p]];
    out[a] = m_y[a] - dot / m_D[i];
  }
}

}  // namespace mlcp::detail
