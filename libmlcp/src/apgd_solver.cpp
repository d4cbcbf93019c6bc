#include "detail/box_projection.hpp"
#include "detail/degenerate_rows.hpp"
#include "detail/iteration_monitor.hpp"
#include "detail/symmetric_row_scaling.hpp"
#include "detail/zero_rows.hpp"

#include <mlcp/apgd_solver.hpp>

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <utility>

namespace mlcp {

namespace {

/// Relative rounding allowance of d^T A d computed as d^T (A x - A y) in the backtracking test.
constexpr double kRoundingAllowance = 1e-14;

}  // namespace

bool ApgdOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  auto fail = [why](std::string message) {
    if (why != nullptr) *why = std::move(message);
    return false;
  };
  if (!(backtrackFactor > 1.0 && std::isfinite(backtrackFactor)))
    return fail(
        fmt::format("ApgdOptions::backtrackFactor = {}. Violated constraint: "
                    "backtrackFactor > 1",
                    backtrackFactor));
  if (!(stepGrowthFactor > 0.0 && stepGrowthFactor <= 1.0))
    return fail(
        fmt::format("ApgdOptions::stepGrowthFactor = {}. Violated constraint: "
                    "0 < stepGrowthFactor <= 1",
                    stepGrowthFactor));
  if (maxBacktracks < 1)
    return fail(
        fmt::format("ApgdOptions::maxBacktracks = {}. Violated constraint: "
                    "maxBacktracks >= 1",
                    maxBacktracks));
  if (!(deltaXTolerance >= 0.0))
    return fail(
        fmt::format("ApgdOptions::deltaXTolerance = {}. Violated constraint: "
                    "deltaXTolerance >= 0 (0 = off)",
                    deltaXTolerance));
  return true;
}

ApgdSolver::ApgdSolver(const ApgdOptions& options)
    : m_scaling(std::make_unique<detail::SymmetricRowScaling>()) {
  setOptions(options);
}

ApgdSolver::~ApgdSolver() = default;

void ApgdSolver::setOptions(const ApgdOptions& options) {
  std::string why;
  if (!options.isValid(&why)) throw std::invalid_argument(why);
  m_options = options;
}

Capabilities ApgdSolver::capabilities() const {
  Capabilities c;
  c.requiresSymmetricA = true;
  c.usesInitialGuess = true;
  c.iterative = true;
  return c;
}

void ApgdSolver::doSetup(int n) {
  for (Eigen::VectorXd* v :
       {&m_x, &m_Ax, &m_xPrevious, &m_AxPrevious, &m_y, &m_Ay, &m_g, &m_best, &m_inverseD})
    v->resize(n);
  m_scaling->reserve(n);
}

void ApgdSolver::projectAndMultiply(const ProblemView& problem,
                                    Eigen::VectorXd& x,
                                    Eigen::VectorXd& Ax) {
  detail::projectOntoBounds(problem, x);
  problem.multiplyA(x, Ax);
  ++m_statistics.products;
}

void ApgdSolver::settleDegenerateRows(const ProblemView& problem) {
  if (!m_options.diagonalPreconditioning) return;
  const int n = problem.size();
  for (int i = 0; i < n; ++i) {
    if (m_inverseD[i] != 0.0) continue;
    double l = 0.0;
    double u = 0.0;
    detail::rowBounds(problem, m_y, i, l, u);
    m_x[i] = detail::oneRowAnswer(m_y[i], m_g[i], l, u);
  }
}

double ApgdSolver::estimateLipschitz(const ProblemView& problem, double lowerBound) {
  // In the metric W D of the symmetric W A: v = (W D)^-1/2 u with u_i = 1 where the row moves;
  // L = ||(W D)^-1/2 W A v|| / ||u||.
  const Eigen::VectorXd& W = m_scaling->factors();
  const Eigen::Index n = m_inverseD.size();
  double count = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    m_g[i] = std::sqrt(m_inverseD[i] / W[i]);
    count += m_inverseD[i] > 0.0 ? 1.0 : 0.0;
  }
  problem.multiplyA(m_g, m_Ay);
  ++m_statistics.products;
  double sum = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) sum += W[i] * m_inverseD[i] * m_Ay[i] * m_Ay[i];
  const double L = count > 0.0 ? std::sqrt(sum / count) : 1.0;
  if (!std::isfinite(L)) return std::max(lowerBound, 1.0);
  // The largest eigenvalue of a symmetric matrix is at least its largest diagonal entry: an
  // estimate below that (cancellation in A v, or A v ~ 0 on a degenerate A) would make the
  // first step 1 / L huge.
  return lowerBound > 0.0 ? std::max(L, lowerBound) : (L > 0.0 ? L : 1.0);
}

void ApgdSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  const int n = problem.size();
  m_statistics = {};
  detail::IterationMonitor monitor(m_options, report);
  auto residualOf = [&](const Eigen::VectorXd& v, const Eigen::VectorXd& Av) {
    return detail::naturalMapResidual(problem, v, [&](int i) { return Av[i]; });
  };

  // Row equilibration: weights W with W A symmetric (1 for a symmetric A), so that scaling rows
  // changes neither the steps nor the tests below.
  if (!m_scaling->update(problem, matrixVersion())) {
    report.status = Status::Unsupported;
    detail::setMessage(report, "APGD needs a symmetric A (or a row scaling of one): {}; try lemke",
                       m_scaling->why());
    x.setZero();
    return;
  }
  const Eigen::VectorXd& W = m_scaling->factors();
  // Metric D: diag(A) (rows with A_ii ~ 0 cannot move) or the identity.
  const int negative = detail::inverseDiagonal(problem, m_inverseD, m_g);
  if (negative >= 0) {
    report.status = Status::Unsupported;
    detail::setMessage(report, "A({}, {}) = {} is negative: APGD needs a positive semi-definite A",
                       negative, negative, problem.diagonalA()[negative]);
    x.setZero();
    return;
  }
  if (const int row = detail::rowWithoutFiniteAnswer(problem); row >= 0) {
    detail::reportRowWithoutFiniteAnswer(problem, row, report);
    detail::projectOntoBounds(problem, x);
    return;
  }
  // The largest diagonal entry of D^-1/2 A D^-1/2: a lower bound of its Lipschitz constant.
  double largestScaledDiagonal = n > 0 ? problem.diagonalA().maxCoeff() : 0.0;
  if (m_options.diagonalPreconditioning)
    largestScaledDiagonal = largestScaledDiagonal > 0.0 ? 1.0 : 0.0;
  else
    m_inverseD.setOnes();

  // 1. Start: x_0 = P(x), its residual, the Lipschitz estimate.
  m_x = x;
  projectAndMultiply(problem, m_x, m_Ax);
  detail::NaturalMap bestResidual = residualOf(m_x, m_Ax);
  monitor.record(bestResidual);
  m_best = m_x;
  auto finish = [&](Status status) {
    report.status = status;
    x = m_best;
  };
  if (monitor.meets(bestResidual)) {
    finish(Status::Converged);
    detail::setMessage(report,
                       "converged: the start meets the tolerance (scaled residual "
                       "{:.3g})",
                       bestResidual.scaled);
    return;
  }
  double L = estimateLipschitz(problem, largestScaledDiagonal);
  m_y = m_x;
  m_Ay = m_Ax;
  m_xPrevious = m_x;
  m_AxPrevious = m_Ax;
  double theta = 1.0;

  for (int iteration = 1; iteration <= m_options.maxIterations; ++iteration) {
    report.iterations = iteration;
    // 2. Projected gradient step from y with backtracking on L.
    m_g = m_Ay - problem.b;
    bool moved = false;  // x != y after the step
    for (int backtracks = 0;; ++backtracks) {
      m_x = m_y - (1.0 / L) * m_inverseD.cwiseProduct(m_g);
      settleDegenerateRows(problem);
      projectAndMultiply(problem, m_x, m_Ax);
      double dAd = 0.0;
      double dDd = 0.0;
      double rounding = 0.0;
      for (int i = 0; i < n; ++i) {  // in the W-weighted inner product of W A
        const double d = m_x[i] - m_y[i];
        dAd += W[i] * d * (m_Ax[i] - m_Ay[i]);
        if (m_inverseD[i] > 0.0) dDd += W[i] * d * d / m_inverseD[i];
        rounding += W[i] * std::abs(d) * (std::abs(m_Ax[i]) + std::abs(m_Ay[i]));
        moved = moved || d != 0.0;
      }
      if (dAd < -kRoundingAllowance * rounding) {
        // Negative curvature along the step: no L makes the quadratic model an upper bound.
        finish(Status::NumericalFailure);
        detail::setMessage(report,
                           "A is not positive semi-definite: d^T A d = {:.3g} < 0 along "
                           "the step of iteration {} (APGD needs a symmetric positive "
                           "semi-definite A; try lemke)",
                           dAd, iteration);
        m_statistics.lipschitz = L;
        return;
      }
      if (dAd <= L * dDd + kRoundingAllowance * rounding) break;
      if (backtracks == m_options.maxBacktracks || !std::isfinite(dAd)) {
        finish(Status::NumericalFailure);
        detail::setMessage(report,
                           "no step passed the sufficient-decrease test after {} "
                           "backtracks (L = {:.3g}): is A positive semi-definite?",
                           backtracks, L);
        m_statistics.lipschitz = L;
        return;
      }
      L *= m_options.backtrackFactor;
      ++m_statistics.backtracks;
    }

    // 3. Residual of the new iterate (A x is at hand); keep the best.
    const detail::NaturalMap residual = residualOf(m_x, m_Ax);
    monitor.record(residual);
    if (residual.scaled < bestResidual.scaled) {
      bestResidual = residual;
      m_best = m_x;
      m_statistics.bestIteration = iteration;
    }
    m_statistics.lipschitz = L;
    if (monitor.meets(bestResidual)) {
      finish(Status::Converged);
      detail::setMessage(report, "converged: scaled residual {:.3g} after {} iterations",
                         bestResidual.scaled, iteration);
      return;
    }
    if (!moved) {
      // y is a fixed point of the projected step, yet not a solution: only the rows the metric
      // holds still (A_ii ~ 0) can be wrong, and no iteration moves them.
      finish(Status::Inaccurate);
      int still = 0;
      while (still < n && m_inverseD[still] > 0.0) ++still;
      if (still < n)
        detail::setMessage(report,
                           "stalled at iteration {} with scaled residual {:.3g}: the "
                           "projected step is zero and row {} (A_ii ~ 0) cannot move; APGD "
                           "needs A_ii > 0 on every row (try lemke or dantzig)",
                           iteration, bestResidual.scaled, still);
      else
        detail::setMessage(report,
                           "stalled at iteration {} with scaled residual {:.3g}: the "
                           "projected step is zero (a fixed point the tolerance does not accept)",
                           iteration, bestResidual.scaled);
      return;
    }
    if (m_options.deltaXTolerance > 0.0) {
      const double change = (m_x - m_xPrevious).cwiseAbs().maxCoeff();
      if (change <= m_options.deltaXTolerance * std::max(1.0, m_x.cwiseAbs().maxCoeff())) {
        finish(Status::Inaccurate);
        detail::setMessage(report,
                           "x changed by at most {:.3g} in iteration {} "
                           "(deltaXTolerance); best scaled residual {:.3g}",
                           change, iteration, bestResidual.scaled);
        return;
      }
    }
    if (monitor.timeIsUp()) {
      finish(Status::TimeLimit);
      detail::setMessage(report,
                         "time limit of {} s reached after {} iterations (best scaled "
                         "residual {:.3g})",
                         m_options.maxSeconds, iteration, bestResidual.scaled);
      return;
    }

    // 4. Nesterov momentum with gradient restart; A y follows by linearity.
    double thetaNext = 0.5 * (-theta * theta + theta * std::sqrt(theta * theta + 4.0));
    const double beta = theta * (1.0 - theta) / (theta * theta + thetaNext);
    // Restart test g^T (x_k+1 - x_k) > 0 over the rows with findex < 0 only: friction rows also
    // move because their bounds follow the normals, which says nothing about the momentum
    // (docs/iterative-solvers.md: over all rows it restarts almost every step with friction).
    double ascent = 0.0;
    for (int i = 0; i < n; ++i)
      if (problem.findex[i] < 0) ascent += W[i] * m_g[i] * (m_x[i] - m_xPrevious[i]);
    if (m_options.adaptiveRestart && ascent > 0.0) {
      ++m_statistics.restarts;
      thetaNext = 1.0;
      m_y = m_x;
      m_Ay = m_Ax;
    } else {
      m_y = m_x + beta * (m_x - m_xPrevious);
      m_Ay = m_Ax + beta * (m_Ax - m_AxPrevious);
    }
    m_xPrevious.swap(m_x);  // pointer swaps, no copies
    m_AxPrevious.swap(m_Ax);
    theta = thetaNext;
    // 5. Let the step grow again.
    L *= m_options.stepGrowthFactor;
  }
  finish(Status::MaxIterations);
  detail::setMessage(report,
                     "iteration limit {} reached with best scaled residual {:.3g} > "
                     "{:.3g}",
                     m_options.maxIterations, bestResidual.scaled, m_options.relativeTolerance);
}

}  // namespace mlcp
