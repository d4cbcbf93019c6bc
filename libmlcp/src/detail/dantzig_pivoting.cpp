#include "dantzig_pivoting.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace mlcp::detail {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

void DantzigPivoting::resize(int n) {
  if (m_A.rows() == n) return;
  m_A.resize(n, n);
  m_L.resize(n, n);
  for (Eigen::VectorXd* v : {&m_b, &m_x, &m_w, &m_lo, &m_hi, &m_d, &m_dInv, &m_gather, &m_Dell,
                             &m_ell, &m_tmp, &m_deltaX, &m_deltaW, &m_update})
    v->resize(n);
  m_set.resize(n);
  for (Eigen::VectorXi* v :
       {&m_findex, &m_rowOf, &m_positionOf, &m_factorRowOf, &m_cOrder, &m_release})
    v->resize(n);
}

void DantzigPivoting::load(const Eigen::MatrixXd& A,
                           const Eigen::VectorXd& b,
                           const Eigen::VectorXd& lo,
                           const Eigen::VectorXd& hi,
                           const Eigen::VectorXi& findex,
                           int nub,
                           bool frictionLast) {
  const int n = static_cast<int>(b.size());
  m_n = n;
  // Order: unbounded rows first (the given nub, then any other row with infinite bounds, as ODE
  // does to enlarge the initial factorization), then bounded rows, then friction rows.
  int next = 0;
  auto isFriction = [&](int i) { return frictionLast && findex[i] >= 0; };
  auto isUnbounded = [&](int i) {
    return i < nub || (!isFriction(i) && lo[i] == -kInf && hi[i] == kInf);
  };
  for (int i = 0; i < n; ++i)
    if (isUnbounded(i)) m_rowOf[next++] = i;
  for (int i = 0; i < n; ++i)
    if (!isUnbounded(i) && !isFriction(i)) m_rowOf[next++] = i;
  for (int i = 0; i < n; ++i)
    if (!isUnbounded(i) && isFriction(i)) m_rowOf[next++] = i;

  for (int p = 0; p < n; ++p) {
    const int r = m_rowOf[p];
    m_positionOf[r] = p;
    m_b[p] = b[r];
    m_lo[p] = lo[r];
    m_hi[p] = hi[r];
    m_findex[p] = frictionLast ? findex[r] : -1;
    m_factorRowOf[p] = -1;
  }
  // Lower triangle of the permuted matrix, read from the lower triangle of A only (ODE's
  // convention); nothing reads the upper triangle of m_A (see swapPositions).
  for (int p = 0; p < n; ++p) {
    const int r = m_rowOf[p];
    double* row = m_A.row(p).data();
    for (int q = 0; q <= p; ++q) {
      const int c = m_rowOf[q];
      row[q] = r >= c ? A(r, c) : A(c, r);
    }
  }
  m_x.head(n).setZero();
  m_w.head(n).setZero();
  m_set.head(n).setConstant(static_cast<signed char>(RowSet::Clamped));
  m_nC = 0;
  m_nN = 0;
  m_nActive = 0;
  m_pivots = 0;
  m_failedRow = -1;
}

// Swaps positions a and b in the lower triangle of m_A, which is all that is kept: every read
// is of a row p at columns q <= p (row i up to i, A(N, C), A(i, N)), as in ODE's
// swapRowsAndCols. O(n), of which n - b elements strided.
void DantzigPivoting::swapPositions(int a, int b) {
  if (a == b) return;
  if (a > b) std::swap(a, b);
  const int n = m_n;
  m_A.row(a).head(a).swap(m_A.row(b).head(a));
  for (int k = a + 1; k < b; ++k) std::swap(m_A(k, a), m_A(b, k));
  std::swap(m_A(a, a), m_A(b, b));
  for (int k = b + 1; k < n; ++k) std::swap(m_A(k, a), m_A(k, b));
  std::swap(m_b[a], m_b[b]);
  std::swap(m_x[a], m_x[b]);
  std::swap(m_w[a], m_w[b]);
  std::swap(m_lo[a], m_lo[b]);
  std::swap(m_hi[a], m_hi[b]);
  std::swap(m_set[a], m_set[b]);
  std::swap(m_findex[a], m_findex[b]);
  std::swap(m_rowOf[a], m_rowOf[b]);
  m_positionOf[m_rowOf[a]] = a;
  m_positionOf[m_rowOf[b]] = b;
  std::swap(m_factorRowOf[a], m_factorRowOf[b]);
  if (m_factorRowOf[a] >= 0) m_cOrder[m_factorRowOf[a]] = a;
  if (m_factorRowOf[b] >= 0) m_cOrder[m_factorRowOf[b]] = b;
}

// Dell = L^-1 A(C, i), ell = D^-1 Dell (the new row of L if i joins C) and, for dir != 0,
// delta_x(C) = -dir A(C,C)^-1 A(C,i) = -dir L^-T ell, stored by position.
void DantzigPivoting::solveClamped(int i, double dir) {
  const int nC = m_nC;
  if (nC == 0) return;
  for (int k = 0; k < nC; ++k) m_Dell[k] = m_A(i, m_cOrder[k]);
  const auto L = m_L.topLeftCorner(nC, nC);
  L.triangularView<Eigen::UnitLower>().solveInPlace(m_Dell.head(nC));
  m_ell.head(nC) = m_Dell.head(nC).cwiseProduct(m_dInv.head(nC));
  if (dir == 0.0) return;
  m_tmp.head(nC) = m_ell.head(nC);
  L.transpose().triangularView<Eigen::UnitUpper>().solveInPlace(m_tmp.head(nC));
  for (int k = 0; k < nC; ++k) m_deltaX[m_cOrder[k]] = -dir * m_tmp[k];
}

// Appends the row of `position` to L D L^T using m_Dell/m_ell from solveClamped().
bool DantzigPivoting::appendToFactor(int position, double pivotTolerance) {
  const int nC = m_nC;
  const double Aii = m_A(position, position);
  const double pivot = Aii - m_ell.head(nC).dot(m_Dell.head(nC));
  if (!(pivot > pivotTolerance * std::max(Aii, std::numeric_limits<double>::min()))) return false;
  m_L.row(nC).head(nC) = m_ell.head(nC).transpose();
  m_L(nC, nC) = 1.0;
  m_d[nC] = pivot;
  m_dInv[nC] = 1.0 / pivot;
  return true;
}

bool DantzigPivoting::transferDrivingToC(int i, double pivotTolerance) {
  if (!appendToFactor(i, pivotTolerance)) return false;
  m_set[i] = static_cast<signed char>(RowSet::Clamped);
  // Past the active rows of N first, so that the one it displaces at nC stays among them.
  swapPositions(i, m_nC + m_nActive);
  swapPositions(m_nC + m_nActive, m_nC);
  m_factorRowOf[m_nC] = m_nC;
  m_cOrder[m_nC] = m_nC;
  ++m_nC;
  return true;
}

// N is kept as [active rows | frozen rows]: a row whose box is {0} never leaves N, so its w is
// never needed and the products of the pivots skip it.
void DantzigPivoting::transferDrivingToN(int i, RowSet set) {
  m_set[i] = static_cast<signed char>(set);
  if (!(m_lo[i] == 0.0 && m_hi[i] == 0.0)) {
    swapPositions(i, m_nC + m_nActive);  // behind the active rows, before the frozen ones
    ++m_nActive;
  }
  ++m_nN;
}

bool DantzigPivoting::transferNToC(int j, double pivotTolerance) {
  solveClamped(j, 0.0);
  if (!appendToFactor(j, pivotTolerance)) return false;
  m_set[j] = static_cast<signed char>(RowSet::Clamped);
  swapPositions(j, m_nC);
  m_factorRowOf[m_nC] = m_nC;
  m_cOrder[m_nC] = m_nC;
  ++m_nC;
  --m_nN;
  --m_nActive;
  return true;
}

// Removes row/column r of L D L^T: the trailing block gets the rank-one update
// L33 D3 L33^T + d_r l l^T (l = column r below the diagonal), then rows and columns shift.
void DantzigPivoting::removeFactorRow(int r) {
  const int nC = m_nC;
  const int m = nC - r - 1;
  double alpha = m_d[r];
  for (int t = 0; t < m; ++t) m_update[t] = m_L(r + 1 + t, r);
  for (int t = 0; t < m; ++t) {
    const int row = r + 1 + t;
    const double p = m_update[t];
    const double dOld = m_d[row];
    const double dNew = dOld + alpha * p * p;
    const double beta = p * alpha / dNew;
    alpha *= dOld / dNew;
    m_d[row] = dNew;
    m_dInv[row] = 1.0 / dNew;
    for (int u = t + 1; u < m; ++u) {
      const int rowU = r + 1 + u;
      m_update[u] -= p * m_L(rowU, row);
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
}

void DantzigPivoting::transferCToN(int j, RowSet set) {
  const int r = m_factorRowOf[j];
  removeFactorRow(r);
  m_factorRowOf[j] = -1;
  m_set[j] = static_cast<signed char>(set);
  swapPositions(j, m_nC - 1);
  --m_nC;
  ++m_nN;
  ++m_nActive;  // a clamped row has a box wider than {0}
}

void DantzigPivoting::setFrictionBounds(int first) {
  for (int k = first; k < m_n; ++k) {
    const double normal = m_x[m_positionOf[m_findex[k]]];
    // 0 * inf = 0: a row without normal force has no friction.
    const double u = normal == 0.0 ? 0.0 : std::abs(m_hi[k] * normal);
    m_hi[k] = u;
    m_lo[k] = -u;
  }
}

int DantzigPivoting::firstBoundedPosition() const {
  int first = 0;
  while (first < m_n && m_lo[first] == -kInf && m_hi[first] == kInf && m_findex[first] < 0) ++first;
  return first;
}

// Makes the row at `i` = nC + nN valid: leaves it where it is if it already is, otherwise pushes
// x_i (and x_C with it, keeping w_C = 0) until (x_i, w_i) is valid, changing the set of every
// row that blocks the way. x_i may start anywhere, also outside its box (a warm restart after
// the bounds changed): it is then first brought to the nearest bound, where w_i is unchecked.
PivotOutcome DantzigPivoting::driveRow(int i,
                                       int maxPivots,
                                       double pivotTolerance,
                                       int firstBounded) {
  for (;;) {
    if (m_x[i] == m_lo[i] && m_w[i] >= 0.0) {
      transferDrivingToN(i, RowSet::AtLower);
      return PivotOutcome::Solved;
    }
    if (m_x[i] == m_hi[i] && m_w[i] <= 0.0) {
      transferDrivingToN(i, RowSet::AtUpper);
      return PivotOutcome::Solved;
    }
    const bool below = m_x[i] < m_lo[i];
    const bool above = m_x[i] > m_hi[i];
    if (m_w[i] == 0.0 && !below && !above) {
      // Degenerate: x_i is inside its box and w_i = 0, already on the clamped segment.
      solveClamped(i, 0.0);
      if (transferDrivingToC(i, pivotTolerance)) return PivotOutcome::Solved;
      m_failedRow = m_rowOf[i];
      return PivotOutcome::SingularPivot;
    }

    // Push x_i until (x_i, w_i) is valid or some other index has to change set first.
    for (;;) {
      if (++m_pivots > maxPivots) {
        m_failedRow = m_rowOf[i];
        return PivotOutcome::PivotLimit;
      }
      const int nC = m_nC;
      const int nN = m_nActive;  // the frozen rows of N cannot block the step
      const double dir = below ? 1.0 : (above ? -1.0 : (m_w[i] <= 0.0 ? 1.0 : -1.0));
      solveClamped(i, dir);
      // delta_w(N) = A(N,C) delta_x(C) + A(N,i) dir ; delta_w_i = A(i,C) delta_x(C) + A_ii dir.
      m_deltaW.segment(nC, nN).noalias() = m_A.block(nC, 0, nN, nC) * m_deltaX.head(nC);
      m_deltaW.segment(nC, nN) += dir * m_A.row(i).segment(nC, nN).transpose();
      const double deltaWi =
          m_A.row(i).head(nC).dot(m_deltaX.head(nC).transpose()) + m_A(i, i) * dir;

      double s = kInf;
      int cmd = 0;
      int si = -1;
      if (below || above) {  // to the box first (cmd 7), whatever w_i does on the way
        s = below ? m_lo[i] - m_x[i] : m_x[i] - m_hi[i];
        cmd = 7;
      } else {
        if (dir * deltaWi > 0.0) {  // w_i moves toward 0
          s = -m_w[i] / deltaWi;
          cmd = 1;
        }
        if (dir > 0.0 && m_hi[i] < kInf) {
          const double s2 = m_hi[i] - m_x[i];
          if (s2 < s) {
            s = s2;
            cmd = 3;
          }
        } else if (dir < 0.0 && m_lo[i] > -kInf) {
          const double s2 = m_x[i] - m_lo[i];
          if (s2 < s) {
            s = s2;
            cmd = 2;
          }
        }
      }
      for (int k = nC; k < nC + nN; ++k) {
        const bool atLower = m_set[k] == static_cast<signed char>(RowSet::AtLower);
        if (atLower ? m_deltaW[k] < 0.0 : m_deltaW[k] > 0.0) {
          const double s2 = std::max(-m_w[k] / m_deltaW[k], 0.0);
          if (s2 < s) {
            s = s2;
            cmd = 4;
            si = k;
          }
        }
      }
      for (int k = firstBounded; k < nC; ++k) {
        const double dx = m_deltaX[k];
        if (dx < 0.0 && m_lo[k] > -kInf) {
          const double s2 = std::max((m_lo[k] - m_x[k]) / dx, 0.0);
          if (s2 < s) {
            s = s2;
            cmd = 5;
            si = k;
          }
        } else if (dx > 0.0 && m_hi[k] < kInf) {
          const double s2 = std::max((m_hi[k] - m_x[k]) / dx, 0.0);
          if (s2 < s) {
            s = s2;
            cmd = 6;
            si = k;
          }
        }
      }
      if (cmd == 0) {
        m_failedRow = m_rowOf[i];
        return PivotOutcome::Unbounded;
      }

      m_x.head(nC) += s * m_deltaX.head(nC);
      m_x[i] += s * dir;
      m_w.segment(nC, nN) += s * m_deltaW.segment(nC, nN);
      m_w[i] += s * deltaWi;

      bool ok = true;
      switch (cmd) {
        case 1:
          m_w[i] = 0.0;
          ok = transferDrivingToC(i, pivotTolerance);
          break;
        case 2:
          m_x[i] = m_lo[i];
          transferDrivingToN(i, RowSet::AtLower);
          break;
        case 3:
          m_x[i] = m_hi[i];
          transferDrivingToN(i, RowSet::AtUpper);
          break;
        case 4:
          m_w[si] = 0.0;
          ok = transferNToC(si, pivotTolerance);
          break;
        case 5:
          m_x[si] = m_lo[si];
          transferCToN(si, RowSet::AtLower);
          break;
        case 6:
          m_x[si] = m_hi[si];
          transferCToN(si, RowSet::AtUpper);
          break;
        default:
          m_x[i] = below ? m_lo[i] : m_hi[i];
          break;
      }
      if (!ok) {
        m_failedRow = m_rowOf[cmd == 4 ? si : i];
        return PivotOutcome::SingularPivot;
      }
      if (cmd <= 3) return PivotOutcome::Solved;
      if (cmd == 7) break;  // in the box now: check it again
    }
  }
}

void DantzigPivoting::writeResult(Eigen::VectorXd& x,
                                  Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets) const {
  for (int p = 0; p < m_n; ++p) {
    x[m_rowOf[p]] = m_x[p];
    sets[m_rowOf[p]] = m_set[p];
  }
}

PivotOutcome DantzigPivoting::solve(const Eigen::MatrixXd& A,
                                    const Eigen::VectorXd& b,
                                    const Eigen::VectorXd& lo,
                                    const Eigen::VectorXd& hi,
                                    const Eigen::VectorXi& findex,
                                    int nub,
                                    bool frictionFromNormals,
                                    int maxPivots,
                                    double pivotTolerance,
                                    Eigen::VectorXd& x,
                                    Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets) {
  load(A, b, lo, hi, findex, nub, frictionFromNormals);
  const int n = m_n;
  const int firstBounded = firstBoundedPosition();
  bool frictionBoundsSet = false;
  PivotOutcome outcome = PivotOutcome::Solved;
  for (int i = 0; i < n && outcome == PivotOutcome::Solved; ++i) {
    if (!frictionBoundsSet && m_findex[i] >= 0) {
      setFrictionBounds(i);
      frictionBoundsSet = true;
    }
    const int nCN = m_nC + m_nN;  // == i
    m_w[i] = m_A.row(i).head(nCN).dot(m_x.head(nCN).transpose()) - m_b[i];
    outcome = driveRow(i, maxPivots, pivotTolerance, firstBounded);
  }
  m_warm = outcome == PivotOutcome::Solved;
  writeResult(x, sets);
  return outcome;
}

// Takes the processed row at position p out of C or N without changing any x: it goes to
// position nC + nN (the first unprocessed one), the other rows keep w_C = 0 and their validity.
void DantzigPivoting::releaseRow(int p) {
  if (m_factorRowOf[p] >= 0) {
    removeFactorRow(m_factorRowOf[p]);
    m_factorRowOf[p] = -1;
    swapPositions(p, m_nC - 1);
    --m_nC;
    swapPositions(m_nC, m_nC + m_nActive);         // behind the active rows of N
    swapPositions(m_nC + m_nActive, m_nC + m_nN);  // behind the frozen ones
    return;
  }
  if (p < m_nC + m_nActive) {
    swapPositions(p, m_nC + m_nActive - 1);
    --m_nActive;
    p = m_nC + m_nActive;
  }
  swapPositions(p, m_nC + m_nN - 1);
  --m_nN;
}

PivotOutcome DantzigPivoting::resolve(const Eigen::VectorXd& lo,
                                      const Eigen::VectorXd& hi,
                                      int maxPivots,
                                      double pivotTolerance,
                                      Eigen::VectorXd& x,
                                      Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets) {
  const int n = m_n;
  m_pivots = 0;
  m_failedRow = -1;
  if (!m_warm) return PivotOutcome::PivotLimit;
  // Rows no longer valid with the new bounds: clamped rows outside their box (or in an empty
  // one), rows of N whose bound moved, frozen rows whose box is no longer {0}. Every other row
  // keeps its x and w, which the released rows' x (unchanged) still enter.
  int released = 0;
  for (int p = 0; p < n; ++p) {
    const int r = m_rowOf[p];
    const double l = lo[r];
    const double u = hi[r];
    bool valid;
    if (m_factorRowOf[p] >= 0)
      valid = l < u && l <= m_x[p] && m_x[p] <= u;
    else if (p >= m_nC + m_nActive)
      valid = l == 0.0 && u == 0.0;
    else
      valid = !(l == 0.0 && u == 0.0) &&
              m_x[p] == (m_set[p] == static_cast<signed char>(RowSet::AtLower) ? l : u);
    m_lo[p] = l;
    m_hi[p] = u;
    if (!valid) m_release[released++] = r;
  }
  for (int k = 0; k < released; ++k) releaseRow(m_positionOf[m_release[k]]);

  const int firstBounded = firstBoundedPosition();
  PivotOutcome outcome = PivotOutcome::Solved;
  for (int i = m_nC + m_nN; i < n && outcome == PivotOutcome::Solved; ++i) {
    // w_i over every row: the rows after i hold their (old) x.
    double w = m_A.row(i).head(i + 1).dot(m_x.head(i + 1).transpose());
    for (int q = i + 1; q < n; ++q) w += m_A(q, i) * m_x[q];
    m_w[i] = w - m_b[i];
    outcome = driveRow(i, maxPivots, pivotTolerance, firstBounded);
  }
  m_warm = outcome == PivotOutcome::Solved;
  writeResult(x, sets);
  return outcome;
}

}  // namespace mlcp::detail
