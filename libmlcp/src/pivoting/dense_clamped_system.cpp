#include "pivoting/dense_clamped_system.hpp"

#include "linalg/dense_kernels.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace mlcp::detail {

void DenseClampedSystem::resize(int n) {
  if (m_A.rows() == n) return;
  m_A.resize(n, n);
  m_L.resize(n, n);
  for (Eigen::VectorXd* v : {&m_d, &m_dInv, &m_Dell, &m_ell, &m_tmp, &m_update}) v->resize(n);
  m_factorRowOf.resize(n);
  m_cOrder.resize(n);
}

void DenseClampedSystem::load(const Eigen::VectorXi& rowOf, const Eigen::VectorXi& /*pos*/) {
  const Eigen::MatrixXd& A = *m_source;
  const int n = static_cast<int>(A.rows());
  m_n = n;
  // Lower triangle of the permuted matrix, read from the lower triangle of A only (ODE's
  // convention); nothing reads the upper triangle of m_A (see swapPositions).
  for (int p = 0; p < n; ++p) {
    const int r = rowOf[p];
    double* row = m_A.row(p).data();
    for (int q = 0; q <= p; ++q) {
      const int c = rowOf[q];
      row[q] = r >= c ? A(r, c) : A(c, r);
    }
  }
  m_factorRowOf.head(n).setConstant(-1);
  m_solvedPosition = -1;
}

// Swaps positions a and b in the lower triangle of m_A, which is all that is kept: every read
// is of a row p at columns q <= p (row i up to i, A(N, C), A(i, N)), as in ODE's
// swapRowsAndCols. O(n), of which n - b elements strided.
void DenseClampedSystem::swapPositions(int a, int b) {
  if (a == b) return;
  if (a > b) std::swap(a, b);
  const int n = m_n;
  m_A.row(a).head(a).swap(m_A.row(b).head(a));
  for (int k = a + 1; k < b; ++k) std::swap(m_A(k, a), m_A(b, k));
  std::swap(m_A(a, a), m_A(b, b));
  for (int k = b + 1; k < n; ++k) std::swap(m_A(k, a), m_A(k, b));
  std::swap(m_factorRowOf[a], m_factorRowOf[b]);
  if (m_factorRowOf[a] >= 0) m_cOrder[m_factorRowOf[a]] = a;
  if (m_factorRowOf[b] >= 0) m_cOrder[m_factorRowOf[b]] = b;
  m_solvedPosition = -1;
}

double DenseClampedSystem::rowTimes(int i, const Eigen::VectorXd& x, int count) const {
  const int head = std::min(count, i + 1);
  double sum = m_A.row(i).head(head).dot(x.head(head).transpose());
  for (int q = i + 1; q < count; ++q) sum += m_A(q, i) * x[q];
  return sum;
}

long double DenseClampedSystem::rowTimesExtended(int i, const Eigen::VectorXd& x) const {
  long double sum = 0.0L;
  for (int q = 0; q <= i; ++q) sum += static_cast<long double>(m_A(i, q)) * x[q];
  for (int q = i + 1; q < m_n; ++q) sum += static_cast<long double>(m_A(q, i)) * x[q];
  return sum;
}

void DenseClampedSystem::solveClamped(int nC, const Eigen::VectorXd& rhs, Eigen::VectorXd& out) {
  if (nC == 0) return;
  for (int k = 0; k < nC; ++k) m_tmp[k] = rhs[m_cOrder[k]];
  // m_L is row-major: in memory the column-major L^T the kernels take (dense_kernels.hpp).
  const int ld = static_cast<int>(m_L.cols());
  detail::solveUnitUpperTransposed(nC, m_L.data(), ld, m_tmp.data());
  m_tmp.head(nC) = m_tmp.head(nC).cwiseProduct(m_dInv.head(nC));
  detail::solveUnitUpper(nC, m_L.data(), ld, m_tmp.data());
  for (int k = 0; k < nC; ++k) out[m_cOrder[k]] = m_tmp[k];
}

void DenseClampedSystem::solveLower(int i, int nC) {
  m_solvedPosition = i;
  if (nC == 0) return;
  for (int k = 0; k < nC; ++k) m_Dell[k] = m_A(i, m_cOrder[k]);
  detail::solveUnitUpperTransposed(nC, m_L.data(), static_cast<int>(m_L.cols()), m_Dell.data());
  m_ell.head(nC) = m_Dell.head(nC).cwiseProduct(m_dInv.head(nC));
}

// delta_x(C) = -dir A(C,C)^-1 A(C,i) = -dir L^-T ell, stored by position.
void DenseClampedSystem::clampedDirection(int i, double dir, int nC, Eigen::VectorXd& deltaX) {
  solveLower(i, nC);
  if (nC == 0) return;
  m_tmp.head(nC) = m_ell.head(nC);
  detail::solveUnitUpper(nC, m_L.data(), static_cast<int>(m_L.cols()), m_tmp.data());
  for (int k = 0; k < nC; ++k) deltaX[m_cOrder[k]] = -dir * m_tmp[k];
}

double DenseClampedSystem::directionOfW(
    int i, double dir, int nC, int nN, const Eigen::VectorXd& deltaX, Eigen::VectorXd& deltaW) {
  // A(N,C) of the row-major m_A is, in memory, the column-major block A(C,N)^T.
  const int ld = static_cast<int>(m_A.cols());
  detail::multiplyTransposed(nC, nN, m_A.data() + static_cast<std::ptrdiff_t>(nC) * ld, ld,
                             deltaX.data(), deltaW.data() + nC);
  deltaW.segment(nC, nN) += dir * m_A.row(i).segment(nC, nN).transpose();
  return m_A.row(i).head(nC).dot(deltaX.head(nC).transpose()) + m_A(i, i) * dir;
}

// Appends the row of position p to L D L^T as row nC, from Dell / ell (computed here unless the
// last direction was for p with the same C).
bool DenseClampedSystem::addToFactor(int p, int nC, double pivotTolerance) {
  if (m_solvedPosition != p) solveLower(p, nC);
  const double Aii = m_A(p, p);
  const double pivot = Aii - m_ell.head(nC).dot(m_Dell.head(nC));
  if (!(pivot > pivotTolerance * std::max(Aii, std::numeric_limits<double>::min()))) return false;
  m_L.row(nC).head(nC) = m_ell.head(nC).transpose();
  m_L(nC, nC) = 1.0;
  m_d[nC] = pivot;
  m_dInv[nC] = 1.0 / pivot;
  m_factorRowOf[p] = nC;
  m_cOrder[nC] = p;
  m_solvedPosition = -1;
  return true;
}

// Removes row/column r of L D L^T: the trailing block gets the rank-one update
// L33 D3 L33^T + d_r l l^T (l = column r below the diagonal), then rows and columns shift.
void DenseClampedSystem::removeFromFactor(int p, int nC) {
  const int r = m_factorRowOf[p];
  const int m = nC - r - 1;
  double alpha = m_d[r];
  for (int t = 0; t < m; ++t) m_update[t] = m_L(r + 1 + t, r);
  for (int t = 0; t < m; ++t) {
    const int row = r + 1 + t;
    const double value = m_update[t];
    const double dOld = m_d[row];
    const double dNew = dOld + alpha * value * value;
    const double beta = value * alpha / dNew;
    alpha *= dOld / dNew;
    m_d[row] = dNew;
    m_dInv[row] = 1.0 / dNew;
    for (int u = t + 1; u < m; ++u) {
      const int rowU = r + 1 + u;
      m_update[u] -= value * m_L(rowU, row);
      m_L(rowU, row) += beta * m_update[u];
    }
  }
  for (int k = r + 1; k < nC; ++k) {
    m_L.row(k - 1).head(r) = m_L.row(k).head(r);
    for (int c = r; c < k - 1; ++c) m_L(k - 1, c) = m_L(k, c + 1);
    m_L(k - 1, k - 1) = 1.0;
    m_d[k - 1] = m_d[k];
    m_dInv[k - 1] = m_dInv[k];
    m_cOrder[k - 1] = m_cOrder[k];
    m_factorRowOf[m_cOrder[k - 1]] = k - 1;
  }
  m_factorRowOf[p] = -1;
  m_solvedPosition = -1;
}

}  // namespace mlcp::detail
