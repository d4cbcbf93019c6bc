#include "pivoting/low_rank_system.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

/// Entries of a slice of V or D^-1 G_F in one product that forms K: its blocking then fits in
/// half of Eigen's stack allocation limit (128 KB by default), never on the heap.
constexpr Eigen::Index kSliceEntries = 8192;

}  // namespace

void LowRankSystem::setup(const LowRankForm& form, double proximal) {
  m_form = &form;
  const Eigen::Index n = form.G.rows();
  const Eigen::Index r = form.G.cols();
  m_V.resize(n, r);
  m_scaledG.resize(n, r);
  if (!m_llt || m_K.rows() != r) {
    m_K.resize(r, r);
    m_llt.emplace(r);
    m_lu.emplace(r);
  }
  m_y.resize(n);
  m_slope.reserve(static_cast<size_t>(n));
  m_normalPosition.reserve(static_cast<size_t>(n));
  m_t.resize(r);
  m_u.resize(r);
  findRowColumns();
  setupRows(form.C, proximal);
}

void LowRankSystem::findRowColumns() {
  const LowRankForm::Matrix& G = m_form->G;
  m_rowStart.resize(static_cast<size_t>(G.rows()) + 1);
  m_columns.clear();
  for (Eigen::Index i = 0; i < G.rows(); ++i) {
    m_rowStart[static_cast<size_t>(i)] = static_cast<int>(m_columns.size());
    for (Eigen::Index j = 0; j < G.cols(); ++j)
      if (G(i, j) != 0.0) m_columns.push_back(static_cast<int>(j));
  }
  m_rowStart.back() = static_cast<int>(m_columns.size());
  m_sparseRows = 4 * static_cast<Eigen::Index>(m_columns.size()) <= G.rows() * G.cols();
}

double LowRankSystem::rowDot(int i, const Eigen::VectorXd& t) const {
  const double* g = m_form->G.row(i).data();
  const int* column = m_columns.data();
  double sum = 0.0;
  for (int p = m_rowStart[static_cast<size_t>(i)]; p < m_rowStart[static_cast<size_t>(i) + 1]; ++p)
    sum += g[column[p]] * t[column[p]];
  return sum;
}

void LowRankSystem::addRow(int i, double scale, Eigen::VectorXd& u) const {
  const double* g = m_form->G.row(i).data();
  const int* column = m_columns.data();
  for (int p = m_rowStart[static_cast<size_t>(i)]; p < m_rowStart[static_cast<size_t>(i) + 1]; ++p)
    u[column[p]] += scale * g[column[p]];
}

void LowRankSystem::addOuterProduct(int i, int k, double scale) {
  const LowRankForm::Matrix& G = m_form->G;
  const int* first = m_columns.data();
  for (int p = m_rowStart[static_cast<size_t>(i)]; p < m_rowStart[static_cast<size_t>(i) + 1];
       ++p) {
    const double v = scale * G(i, first[p]);
    for (int q = m_rowStart[static_cast<size_t>(k)]; q < m_rowStart[static_cast<size_t>(k) + 1];
         ++q)
      m_K(first[p], first[q]) += v * G(k, first[q]);
  }
}

void LowRankSystem::addUpperOuterProduct(int i, double scale) {
  const double* g = m_form->G.row(i).data();
  const int* column = m_columns.data();
  const int end = m_rowStart[static_cast<size_t>(i) + 1];
  for (int p = m_rowStart[static_cast<size_t>(i)]; p < end; ++p) {  // columns ascending
    const double v = scale * g[column[p]];
    for (int q = p; q < end; ++q) m_K(column[p], column[q]) += v * g[column[q]];
  }
}

void LowRankSystem::formK(const ProblemView& problem, const std::vector<RowState>& state) {
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  if (!m_sparseRows) {
    // K = I + V^T D^-1 G_F by slices of free rows whose product's blocking fits on the stack
    // (Eigen takes a deeper one's from the heap), so a round allocates nothing; one slice
    // where n_F r <= kSliceEntries.
    const Eigen::Index slice =
        std::max<Eigen::Index>(1, kSliceEntries / std::max<Eigen::Index>(1, m_K.rows()));
    m_K.setIdentity();
    for (Eigen::Index start = 0; start < nF; start += slice) {
      const Eigen::Index rows = std::min<Eigen::Index>(slice, nF - start);
      m_K.noalias() += m_V.middleRows(start, rows).transpose() * m_scaledG.middleRows(start, rows);
    }
    return;
  }
  // K = I + sum over F of v_a g_a^T / D_a, v_a = g_a + sum of s_i mu_i g_i over S sliding on a,
  // with each row's nonzero columns only (12 per row of the factor form).
  // The free rows' terms are symmetric: their upper triangle is summed, then mirrored.
  m_K.setIdentity();
  for (const int i : m_free) addUpperOuterProduct(i, 1.0 / m_D[i]);
  m_K.triangularView<Eigen::StrictlyLower>() = m_K.transpose();
  m_slope.clear();
  m_normalPosition.clear();
  for (const int i : m_sliding) {
    const int k = problem.findex[i];
    const double s = state[i] == RowState::Lower ? -1.0 : 1.0;
    m_slope.push_back(s * frictionCoefficient(problem.hi[i]));
    m_normalPosition.push_back(m_position[k]);
    addOuterProduct(i, k, m_slope.back() / m_D[k]);
  }
}

double LowRankSystem::lowRankDiagonal(Eigen::Index i) const {
  return m_form->G.row(i).squaredNorm();
}

void LowRankSystem::multiplyLowRank(const Eigen::VectorXd& x, Eigen::VectorXd& out) {
  if (!m_sparseRows) {
    m_t.noalias() = m_form->G.transpose() * x;
    out.noalias() = m_form->G * m_t;
    return;
  }
  const int n = static_cast<int>(x.size());
  m_t.setZero();
  for (int i = 0; i < n; ++i)
    if (x[i] != 0.0) addRow(i, x[i], m_t);
  for (int i = 0; i < n; ++i) out[i] = rowDot(i, m_t);
}

void LowRankSystem::buildReduced(const ProblemView& problem, const std::vector<RowState>& state) {
  const LowRankForm::Matrix& G = m_form->G;
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  for (Eigen::Index a = 0; a < nF; ++a) {
    const int i = m_free[a];
    m_V.row(a) = G.row(i);
    m_scaledG.row(a) = G.row(i) / m_D[i];
  }
  for (const int i : m_sliding) {
    const double s = state[i] == RowState::Lower ? -1.0 : 1.0;
    const int a = m_position[problem.findex[i]];
    m_V.row(a) += (s * frictionCoefficient(problem.hi[i])) * G.row(i);
  }
}

bool LowRankSystem::factor(const ProblemView& problem, const std::vector<RowState>& state) {
  if (!m_sparseRows) buildReduced(problem, state);
  formK(problem, state);
  m_usedLu = !m_sliding.empty();
  if (!m_usedLu) {
    m_llt->compute(m_K);
    if (m_llt->info() == Eigen::Success) return true;
    m_usedLu = true;
  }
  m_lu->compute(m_K);
  const double pivot = m_lu->matrixLU().diagonal().cwiseAbs().minCoeff();
  return std::isfinite(pivot) && pivot > 0.0;
}

void LowRankSystem::applyInverse(const Eigen::VectorXd& in, Eigen::VectorXd& out) {
  const Eigen::Index nF = static_cast<Eigen::Index>(m_free.size());
  for (Eigen::Index a = 0; a < nF; ++a) m_y[a] = in[a] / m_D[m_free[a]];
  if (m_sparseRows) {
    reduce();
  } else {
    m_u.noalias() = m_V.topRows(nF).transpose() * m_y.head(nF);
  }
  if (m_usedLu)
    m_t = m_lu->solve(m_u);
  else
    m_t = m_llt->solve(m_u);
  if (m_sparseRows) {
    for (Eigen::Index a = 0; a < nF; ++a) {
      const int i = m_free[a];
      out[a] = m_y[a] - rowDot(i, m_t) / m_D[i];
    }
    return;
  }
  out.head(nF) = m_y.head(nF);
  out.head(nF).noalias() -= m_scaledG.topRows(nF) * m_t;
}

void LowRankSystem::reduce() {
  // u = V^T y = sum over F of g_a y_a + sum over S of s_i mu_i g_i y_(position of its normal).
  m_u.setZero();
  for (size_t a = 0; a < m_free.size(); ++a)
    addRow(m_free[a], m_y[static_cast<Eigen::Index>(a)], m_u);
  for (size_t j = 0; j < m_sliding.size(); ++j)
    addRow(m_sliding[j], m_slope[j] * m_y[m_normalPosition[j]], m_u);
}

}  // namespace mlcp::detail
