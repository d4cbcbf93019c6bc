#include "pivoting/low_rank_system.hpp"

#include "linalg/dense_kernels.hpp"

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

/// Entries of a slice of V or D^-1 G_F in one product that forms K: its blocking then fits in
/// half of Eigen's stack allocation limit (128 KB by default), never on the heap.
constexpr Eigen::Index kSliceEntries = 8192;

/// Updates of K after which it is formed anew: each adds the rounding of a product of its terms.
constexpr int kRebuildUpdates = 16;
/// The largest |change of a coefficient| |g_i| |g_k| of a term (K = I + the terms) that updates
/// K: a term removed leaves the rounding of its size in K, against K's eigenvalues of 1 where G_F
/// does not reach (DART's relative CFM gives terms of about 1e5).
constexpr double kLargestUpdatedTerm = 1e6;

/// Rows of an r-column slice in one product that forms K (at least 1).
Eigen::Index sliceRows(Eigen::Index r) {
  return std::max<Eigen::Index>(1, kSliceEntries / std::max<Eigen::Index>(1, r));
}

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
  for (Eigen::VectorXd* v : {&m_haveFree, &m_haveSlide, &m_wantFree, &m_wantSlide}) v->resize(n);
  m_haveNormal.resize(static_cast<size_t>(n));
  m_wantNormal.resize(static_cast<size_t>(n));
  // One slice of the changed terms (addProducts).
  m_left.resize(std::min(sliceRows(r), n), r);
  m_right.resize(std::min(sliceRows(r), n), r);
  m_rowNorm2 = form.G.rowwise().squaredNorm();
  m_haveK = false;
  m_updatedK = 0;
  m_slope.reserve(static_cast<size_t>(n));
  m_normalPosition.reserve(static_cast<size_t>(n));
  m_t.resize(r);
  m_u.resize(r);
  findRowColumns();
  setupRows(form.C, proximal);
}

void LowRankSystem::findRowColumns() {
  const LowRankForm::Matrix& G = m_form->G;
  // Counted first, without a branch per entry: a dense G, the pivoted Cholesky's, needs no lists.
  const Eigen::Index nonzeros = (G.array() != 0.0).count();
  m_sparseRows = 4 * nonzeros <= G.rows() * G.cols();
  m_rowStart.clear();
  m_columns.clear();
  if (!m_sparseRows) return;
  m_rowStart.resize(static_cast<size_t>(G.rows()) + 1);
  m_columns.reserve(static_cast<size_t>(nonzeros));
  for (Eigen::Index i = 0; i < G.rows(); ++i) {
    m_rowStart[static_cast<size_t>(i)] = static_cast<int>(m_columns.size());
    for (Eigen::Index j = 0; j < G.cols(); ++j)
      if (G(i, j) != 0.0) m_columns.push_back(static_cast<int>(j));
  }
  m_rowStart.back() = static_cast<int>(m_columns.size());
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

void LowRankSystem::addProducts(const LowRankForm::Matrix& left,
                                const LowRankForm::Matrix& right,
                                Eigen::Index rows) {
  // Slices of rows whose product's blocking fits on the stack (Eigen takes a deeper one's from
  // the heap), so a round allocates nothing; one slice where rows r <= kSliceEntries.
  const Eigen::Index slice = sliceRows(m_K.rows());
  for (Eigen::Index start = 0; start < rows; start += slice) {
    const Eigen::Index count = std::min<Eigen::Index>(slice, rows - start);
    if (proximalActive()) {
      // A singular A: the pivoting is sensitive to K's rounding (updateK()); Eigen's product in
      // the baseline build, whose rounding the CFM-free stacks were measured with.
      m_K.noalias() += left.middleRows(start, count).transpose() * right.middleRows(start, count);
      continue;
    }
    // K += left_slice^T right_slice (the processor's kernel): the row-major slices are
    // column-major r x count matrices.
    const int r = static_cast<int>(m_K.rows());
    addProductTransposed(r, r, static_cast<int>(count), left.row(start).data(), r,
                         right.row(start).data(), r, m_K.data(), r);
  }
}

void LowRankSystem::termCoefficients(const ProblemView& problem,
                                     const std::vector<RowState>& state) {
  m_wantFree.setZero();
  m_wantSlide.setZero();
  std::fill(m_wantNormal.begin(), m_wantNormal.end(), -1);
  for (const int i : m_free) m_wantFree[i] = 1.0 / m_D[i];
  for (const int i : m_sliding) {
    const int k = problem.findex[i];
    m_wantSlide[i] = slope(problem, state, i) / m_D[k];
    m_wantNormal[static_cast<size_t>(i)] = k;
  }
}

template <typename Visit>
void LowRankSystem::forEachChangedTerm(Visit&& visit) const {
  for (Eigen::Index i = 0; i < m_wantFree.size(); ++i) {
    const size_t row = static_cast<size_t>(i);
    if (m_wantFree[i] != m_haveFree[i]) visit(m_wantFree[i] - m_haveFree[i], i, i);
    if (m_wantSlide[i] == m_haveSlide[i] && m_wantNormal[row] == m_haveNormal[row]) continue;
    if (m_haveNormal[row] >= 0) visit(-m_haveSlide[i], i, m_haveNormal[row]);
    if (m_wantNormal[row] >= 0) visit(m_wantSlide[i], i, m_wantNormal[row]);
  }
}

bool LowRankSystem::updateK() {
  // With the proximal term of a singular A the pivoting is sensitive to K's rounding (on Bullet's
  // CFM-free stack_step60, K's updates, within 4e-16 of the formed K, sent the rounds into a
  // cycle): K is then formed anew each time.
  if (!m_haveK || m_updates >= kRebuildUpdates || proximalActive()) return false;
  Eigen::Index m = 0;
  double largest = 0.0;
  forEachChangedTerm([&](double coefficient, Eigen::Index i, Eigen::Index k) {
    ++m;
    largest = std::max(largest, std::abs(coefficient) * std::sqrt(m_rowNorm2[i] * m_rowNorm2[k]));
  });
  if (m > static_cast<Eigen::Index>(m_free.size()) || largest > kLargestUpdatedTerm) return false;
  // K += sum of coefficient g_i^T g_k, a slice of the terms' rows at a time.
  const LowRankForm::Matrix& G = m_form->G;
  Eigen::Index rows = 0;
  forEachChangedTerm([&](double coefficient, Eigen::Index i, Eigen::Index k) {
    m_left.row(rows) = coefficient * G.row(i);
    m_right.row(rows) = G.row(k);
    if (++rows < m_left.rows()) return;
    addProducts(m_left, m_right, rows);
    rows = 0;
  });
  addProducts(m_left, m_right, rows);
  ++m_updates;
  ++m_updatedK;
  return true;
}

void LowRankSystem::formDenseK(const ProblemView& problem, const std::vector<RowState>& state) {
  termCoefficients(problem, state);
  if (!updateK()) {
    // K = I + V^T D^-1 G_F
    m_K.setIdentity();
    addProducts(m_V, m_scaledG, static_cast<Eigen::Index>(m_free.size()));
    m_haveK = true;
    m_updates = 0;
  }
  m_haveFree.swap(m_wantFree);
  m_haveSlide.swap(m_wantSlide);
  m_haveNormal.swap(m_wantNormal);
}

void LowRankSystem::formK(const ProblemView& problem, const std::vector<RowState>& state) {
  if (!m_sparseRows) {
    formDenseK(problem, state);
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
    m_slope.push_back(slope(problem, state, i));
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
    const int a = m_position[problem.findex[i]];
    m_V.row(a) += slope(problem, state, i) * G.row(i);
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
