#include "newton/interior_point.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

/// Fraction of the way to the boundary a step goes [Wright 1997, ch. 11]: the iterates stay
/// strictly interior.
constexpr double kToBoundary = 0.995;
/// A step length below which the next step recentres with sigma >= kRecentring (on the captured
/// set and the piles of the newton_scenes test: 4 more pile steps solved, 10-30 % more steps on
/// two others).
constexpr double kShortStep = 0.1;
constexpr double kRecentring = 0.9;
/// Starting multipliers relative to X0 (on the captured set 0.1 saves 10-30 % of the steps of
/// the friction problems against 1).
constexpr double kStartingMultiplier = 0.1;

/// Largest t in (0, limit] with value + t change >= 0 (value > 0).
void limitStep(double value, double change, double& limit) {
  if (change < 0.0) limit = std::min(limit, -value / change);
}

}  // namespace

void InteriorPoint::resize(int n) {
  m_n = n;
  m_kind.resize(n);
  m_normal.resize(n);
  for (Eigen::VectorXd* v :
       {&m_lower, &m_upper, &m_mu, &m_zl, &m_zu, &m_sl, &m_su, &m_cl, &m_cu, &m_v, &m_phi, &m_dx})
    v->resize(n);
  m_rows.resize(n);
}

bool InteriorPoint::hasLower(int i) const {
  return m_kind[i] == kLower || m_kind[i] == kBox || m_kind[i] == kFriction;
}

bool InteriorPoint::hasUpper(int i) const {
  return m_kind[i] == kUpper || m_kind[i] == kBox || m_kind[i] == kFriction;
}

bool InteriorPoint::setUp(const ProblemView& problem) {
  m_constraints = 0;
  for (int i = 0; i < m_n; ++i) {
    const int k = problem.findex[i];
    m_normal[i] = k;
    m_lower[i] = problem.lo[i];
    m_upper[i] = problem.hi[i];
    m_mu[i] = 0.0;
    if (k >= 0) {
      if (!(problem.lo[k] >= 0.0 && std::isfinite(problem.lo[k]))) return false;
      m_mu[i] = frictionCoefficient(problem.hi[i]);
      m_lower[i] = 0.0;  // the value of a fixed friction row
      // No friction when mu = 0 or the normal is held at 0.
      m_kind[i] = m_mu[i] == 0.0 || problem.hi[k] == 0.0 ? kFixed : kFriction;
    } else {
      const bool lower = std::isfinite(problem.lo[i]);
      const bool upper = std::isfinite(problem.hi[i]);
      if (lower && upper && problem.lo[i] == problem.hi[i])
        m_kind[i] = kFixed;
      else
        m_kind[i] = lower && upper ? kBox : (lower ? kLower : (upper ? kUpper : kFree));
    }
    m_constraints += static_cast<int>(hasLower(i)) + static_cast<int>(hasUpper(i));
  }
  return true;
}

void InteriorPoint::start(const ProblemView& problem,
                          const Eigen::VectorXd& d,
                          Eigen::VectorXd& x) {
  double size = 0.0;
  for (int i = 0; i < m_n; ++i) size = std::max(size, std::abs(problem.b[i]) / d[i]);
  if (!(size > 0.0 && std::isfinite(size))) size = 1.0;
  for (int i = 0; i < m_n; ++i) {
    switch (m_kind[i]) {
      case kLower:
        x[i] = m_lower[i] + size;
        break;
      case kUpper:
        x[i] = m_upper[i] - size;
        break;
      // A normal in a box [lo_k, hi_k] starts at its middle, positive for a friction row that is
      // not fixed (lo_k >= 0, hi_k > 0).
      case kBox:
        x[i] = 0.5 * (m_lower[i] + m_upper[i]);
        break;
      case kFixed:
        x[i] = m_lower[i];
        break;
      default:
        x[i] = 0.0;  // free rows; friction rows in the middle of their bounds
    }
    m_lastStep = 1.0;
    m_zl[i] = hasLower(i) ? kStartingMultiplier * size : 0.0;
    m_zu[i] = hasUpper(i) ? kStartingMultiplier * size : 0.0;
  }
}

void InteriorPoint::slacks(const Eigen::VectorXd& x) {
  for (int i = 0; i < m_n; ++i) {
    if (m_kind[i] == kFriction) {
      const double u = m_mu[i] * x[m_normal[i]];
      m_sl[i] = x[i] + u;
      m_su[i] = u - x[i];
      continue;
    }
    m_sl[i] = hasLower(i) ? x[i] - m_lower[i] : 1.0;
    m_su[i] = hasUpper(i) ? m_upper[i] - x[i] : 1.0;
  }
}

void InteriorPoint::slackSteps(int i, const Eigen::VectorXd& dx, double& dsl, double& dsu) const {
  const double normal = m_kind[i] == kFriction ? m_mu[i] * dx[m_normal[i]] : 0.0;
  dsl = hasLower(i) ? dx[i] + normal : 0.0;
  dsu = hasUpper(i) ? normal - dx[i] : 0.0;
}

void InteriorPoint::multiplierSteps(int i,
                                    const Eigen::VectorXd& dx,
                                    double& dzl,
                                    double& dzu) const {
  double dsl = 0.0;
  double dsu = 0.0;
  slackSteps(i, dx, dsl, dsu);
  // Linearised zl sl = cl: zl dsl + sl dzl = cl - zl sl.
  dzl = hasLower(i) ? (m_cl[i] - m_zl[i] * (m_sl[i] + dsl)) / m_sl[i] : 0.0;
  dzu = hasUpper(i) ? (m_cu[i] - m_zu[i] * (m_su[i] + dsu)) / m_su[i] : 0.0;
}

void InteriorPoint::jacobianRows() {
  for (int i = 0; i < m_n; ++i) {
    const double lower = hasLower(i) ? m_zl[i] / m_sl[i] : 0.0;
    const double upper = hasUpper(i) ? m_zu[i] / m_su[i] : 0.0;
    const bool fixed = m_kind[i] == kFixed;
    m_rows.alpha[i] = fixed ? 1.0 : lower + upper;
    m_rows.beta[i] = fixed ? 0.0 : 1.0;
    m_rows.gamma[i] = m_kind[i] == kFriction ? m_mu[i] * (lower - upper) : 0.0;
  }
}

void InteriorPoint::rightSide(const Eigen::VectorXd& x) {
  for (int i = 0; i < m_n; ++i) {
    if (m_kind[i] == kFixed) {
      m_phi[i] = x[i] - m_lower[i];
      continue;
    }
    // v_i - zl + zu = 0 with zl, zu eliminated through their linearised complementarity.
    m_phi[i] =
        m_v[i] - (hasLower(i) ? m_cl[i] / m_sl[i] : 0.0) + (hasUpper(i) ? m_cu[i] / m_su[i] : 0.0);
  }
}

void InteriorPoint::stepLengths(const Eigen::VectorXd& dx, double& primal, double& dual) const {
  primal = 1.0;
  dual = 1.0;
  for (int i = 0; i < m_n; ++i) {
    if (!hasLower(i) && !hasUpper(i)) continue;
    double dsl = 0.0;
    double dsu = 0.0;
    double dzl = 0.0;
    double dzu = 0.0;
    slackSteps(i, dx, dsl, dsu);
    multiplierSteps(i, dx, dzl, dzu);
    if (hasLower(i)) {
      limitStep(m_sl[i], dsl, primal);
      limitStep(m_zl[i], dzl, dual);
    }
    if (hasUpper(i)) {
      limitStep(m_su[i], dsu, primal);
      limitStep(m_zu[i], dzu, dual);
    }
  }
}

bool InteriorPoint::step(const ProblemView& problem,
                         const Eigen::VectorXd& d,
                         const Eigen::VectorXd& w,
                         double mu,
                         const NewtonOptions& options,
                         NewtonSystem& system,
                         Eigen::VectorXd& x,
                         NewtonStatistics& statistics) {
  m_v = w.cwiseQuotient(d);
  slacks(x);
  double gap = 0.0;
  for (int i = 0; i < m_n; ++i)
    gap += (hasLower(i) ? m_zl[i] * m_sl[i] : 0.0) + (hasUpper(i) ? m_zu[i] * m_su[i] : 0.0);
  jacobianRows();
  if (!system.factor(problem, m_rows, d, mu, options, statistics)) return false;

  // Predictor (affine scaling): the targets 0.
  m_cl.setZero();
  m_cu.setZero();
  rightSide(x);
  if (!system.solve(problem, m_rows, m_phi, m_dx)) return false;
  double primal = 1.0;
  double dual = 1.0;
  stepLengths(m_dx, primal, dual);
  // Corrector: centring sigma = (gap after the predictor / gap)^3 [Mehrotra 1992] and the
  // second-order terms -dsl dzl of the predictor.
  double predicted = 0.0;
  for (int i = 0; i < m_n; ++i) {
    double dsl = 0.0;
    double dsu = 0.0;
    double dzl = 0.0;
    double dzu = 0.0;
    slackSteps(i, m_dx, dsl, dsu);
    multiplierSteps(i, m_dx, dzl, dzu);
    if (hasLower(i)) predicted += (m_zl[i] + dual * dzl) * (m_sl[i] + primal * dsl);
    if (hasUpper(i)) predicted += (m_zu[i] + dual * dzu) * (m_su[i] + primal * dsu);
    m_cl[i] = -dsl * dzl;
    m_cu[i] = -dsu * dzu;
  }
  double sigma = gap > 0.0 ? std::pow(std::clamp(predicted / gap, 0.0, 1.0), 3) : 0.0;
  // After a step cut short by the boundary, a step mostly towards the central path: with the
  // friction coupling the affine directions can keep pointing out of the region.
  if (m_lastStep < kShortStep) sigma = std::max(sigma, kRecentring);
  const double target = m_constraints > 0 ? sigma * gap / m_constraints : 0.0;
  for (int i = 0; i < m_n; ++i) {
    m_cl[i] += hasLower(i) ? target : 0.0;
    m_cu[i] += hasUpper(i) ? target : 0.0;
  }
  rightSide(x);
  if (!system.solve(problem, m_rows, m_phi, m_dx)) return false;
  stepLengths(m_dx, primal, dual);
  primal *= kToBoundary;
  dual *= kToBoundary;
  m_lastStep = std::min(primal, dual);
  for (int i = 0; i < m_n; ++i) {
    double dzl = 0.0;
    double dzu = 0.0;
    multiplierSteps(i, m_dx, dzl, dzu);
    m_zl[i] += dual * dzl;
    m_zu[i] += dual * dzu;
  }
  x += primal * m_dx;
  ++statistics.interiorPointSteps;
  return true;
}

}  // namespace mlcp::detail
