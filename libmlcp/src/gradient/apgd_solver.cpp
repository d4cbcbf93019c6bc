#include "core/box_projection.hpp"
#include "core/degenerate_rows.hpp"
#include "core/iteration_monitor.hpp"
#include "core/iterative_capabilities.hpp"
#include "core/zero_rows.hpp"
#include "linalg/symmetric_row_scaling.hpp"

#include <mlcp/core/option_check.hpp>
#include <mlcp/gradient/apgd_solver.hpp>

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace mlcp {

namespace {

/// Relative rounding allowance of d^T A d computed as d^T (A x - A y) in the backtracking test.
constexpr double kRoundingAllowance = 1e-14;

/// The refusals before the first step (each sets report and x and returns true): A is not a row
/// scaling of a symmetric matrix (W from `scaling`), an A_ii < 0 (D^-1 into inverseD, work (n)
/// a scratch vector), a row without a finite answer.
bool refuseProblem(const ProblemView& problem,
                   detail::SymmetricRowScaling& scaling,
                   std::uint64_t version,
                   Eigen::VectorXd& inverseD,
                   Eigen::VectorXd& work,
                   Eigen::VectorXd& x,
                   SolveReport& report) {
  // Row equilibration: weights W with W A symmetric (1 for a symmetric A), so that scaling rows
  // changes neither the steps nor the tests of doSolve().
  if (!scaling.update(problem, version)) {
    report.status = Status::Unsupported;
    detail::setMessage(
        report, FMT_COMPILE("APGD needs a symmetric A (or a row scaling of one): {}; try lemke"),
        scaling.why());
    x.setZero();
    return true;
  }
  // Metric D: diag(A) (rows with A_ii ~ 0 cannot move) or the identity.
  const int negative = detail::inverseDiagonal(problem, inverseD, work);
  if (negative >= 0) {
    report.status = Status::Unsupported;
    detail::setMessage(
        report, FMT_COMPILE("A({}, {}) = {} is negative: APGD needs a positive semi-definite A"),
        negative, negative, problem.diagonalA()[negative]);
    x.setZero();
    return true;
  }
  if (const int row = detail::rowWithoutFiniteAnswer(problem); row >= 0) {
    detail::reportRowWithoutFiniteAnswer(problem, row, report);
    detail::projectOntoBounds(problem, x);
    return true;
  }
  return false;
}

/// The largest diagonal entry of D^-1/2 A D^-1/2, a lower bound of its Lipschitz constant; sets
/// inverseD (n) to 1 (the metric D = I) without diagonal preconditioning.
double lipschitzLowerBound(const ProblemView& problem,
                           bool diagonalPreconditioning,
                           Eigen::VectorXd& inverseD) {
  const double largest = problem.size() > 0 ? problem.diagonalA().maxCoeff() : 0.0;
  if (diagonalPreconditioning) return largest > 0.0 ? 1.0 : 0.0;
  inverseD.setOnes();
  return largest;
}

/// d^T W A d, d^T W D d and the rounding scale sum_i W_i |d_i| (|A x|_i + |A y|_i) of the step
/// d = x - y (n), in the W-weighted inner product of W A; moved: d != 0.
struct StepCurvature {
  double dAd = 0.0;
  double dDd = 0.0;
  double rounding = 0.0;
  bool moved = false;
};

StepCurvature stepCurvature(const Eigen::VectorXd& x,
                            const Eigen::VectorXd& y,
                            const Eigen::VectorXd& Ax,
                            const Eigen::VectorXd& Ay,
                            const Eigen::VectorXd& W,
                            const Eigen::VectorXd& inverseD) {
  StepCurvature c;
  const Eigen::Index n = x.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    const double d = x[i] - y[i];
    c.dAd += W[i] * d * (Ax[i] - Ay[i]);
    if (inverseD[i] > 0.0) c.dDd += W[i] * d * d / inverseD[i];
    c.rounding += W[i] * std::abs(d) * (std::abs(Ax[i]) + std::abs(Ay[i]));
    c.moved = c.moved || d != 0.0;
  }
  return c;
}

/// The message of a stall at `iteration`: y is a fixed point of the projected step, yet not a
/// solution; only the rows the metric holds still (inverseD_i = 0, A_ii ~ 0) can be wrong.
void reportStall(SolveReport& report, const Eigen::VectorXd& inverseD, int iteration, double best) {
  const Eigen::Index n = inverseD.size();
  Eigen::Index still = 0;
  while (still < n && inverseD[still] > 0.0) ++still;
  if (still < n)
    detail::setMessage(report,
                       FMT_COMPILE("stalled at iteration {} with scaled residual {:.3g}: the "
                                   "projected step is zero and row {} (A_ii ~ 0) cannot move; APGD "
                                   "needs A_ii > 0 on every row (try lemke or dantzig)"),
                       iteration, best, still);
  else
    detail::setMessage(
        report,
        FMT_COMPILE("stalled at iteration {} with scaled residual {:.3g}: the "
                    "projected step is zero (a fixed point the tolerance does not accept)"),
        iteration, best);
}

/// The message of a failed step 2 at `iteration`: negative curvature d^T A d = dAd < 0 along the
/// step, else no step passed the sufficient-decrease test after `backtracks` backtracks.
void reportBacktrackFailure(
    SolveReport& report, bool negative, double dAd, int iteration, int backtracks, double L) {
  if (negative)
    detail::setMessage(report,
                       FMT_COMPILE("A is not positive semi-definite: d^T A d = {:.3g} < 0 along "
                                   "the step of iteration {} (APGD needs a symmetric positive "
                                   "semi-definite A; try lemke)"),
                       dAd, iteration);
  else
    detail::setMessage(report,
                       FMT_COMPILE("no step passed the sufficient-decrease test after {} "
                                   "backtracks (L = {:.3g}): is A positive semi-definite?"),
                       backtracks, L);
}

/// The stops of step 3 short of convergence, in this order: a stall (the step did not move x),
/// a deltaXTolerance stop (max_i |x_i - xPrevious_i| small), the time limit. Sets report's
/// status and message and returns true when one applies; best is the best scaled residual.
bool stopsUnconverged(const ApgdOptions& options,
                      const detail::IterationMonitor& monitor,
                      bool moved,
                      const Eigen::VectorXd& x,
                      const Eigen::VectorXd& xPrevious,
                      const Eigen::VectorXd& inverseD,
                      int iteration,
                      double best,
                      SolveReport& report) {
  if (!moved) {
    report.status = Status::Inaccurate;
    reportStall(report, inverseD, iteration, best);
    return true;
  }
  if (options.deltaXTolerance > 0.0) {
    const double change = (x - xPrevious).cwiseAbs().maxCoeff();
    if (change <= options.deltaXTolerance * std::max(1.0, x.cwiseAbs().maxCoeff())) {
      report.status = Status::Inaccurate;
      detail::setMessage(report,
                         FMT_COMPILE("x changed by at most {:.3g} in iteration {} "
                                     "(deltaXTolerance); best scaled residual {:.3g}"),
                         change, iteration, best);
      return true;
    }
  }
  if (monitor.timeIsUp()) {
    report.status = Status::TimeLimit;
    detail::setMessage(report,
                       FMT_COMPILE("time limit of {} s reached after {} iterations (best scaled "
                                   "residual {:.3g})"),
                       options.maxSeconds, iteration, best);
    return true;
  }
  return false;
}

/// Step 4: Nesterov momentum with gradient restart, theta updated. y = x + beta (x - x_prev)
/// and A y by linearity, or y = x after a restart (returns true). The restart test
/// g^T W (x - x_prev) > 0 runs over the rows with findex < 0 only: friction rows also move
/// because their bounds follow the normals, which says nothing about the momentum
/// (docs/iterative-solvers.md: over all rows it restarts almost every step with friction).
bool momentumStep(const ProblemView& problem,
                  const Eigen::VectorXd& W,
                  const Eigen::VectorXd& g,
                  const Eigen::VectorXd& x,
                  const Eigen::VectorXd& Ax,
                  const Eigen::VectorXd& xPrevious,
                  const Eigen::VectorXd& AxPrevious,
                  bool adaptiveRestart,
                  double& theta,
                  Eigen::VectorXd& y,
                  Eigen::VectorXd& Ay) {
  double thetaNext = 0.5 * (-theta * theta + theta * std::sqrt(theta * theta + 4.0));
  const double beta = theta * (1.0 - theta) / (theta * theta + thetaNext);
  double ascent = 0.0;
  const int n = problem.size();
  for (int i = 0; i < n; ++i)
    if (problem.findex[i] < 0) ascent += W[i] * g[i] * (x[i] - xPrevious[i]);
  const bool restart = adaptiveRestart && ascent > 0.0;
  if (restart) {
    thetaNext = 1.0;
    y = x;
    Ay = Ax;
  } else {
    y = x + beta * (x - xPrevious);
    Ay = Ax + beta * (Ax - AxPrevious);
  }
  theta = thetaNext;
  return restart;
}

}  // namespace

bool ApgdOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("ApgdOptions", why);
  check.require(backtrackFactor > 1.0 && std::isfinite(backtrackFactor), "backtrackFactor",
                backtrackFactor, "backtrackFactor > 1");
  check.require(stepGrowthFactor > 0.0 && stepGrowthFactor <= 1.0, "stepGrowthFactor",
                stepGrowthFactor, "0 < stepGrowthFactor <= 1");
  check.require(maxBacktracks >= 1, "maxBacktracks", maxBacktracks, "maxBacktracks >= 1");
  check.require(deltaXTolerance >= 0.0, "deltaXTolerance", deltaXTolerance,
                "deltaXTolerance >= 0 (0 = off)");
  return check.ok();
}

ApgdSolver::ApgdSolver(const ApgdOptions& options)
    : SolverWithOptions(options), m_scaling(std::make_unique<detail::SymmetricRowScaling>()) {}

ApgdSolver::~ApgdSolver() = default;

Capabilities ApgdSolver::capabilities() const {
  Capabilities c = detail::iterativeCapabilities();
  c.requiresSymmetricA = true;
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
  m_statistics = {};
  detail::IterationMonitor monitor(m_options, report);
  auto residualOf = [&](const Eigen::VectorXd& v, const Eigen::VectorXd& Av) {
    return detail::naturalMapResidual(problem, v, [&](int i) { return Av[i]; });
  };

  if (refuseProblem(problem, *m_scaling, matrixVersion(), m_inverseD, m_g, x, report)) return;
  const Eigen::VectorXd& W = m_scaling->factors();
  const double largestScaledDiagonal =
      lipschitzLowerBound(problem, m_options.diagonalPreconditioning, m_inverseD);

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
                       FMT_COMPILE("converged: the start meets the tolerance (scaled residual "
                                   "{:.3g})"),
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
      const auto [dAd, dDd, rounding, stepMoved] =
          stepCurvature(m_x, m_y, m_Ax, m_Ay, W, m_inverseD);
      moved = moved || stepMoved;
      // Negative curvature along the step: no L makes the quadratic model an upper bound.
      const bool negative = dAd < -kRoundingAllowance * rounding;
      if (!negative && dAd <= L * dDd + kRoundingAllowance * rounding) break;
      if (negative || backtracks == m_options.maxBacktracks || !std::isfinite(dAd)) {
        finish(Status::NumericalFailure);
        reportBacktrackFailure(report, negative, dAd, iteration, backtracks, L);
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
      detail::setMessage(report,
                         FMT_COMPILE("converged: scaled residual {:.3g} after {} iterations"),
                         bestResidual.scaled, iteration);
      return;
    }
    if (stopsUnconverged(m_options, monitor, moved, m_x, m_xPrevious, m_inverseD, iteration,
                         bestResidual.scaled, report)) {
      x = m_best;
      return;
    }

    // 4. Nesterov momentum with gradient restart; A y follows by linearity.
    if (momentumStep(problem, W, m_g, m_x, m_Ax, m_xPrevious, m_AxPrevious,
                     m_options.adaptiveRestart, theta, m_y, m_Ay))
      ++m_statistics.restarts;
    m_xPrevious.swap(m_x);  // pointer swaps, no copies
    m_AxPrevious.swap(m_Ax);
    // 5. Let the step grow again.
    L *= m_options.stepGrowthFactor;
  }
  finish(Status::MaxIterations);
  detail::setMessage(report,
                     FMT_COMPILE("iteration limit {} reached with best scaled residual {:.3g} > "
                                 "{:.3g}"),
                     m_options.maxIterations, bestResidual.scaled, m_options.relativeTolerance);
}

const OptionTable<ApgdOptions>& ApgdOptions::table() {
  static const OptionTable<ApgdOptions> table(commonOptionFields<ApgdOptions>(
      {option<ApgdOptions>("diagonal_preconditioning", &ApgdOptions::diagonalPreconditioning, "",
                           "Scale the steps by the diagonal of A"),
       option<ApgdOptions>("adaptive_restart", &ApgdOptions::adaptiveRestart, "",
                           "Restart the momentum when the objective grows (O'Donoghue & Candes)"),
       option<ApgdOptions>("backtrack_factor", &ApgdOptions::backtrackFactor, "> 1",
                           "Growth of the Lipschitz estimate per backtrack"),
       option<ApgdOptions>("step_growth_factor", &ApgdOptions::stepGrowthFactor,
                           "0 < step_growth_factor <= 1",
                           "Shrink of the Lipschitz estimate after a step"),
       option<ApgdOptions>("max_backtracks", &ApgdOptions::maxBacktracks, ">= 1",
                           "Backtracks per step"),
       option<ApgdOptions>("delta_x_tolerance", &ApgdOptions::deltaXTolerance, ">= 0 (0: off)",
                           "Also stop when a step changes x by at most this, relative")}));
  return table;
}

}  // namespace mlcp
