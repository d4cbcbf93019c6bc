#include "pivoting/lemke_pivoting.hpp"

#include "core/clock.hpp"

#include <cmath>
#include <limits>

namespace mlcp::detail {

namespace {

// Ties of the ratio test: equal up to rounding.
bool ties(double value, double best) {
  return value <= best + 1e-11 * std::max(1.0, std::abs(best));
}

}  // namespace

void LemkePivoting::reserve(int capacity) {
  m_inverse.resize(capacity, capacity);
  m_work.resize(capacity, capacity);
  for (Eigen::VectorXd* v : {&m_beta, &m_column, &m_row, &m_residual, &m_cover})
    v->resize(capacity);
  m_basis.resize(capacity);
  m_position.resize(2 * capacity + 1);
  m_candidates.resize(capacity);
  m_pivotRows.resize(capacity);
}

void LemkePivoting::column(const Eigen::Ref<const Eigen::MatrixXd>& M,
                           int variable,
                           Eigen::Ref<Eigen::VectorXd> out) const {
  const int N = static_cast<int>(M.rows());
  if (variable < N) {
    out.setZero();
    out[variable] = 1.0;
  } else if (variable < 2 * N) {
    out = -M.col(variable - N);
  } else {
    out = -m_cover.head(N);  // covering vector d
  }
}

int LemkePivoting::ratioTest(int N, double pivotTolerance) {
  const auto c = m_column.head(N);
  const double largest = c.cwiseAbs().maxCoeff();
  if (!(largest > 0.0)) return -1;
  const double tolerance = pivotTolerance * largest;
  int count = 0;
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < N; ++i) {
    if (c[i] <= tolerance) continue;
    m_candidates[count++] = i;
    best = std::min(best, std::max(m_beta[i], 0.0) / c[i]);
  }
  if (count == 0) return -1;
  // Rows attaining the minimum ratio; z0 leaves whenever it is among them.
  int kept = 0;
  const int z0 = 2 * N;
  for (int k = 0; k < count; ++k) {
    const int i = m_candidates[k];
    if (!ties(std::max(m_beta[i], 0.0) / c[i], best)) continue;
    if (m_basis[i] == z0) return i;
    m_candidates[kept++] = i;
  }
  // Lexicographic rule: smallest row of B^-1 / c_i, column by column.
  for (int j = 0; j < N && kept > 1; ++j) {
    double smallest = std::numeric_limits<double>::infinity();
    for (int k = 0; k < kept; ++k) {
      const int i = m_candidates[k];
      smallest = std::min(smallest, m_inverse(i, j) / c[i]);
    }
    int next = 0;
    for (int k = 0; k < kept; ++k) {
      const int i = m_candidates[k];
      if (ties(m_inverse(i, j) / c[i], smallest)) m_candidates[next++] = i;
    }
    kept = next;
  }
  return m_candidates[0];
}

void LemkePivoting::pivot(int N, int row, int entering) {
  auto inverse = m_inverse.topLeftCorner(N, N);
  auto c = m_column.head(N);
  const double pivotValue = c[row];
  inverse.row(row) /= pivotValue;
  m_beta[row] /= pivotValue;
  m_row.head(N) = inverse.row(row).transpose();
  c[row] = 0.0;  // row `row` keeps its scaled values
  inverse.noalias() -= c * m_row.head(N).transpose();
  m_beta.head(N) -= c * m_beta[row];
  m_position[m_basis[row]] = -1;
  m_basis[row] = entering;
  m_position[entering] = row;
  ++m_pivots;
}

bool LemkePivoting::factorBasis(const Eigen::Ref<const Eigen::MatrixXd>& M) {
  const int N = static_cast<int>(M.rows());
  auto B = m_work.topLeftCorner(N, N);
  for (int i = 0; i < N; ++i) column(M, m_basis[i], B.col(i));
  // LU with partial pivoting, in place (right-looking, rank-1 updates).
  const double scale = B.cwiseAbs().maxCoeff();
  for (int k = 0; k < N; ++k) {
    Eigen::Index p = 0;
    const double largest = B.col(k).tail(N - k).cwiseAbs().maxCoeff(&p);
    if (!(largest > 1e-14 * scale)) return false;
    m_pivotRows[k] = k + static_cast<int>(p);
    if (p != 0) B.row(k).swap(B.row(k + p));
    const int rest = N - k - 1;
    if (rest == 0) continue;
    B.col(k).tail(rest) /= B(k, k);
    B.bottomRightCorner(rest, rest).noalias() -= B.col(k).tail(rest) * B.row(k).tail(rest);
  }
  return true;
}

void LemkePivoting::solveBasis(int N, Eigen::Ref<Eigen::VectorXd> v) const {
  const auto B = m_work.topLeftCorner(N, N);
  for (int k = 0; k < N; ++k)
    if (m_pivotRows[k] != k) std::swap(v[k], v[m_pivotRows[k]]);
  for (int k = 0; k + 1 < N; ++k) v.tail(N - k - 1) -= v[k] * B.col(k).tail(N - k - 1);
  for (int k = N - 1; k >= 0; --k) {
    v[k] /= B(k, k);
    if (k > 0) v.head(k) -= v[k] * B.col(k).head(k);
  }
}

void LemkePivoting::refineBeta(const Eigen::Ref<const Eigen::MatrixXd>& M,
                               const Eigen::Ref<const Eigen::VectorXd>& q) {
  const int N = static_cast<int>(M.rows());
  m_residual.head(N) = q;
  for (int i = 0; i < N; ++i) {
    column(M, m_basis[i], m_row.head(N));
    m_residual.head(N) -= m_beta[i] * m_row.head(N);
  }
  solveBasis(N, m_residual.head(N));
  m_beta.head(N) += m_residual.head(N);
}

bool LemkePivoting::refactor(const Eigen::Ref<const Eigen::MatrixXd>& M,
                             const Eigen::Ref<const Eigen::VectorXd>& q) {
  const int N = static_cast<int>(M.rows());
  if (!factorBasis(M)) return false;  // keep the updated inverse
  auto inverse = m_inverse.topLeftCorner(N, N);
  inverse.setIdentity();
  for (int j = 0; j < N; ++j) solveBasis(N, inverse.col(j));
  if (!inverse.allFinite()) return false;
  m_beta.head(N).noalias() = inverse * q;
  refineBeta(M, q);
  return true;
}

bool LemkePivoting::finalBeta(const Eigen::Ref<const Eigen::MatrixXd>& M,
                              const Eigen::Ref<const Eigen::VectorXd>& q) {
  const int N = static_cast<int>(M.rows());
  if (!factorBasis(M)) return false;  // keep beta from the updates
  m_residual.head(N) = q;
  solveBasis(N, m_residual.head(N));
  if (!m_residual.head(N).allFinite()) return false;
  m_beta.head(N) = m_residual.head(N);
  refineBeta(M, q);
  return true;
}

void LemkePivoting::extract(int N, Eigen::Ref<Eigen::VectorXd> y) const {
  y.setZero();
  for (int i = 0; i < N; ++i) {
    const int variable = m_basis[i];
    if (variable >= N && variable < 2 * N) y[variable - N] = std::max(m_beta[i], 0.0);
  }
}

LemkeOutcome LemkePivoting::solve(const Eigen::Ref<const Eigen::MatrixXd>& M,
                                  const Eigen::Ref<const Eigen::VectorXd>& q,
                                  const Eigen::Ref<const Eigen::VectorXd>& d,
                                  int maxPivots,
                                  double pivotTolerance,
                                  int refactorInterval,
                                  double deadlineSeconds,
                                  Eigen::Ref<Eigen::VectorXd> y) {
  const int N = static_cast<int>(q.size());
  m_pivots = 0;
  y.setZero();
  if (N == 0 || q.minCoeff() >= 0.0) return LemkeOutcome::Solved;

  m_cover.head(N) = d;
  m_inverse.topLeftCorner(N, N).setIdentity();
  m_beta.head(N) = q;
  m_position.head(2 * N + 1).setConstant(-1);
  for (int i = 0; i < N; ++i) {
    m_basis[i] = i;
    m_position[i] = i;
  }
  const int z0 = 2 * N;
  // Step 2: z0 enters, the row of the largest -q_r / d_r leaves (ties: the largest index).
  int row = -1;
  double largest = 0.0;
  for (int i = 0; i < N; ++i)
    if (q[i] < 0.0 && d[i] > 0.0) largest = std::max(largest, -q[i] / d[i]);
  for (int i = 0; i < N; ++i)
    if (q[i] < 0.0 && d[i] > 0.0 && ties(q[i] / d[i], -largest)) row = i;
  if (row < 0) return LemkeOutcome::SecondaryRay;  // d does not cover a negative q_i
  column(M, z0, m_column.head(N));
  pivot(N, row, z0);
  int entering = N + row;  // the complement of u_row

  // Steps 3-4.
  for (;;) {
    if (m_pivots >= maxPivots) {
      extract(N, y);
      return LemkeOutcome::PivotLimit;
    }
    if (deadlineSeconds > 0.0 && nowSeconds() > deadlineSeconds) {
      extract(N, y);
      return LemkeOutcome::TimeLimit;
    }
    column(M, entering, m_residual.head(N));
    m_column.head(N).noalias() = m_inverse.topLeftCorner(N, N) * m_residual.head(N);
    row = ratioTest(N, pivotTolerance);
    if (row < 0) {
      finalBeta(M, q);
      extract(N, y);
      return LemkeOutcome::SecondaryRay;
    }
    const int leaving = m_basis[row];
    pivot(N, row, entering);
    if (leaving == z0) {
      finalBeta(M, q);
      extract(N, y);
      return LemkeOutcome::Solved;
    }
    entering = leaving < N ? leaving + N : leaving - N;
    if (refactorInterval > 0 && m_pivots % refactorInterval == 0) refactor(M, q);
  }
}

}  // namespace mlcp::detail
