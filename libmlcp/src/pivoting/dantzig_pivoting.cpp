#include "pivoting/dantzig_pivoting.hpp"

#include "core/infinity.hpp"
#include "pivoting/clamped_system.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>
#include <cmath>
#include <utility>

namespace mlcp::detail {

namespace {

/// delta w_k below this times its Cauchy-Schwarz bound counts as zero (chooseStep()).
constexpr double kDependentRow = 1e-11;

}  // namespace

void DantzigPivoting::resize(int n) {
  if (m_b.size() == n) return;
  for (Eigen::VectorXd* v :
       {&m_b, &m_x, &m_w, &m_lo, &m_hi, &m_normalOffset, &m_diagonal, &m_deltaX, &m_deltaW})
    v->resize(n);
  m_set.resize(n);
  for (Eigen::VectorXi* v : {&m_findex, &m_rowOf, &m_positionOf, &m_release}) v->resize(n);
}

void DantzigPivoting::load(const PivotingProblem& problem, bool frictionLast) {
  const int n = static_cast<int>(problem.b.size());
  m_n = n;
  // Order: unbounded rows first (the given nub, then any other row with infinite bounds, as ODE
  // does to enlarge the initial factorization), then bounded rows, then friction rows.
  int next = 0;
  auto isFriction = [&](int i) { return frictionLast && problem.findex[i] >= 0; };
  auto isUnbounded = [&](int i) {
    return i < problem.nub || (!isFriction(i) && problem.lo[i] == -kInf && problem.hi[i] == kInf);
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
    m_b[p] = problem.b[r];
    m_lo[p] = problem.lo[r];
    m_hi[p] = problem.hi[r];
    m_findex[p] = frictionLast ? problem.findex[r] : -1;
  }
  m_normalOffset.head(n) = problem.normalOffset;
  m_system->load(m_rowOf, m_positionOf);
  for (int p = 0; p < n; ++p) m_diagonal[p] = m_system->diagonal(p);
  m_x.head(n).setZero();
  m_w.head(n).setZero();
  m_set.head(n).setConstant(static_cast<signed char>(RowSet::Clamped));
  m_nC = 0;
  m_nN = 0;
  m_nActive = 0;
  m_pivots = 0;
  m_failedRow = -1;
}

void DantzigPivoting::swapPositions(int a, int b) {
  if (a == b) return;
  std::swap(m_b[a], m_b[b]);
  std::swap(m_x[a], m_x[b]);
  std::swap(m_w[a], m_w[b]);
  std::swap(m_lo[a], m_lo[b]);
  std::swap(m_hi[a], m_hi[b]);
  std::swap(m_diagonal[a], m_diagonal[b]);
  std::swap(m_set[a], m_set[b]);
  std::swap(m_findex[a], m_findex[b]);
  std::swap(m_rowOf[a], m_rowOf[b]);
  m_positionOf[m_rowOf[a]] = a;
  m_positionOf[m_rowOf[b]] = b;
  m_system->swapPositions(a, b);
}

bool DantzigPivoting::transferDrivingToC(int i, double pivotTolerance) {
  if (!m_system->addToFactor(i, m_nC, pivotTolerance)) return false;
  m_set[i] = static_cast<signed char>(RowSet::Clamped);
  // Past the active rows of N first, so that the one it displaces at nC stays among them.
  swapPositions(i, m_nC + m_nActive);
  swapPositions(m_nC + m_nActive, m_nC);
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
  if (!m_system->addToFactor(j, m_nC, pivotTolerance)) return false;
  m_set[j] = static_cast<signed char>(RowSet::Clamped);
  swapPositions(j, m_nC);
  ++m_nC;
  --m_nN;
  --m_nActive;
  return true;
}

void DantzigPivoting::transferCToN(int j, RowSet set) {
  m_system->removeFromFactor(j, m_nC);
  m_set[j] = static_cast<signed char>(set);
  swapPositions(j, m_nC - 1);
  --m_nC;
  ++m_nN;
  ++m_nActive;  // a clamped row has a box wider than {0}
}

void DantzigPivoting::setFrictionBounds(int first) {
  for (int k = first; k < m_n; ++k) {
    const int normalRow = m_findex[k];
    const double normal = m_x[m_positionOf[normalRow]] + m_normalOffset[normalRow];
    const double u = frictionBound(m_hi[k], normal);
    m_hi[k] = u;
    m_lo[k] = -u;
  }
}

int DantzigPivoting::firstBoundedPosition() const {
  int first = 0;
  while (first < m_n && m_lo[first] == -kInf && m_hi[first] == kInf && m_findex[first] < 0) ++first;
  return first;
}

// The leading unbounded rows (positions 0 .. count-1) join C together: each is added to the
// factor of A(C,C), then x_C = A(C,C)^-1 b_C (w_C = 0, the rows after them at x = 0). Driving
// them one by one ends in the same state, one pivot each (no bound can stop a step: C holds only
// unbounded rows and N is empty), but pays a direction solve and a ratio test per row besides
// the factor's. A singular pivot fails the pass there, as it fails driving that row. The rows
// are counted as pivots, and past maxPivots the rest is left to driving (which stops at once).
PivotOutcome DantzigPivoting::clampUnboundedRows(int count, int maxPivots, double pivotTolerance) {
  const int rows = std::min(count, maxPivots);
  for (int k = 0; k < rows; ++k) {
    if (!m_system->addToFactor(k, k, pivotTolerance)) {
      m_failedRow = m_rowOf[k];
      return PivotOutcome::SingularPivot;
    }
  }
  m_nC = rows;  // load() marked every row Clamped
  m_pivots = rows;
  m_system->solveClamped(rows, m_b, m_x);
  return PivotOutcome::Solved;
}

// The ratio test of a pivot (ODE's cmd 1..7): the shortest step s >= 0 along dir after which
// the driving row is valid or another row has to change set first.
DantzigPivoting::Step DantzigPivoting::chooseStep(int i,
                                                  double dir,
                                                  double deltaWi,
                                                  int firstBounded) const {
  const int nC = m_nC;
  const int nN = m_nActive;  // the frozen rows of N cannot block the step
  const bool below = m_x[i] < m_lo[i];
  const bool above = m_x[i] > m_hi[i];
  // For a positive semi-definite A, a row whose delta w vanishes is linearly dependent on the
  // clamped rows (A(C + k, C + k) singular: a redundant contact): it can neither reach w = 0 nor
  // block the step, and adding it to C would be a singular pivot. Below this bound its delta w
  // is rounding: |A(k,C) dx_C + dir A_ki| <= sqrt(A_kk) (sqrt(A_ii) + sum_m sqrt(A_mm) |dx_m|)
  // by Cauchy-Schwarz, the sum taken as its largest term.
  // In squares (no square root per row); evaluated only for rows that would end the step.
  double scale = m_diagonal[i];
  for (int k = 0; k < nC; ++k) scale = std::max(scale, m_diagonal[k] * m_deltaX[k] * m_deltaX[k]);
  const auto vanishes = [&](int k, double deltaW) {
    return deltaW * deltaW <= kDependentRow * kDependentRow * scale * m_diagonal[k];
  };
  Step step{kInf, StepKind::None, -1};
  auto consider = [&step](double length, StepKind kind, int row) {
    if (length < step.length) step = Step{length, kind, row};
  };
  if (below || above) {  // to the box first, whatever w_i does on the way
    step = Step{below ? m_lo[i] - m_x[i] : m_x[i] - m_hi[i], StepKind::DrivingIntoTheBox, -1};
  } else {
    if (dir * deltaWi > 0.0 && !vanishes(i, deltaWi))
      step = Step{-m_w[i] / deltaWi, StepKind::DrivingToC, -1};
    if (dir > 0.0 && m_hi[i] < kInf)
      consider(m_hi[i] - m_x[i], StepKind::DrivingToUpper, -1);
    else if (dir < 0.0 && m_lo[i] > -kInf)
      consider(m_x[i] - m_lo[i], StepKind::DrivingToLower, -1);
  }
  for (int k = nC; k < nC + nN; ++k) {
    const bool atLower = m_set[k] == static_cast<signed char>(RowSet::AtLower);
    if (!(atLower ? m_deltaW[k] < 0.0 : m_deltaW[k] > 0.0)) continue;
    const double length = std::max(-m_w[k] / m_deltaW[k], 0.0);
    if (length < step.length && !vanishes(k, m_deltaW[k])) step = Step{length, StepKind::NToC, k};
  }
  for (int k = firstBounded; k < nC; ++k) {
    const double dx = m_deltaX[k];
    if (dx < 0.0 && m_lo[k] > -kInf)
      consider(std::max((m_lo[k] - m_x[k]) / dx, 0.0), StepKind::CToLower, k);
    else if (dx > 0.0 && m_hi[k] < kInf)
      consider(std::max((m_hi[k] - m_x[k]) / dx, 0.0), StepKind::CToUpper, k);
  }
  return step;
}

// Moves x_C, x_i, w_N, w_i by the step and changes the set of the row at its end. False on a
// singular pivot (m_failedRow set).
bool DantzigPivoting::takeStep(
    int i, double dir, double deltaWi, const Step& step, double pivotTolerance) {
  const int nC = m_nC;
  const int nN = m_nActive;
  const double s = step.length;
  const int si = step.row;
  m_x.head(nC) += s * m_deltaX.head(nC);
  m_x[i] += s * dir;
  m_w.segment(nC, nN) += s * m_deltaW.segment(nC, nN);
  m_w[i] += s * deltaWi;
  bool ok = true;
  switch (step.kind) {
    case StepKind::DrivingToC:
      m_w[i] = 0.0;
      ok = transferDrivingToC(i, pivotTolerance);
      break;
    case StepKind::DrivingToLower:
      m_x[i] = m_lo[i];
      transferDrivingToN(i, RowSet::AtLower);
      break;
    case StepKind::DrivingToUpper:
      m_x[i] = m_hi[i];
      transferDrivingToN(i, RowSet::AtUpper);
      break;
    case StepKind::NToC:
      m_w[si] = 0.0;
      ok = transferNToC(si, pivotTolerance);
      break;
    case StepKind::CToLower:
      m_x[si] = m_lo[si];
      transferCToN(si, RowSet::AtLower);
      break;
    case StepKind::CToUpper:
      m_x[si] = m_hi[si];
      transferCToN(si, RowSet::AtUpper);
      break;
    default:  // DrivingIntoTheBox: from below (dir > 0) to lo, from above to hi
      m_x[i] = dir > 0.0 ? m_lo[i] : m_hi[i];
      break;
  }
  if (!ok) m_failedRow = m_rowOf[step.kind == StepKind::NToC ? si : i];
  return ok;
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
      const double dir = below ? 1.0 : (above ? -1.0 : (m_w[i] <= 0.0 ? 1.0 : -1.0));
      m_system->clampedDirection(i, dir, m_nC, m_deltaX);
      const double deltaWi = m_system->directionOfW(i, dir, m_nC, m_nActive, m_deltaX, m_deltaW);
      const Step step = chooseStep(i, dir, deltaWi, firstBounded);
      if (step.kind == StepKind::None) {
        m_failedRow = m_rowOf[i];
        return PivotOutcome::Unbounded;
      }
      if (!takeStep(i, dir, deltaWi, step, pivotTolerance)) return PivotOutcome::SingularPivot;
      switch (step.kind) {
        case StepKind::DrivingToC:
        case StepKind::DrivingToLower:
        case StepKind::DrivingToUpper:
          return PivotOutcome::Solved;
        default:
          break;
      }
      if (step.kind == StepKind::DrivingIntoTheBox) break;  // in the box now: check it again
    }
  }
}

// Iterative refinement of x_C on the final clamped set: r_C = b_C - A(C,:) x with the residual in
// long double, x_C += A(C,C)^-1 r_C, twice.
void DantzigPivoting::polishClamped() {
  constexpr int kSteps = 2;
  const int nC = m_nC;
  for (int step = 0; step < kSteps && nC > 0; ++step) {
    for (int p = 0; p < nC; ++p)
      m_deltaW[p] = static_cast<double>(static_cast<long double>(m_b[p]) -
                                        m_system->rowTimesExtended(p, m_x));
    m_system->solveClamped(nC, m_deltaW, m_deltaX);
    m_x.head(nC) += m_deltaX.head(nC);
  }
}

void DantzigPivoting::writeResult(Eigen::VectorXd& x,
                                  Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets) const {
  for (int p = 0; p < m_n; ++p) {
    x[m_rowOf[p]] = m_x[p];
    sets[m_rowOf[p]] = m_set[p];
  }
}

PivotOutcome DantzigPivoting::solve(ClampedSystem& system,
                                    const PivotingProblem& problem,
                                    bool frictionFromNormals,
                                    int maxPivots,
                                    double pivotTolerance,
                                    Eigen::VectorXd& x,
                                    Eigen::Matrix<signed char, Eigen::Dynamic, 1>& sets) {
  m_system = &system;
  load(problem, frictionFromNormals);
  const int n = m_n;
  const int firstBounded = firstBoundedPosition();
  bool frictionBoundsSet = false;
  PivotOutcome outcome = clampUnboundedRows(firstBounded, maxPivots, pivotTolerance);
  for (int i = m_nC; i < n && outcome == PivotOutcome::Solved; ++i) {
    if (!frictionBoundsSet && m_findex[i] >= 0) {
      setFrictionBounds(i);
      frictionBoundsSet = true;
    }
    // w_i: the rows after i hold x = 0.
    m_w[i] = m_system->rowTimes(i, m_x, m_nC + m_nN) - m_b[i];
    outcome = driveRow(i, maxPivots, pivotTolerance, firstBounded);
  }
  m_warm = outcome == PivotOutcome::Solved;
  if (m_warm) polishClamped();
  writeResult(x, sets);
  return outcome;
}

// Takes the processed row at position p out of C or N without changing any x: it goes to
// position nC + nN (the first unprocessed one), the other rows keep w_C = 0 and their validity.
void DantzigPivoting::releaseRow(int p) {
  if (p < m_nC) {
    m_system->removeFromFactor(p, m_nC);
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
    if (p < m_nC)
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
    m_w[i] = m_system->rowTimes(i, m_x, n) - m_b[i];
    outcome = driveRow(i, maxPivots, pivotTolerance, firstBounded);
  }
  m_warm = outcome == PivotOutcome::Solved;
  if (m_warm) polishClamped();
  writeResult(x, sets);
  return outcome;
}

}  // namespace mlcp::detail
