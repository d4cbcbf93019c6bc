#include "detail/active_set_refinement.hpp"
#include "detail/clock.hpp"
#include "detail/dantzig_pivoting.hpp"
#include "detail/report_message.hpp"

#include <mlcp/dantzig_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mlcp {

bool DantzigOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  auto fail = [why](std::string message) {
    if (why != nullptr) *why = std::move(message);
    return false;
  };
  if (maxPivots < 0)
    return fail(
        fmt::format("DantzigOptions::maxPivots = {}. Violated constraint: maxPivots >= 0 "
                    "(0 = automatic)",
                    maxPivots));
  if (!(pivotTolerance >= 0.0 && pivotTolerance < 1.0))
    return fail(
        fmt::format("DantzigOptions::pivotTolerance = {}. Violated constraint: "
                    "0 <= pivotTolerance < 1",
                    pivotTolerance));
  if (!(symmetryTolerance >= 0.0))
    return fail(
        fmt::format("DantzigOptions::symmetryTolerance = {}. Violated constraint: "
                    "symmetryTolerance >= 0",
                    symmetryTolerance));
  return true;
}

DantzigSolver::DantzigSolver(const DantzigOptions& options)
    : m_pivoting(std::make_unique<detail::DantzigPivoting>()),
      m_refinement(std::make_unique<detail::ActiveSetRefinement>()) {
  setOptions(options);
}

DantzigSolver::~DantzigSolver() = default;

void DantzigSolver::setOptions(const DantzigOptions& options) {
  std::string why;
  if (!options.isValid(&why)) throw std::invalid_argument(why);
  m_options = options;
}

Capabilities DantzigSolver::capabilities() const {
  Capabilities c;
  c.requiresSymmetricA = true;
  c.usesInitialGuess = false;
  c.iterative = false;
  c.denseA = true;
  return c;
}

void DantzigSolver::doSetup(int n) {
  m_pivoting->resize(n);
  m_refinement->resize(n);
  for (Eigen::VectorXd* v : {&m_shift, &m_b, &m_lo, &m_hi, &m_loFixed, &m_hiFixed, &m_xShifted,
                             &m_xWarm, &m_normals, &m_w})
    v->resize(n);
  m_setsWarm.resize(n);
  m_setsPrevious.resize(n);
  m_noFriction.setConstant(n, -1);
  m_sets.resize(n);
}

bool DantzigSolver::checkSymmetric(const ProblemView& problem, SolveReport& report) const {
  const Eigen::MatrixXd& A = problem.denseA();
  const int n = problem.size();
  const double maxEntry = A.cwiseAbs().maxCoeff();
  const double allowed = m_options.symmetryTolerance * maxEntry;
  for (int j = 0; j < n; ++j) {
    if (A(j, j) < 0.0) {
      report.status = Status::Unsupported;
      detail::setMessage(report.message,
                         "A({}, {}) = {} is negative: Dantzig needs a positive "
                         "semi-definite A",
                         j, j, A(j, j));
      return false;
    }
  }
  // A against A^T in square tiles that stay in cache (a column-by-row sweep strides through
  // memory); the offending entry is looked up only when a tile fails.
  constexpr int kTile = 32;
  for (int j0 = 0; j0 < n; j0 += kTile) {
    const int cols = std::min(kTile, n - j0);
    for (int i0 = j0; i0 < n; i0 += kTile) {
      const int rows = std::min(kTile, n - i0);
      const auto lower = A.block(i0, j0, rows, cols);
      const auto upper = A.block(j0, i0, cols, rows);
      if ((lower - upper.transpose()).cwiseAbs().maxCoeff() <= allowed) continue;
      for (int j = j0; j < j0 + cols; ++j) {
        for (int i = std::max(i0, j + 1); i < i0 + rows; ++i) {
          if (std::abs(A(i, j) - A(j, i)) > allowed) {
            report.status = Status::Unsupported;
            detail::setMessage(report.message,
                               "A is not symmetric: A({}, {}) = {} but A({}, {}) = {}; "
                               "Dantzig needs a symmetric A (try lemke or pgs)",
                               i, j, A(i, j), j, i, A(j, i));
            return false;
          }
        }
      }
    }
  }
  return true;
}

double DantzigSolver::residual(const ProblemView& problem, const Eigen::VectorXd& x) {
  problem.multiplyA(x, m_w);
  m_w -= problem.b;
  const Residuals r = computeResiduals(x, m_w, problem.b, problem.lo, problem.hi, problem.findex,
                                       problem.rowScalesA());
  return m_options.stoppingFigure(r.absolute, r.relative, r.scaled);
}

bool DantzigSolver::timeIsUp(double startSeconds) const {
  return m_options.maxSeconds > 0.0 && detail::nowSeconds() - startSeconds > m_options.maxSeconds;
}

void DantzigSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  if (!checkSymmetric(problem, report)) return;
  const double start = detail::nowSeconds();
  const int n = problem.size();
  const Eigen::MatrixXd& A = problem.denseA();
  const int maxPivots = m_options.maxPivots > 0 ? m_options.maxPivots : 50 * n + 1000;
  const bool hasFriction = (problem.findex.array() >= 0).any();

  // 1. Shift boxes that do not contain 0: x = x' + c.
  bool shifted = false;
  for (int i = 0; i < n; ++i) {
    double c = 0.0;
    if (problem.findex[i] < 0) {
      if (problem.lo[i] > 0.0) c = problem.lo[i];
      if (problem.hi[i] < 0.0) c = problem.hi[i];
    }
    m_shift[i] = c;
    shifted = shifted || c != 0.0;
    m_lo[i] = problem.findex[i] < 0 ? problem.lo[i] - c : problem.lo[i];
    m_hi[i] = problem.findex[i] < 0 ? problem.hi[i] - c : problem.hi[i];
  }
  m_b = problem.b;
  if (shifted) m_b.noalias() -= A * m_shift;

  auto fail = [&](detail::PivotOutcome outcome) {
    const int row = m_pivoting->failedRow();
    switch (outcome) {
      case detail::PivotOutcome::SingularPivot:
        report.status = Status::SingularPivot;
        detail::setMessage(report.message,
                           "singular pivot when row {} joined the clamped set: A(C,C) "
                           "is singular (redundant constraints? add CFM)",
                           row);
        break;
      case detail::PivotOutcome::Unbounded:
        report.status = Status::Unbounded;
        detail::setMessage(report.message,
                           "no finite pivoting step for row {}: the problem has no "
                           "solution or A is not positive semi-definite on it",
                           row);
        break;
      default:
        report.status = Status::MaxIterations;
        detail::setMessage(report.message,
                           "pivot limit {} reached at row {} (cycling on a degenerate "
                           "problem?)",
                           maxPivots, row);
        break;
    }
  };

  // 2. Round 1: ODE's pass, friction bounds fixed once from the normals of the sub-problem.
  detail::PivotOutcome outcome =
      m_pivoting->solve(A, m_b, m_lo, m_hi, problem.findex, problem.nub, hasFriction, maxPivots,
                        m_options.pivotTolerance, m_xShifted, m_sets);
  report.pivots += m_pivoting->pivots();
  x = m_xShifted + m_shift;
  int rounds = 1;
  if (outcome != detail::PivotOutcome::Solved) {
    report.iterations = rounds;
    fail(outcome);
    return;
  }
  double res = residual(problem, x);
  const double tolerance = m_options.relativeTolerance;
  const double bScale = std::max(1.0, problem.b.cwiseAbs().maxCoeff());

  // 3. Friction rounds: first finish warm from the last sets with the friction rows coupled to
  //    their normals (exact when the sets are right); failing that, one more pivoting pass with
  //    the bounds refreshed from the current normals, and again.
  const double setTolerance = 0.1 * tolerance * bScale;
  // Block exchanges per round; the refinement stops earlier when it stalls.
  constexpr int kRefinementRounds = 32;
  // Fast mode: passes warm from the last one, the refinement tried after round 1, then once a
  // pass changed at most kSettledSets index sets, and at least every kRefinementEvery rounds
  // (block pivoting from sets that are still moving mostly stalls, an LU per exchange).
  constexpr int kSettledSets = 4;
  constexpr int kRefinementEvery = 4;
  // Fast mode gives up after kStallRounds rounds without a new least residual: the rounds start
  // again from round 1 in the thorough mode (a cold pass and the refinement every round), whose
  // index sets of degenerate rows (at a bound of an empty box) differ and which settles some
  // problems the fast mode does not.
  constexpr int kStallRounds = 8;
  bool thorough = false;
  int lastAttempt = 1;
  double leastRes = res;
  int leastRound = rounds;
  // Normal forces the friction bounds are taken from: the last x while the residual at least
  // halves, otherwise the mean with the previous ones (breaks the 2-cycles of the fixed point
  // where friction switches a normal on and off).
  m_normals = m_xShifted;
  double previousRes = std::numeric_limits<double>::infinity();
  while (res > tolerance && hasFriction && m_options.refreshFrictionBounds &&
         rounds < m_options.maxIterations && !timeIsUp(start)) {
    ++rounds;
    if (!thorough && rounds - leastRound > kStallRounds) {
      thorough = true;
      outcome = m_pivoting->solve(A, m_b, m_lo, m_hi, problem.findex, problem.nub, true, maxPivots,
                                  m_options.pivotTolerance, m_xShifted, m_sets);
      report.pivots += m_pivoting->pivots();
      x = m_xShifted + m_shift;
      if (outcome != detail::PivotOutcome::Solved) break;
      res = residual(problem, x);
      m_normals = m_xShifted;
      previousRes = std::numeric_limits<double>::infinity();
      continue;
    }
    const int changedSets =
        rounds == 2 ? 0 : static_cast<int>((m_sets.array() != m_setsPrevious.array()).count());
    const bool attempt =
        thorough || changedSets <= kSettledSets || rounds - lastAttempt >= kRefinementEvery;
    m_setsPrevious = m_sets;
    if (attempt) {
      lastAttempt = rounds;
      m_xWarm = m_xShifted;
      m_setsWarm = m_sets;
      if (m_refinement->solve(A, m_b, m_lo, m_hi, problem.findex, true, m_setsWarm,
                              kRefinementRounds, setTolerance, m_xWarm)) {
        x = m_xWarm + m_shift;
        res = residual(problem, x);
        if (res <= tolerance) break;
      }
    }
    if (res <= 0.5 * previousRes)
      m_normals = m_xShifted;
    else
      m_normals = 0.5 * (m_normals + m_xShifted);
    previousRes = res;
    for (int i = 0; i < n; ++i) {
      const int k = problem.findex[i];
      if (k < 0) {
        m_loFixed[i] = m_lo[i];
        m_hiFixed[i] = m_hi[i];
        continue;
      }
      const double u = m_normals[k] == 0.0 ? 0.0 : std::abs(problem.hi[i] * m_normals[k]);
      m_loFixed[i] = -u;
      m_hiFixed[i] = u;
    }
    // Fast mode: warm from the last pass, only the rows the new bounds invalidate are driven
    // again (a cold pass if that fails).
    outcome = detail::PivotOutcome::PivotLimit;
    if (!thorough) {
      outcome = m_pivoting->resolve(m_loFixed, m_hiFixed, maxPivots, m_options.pivotTolerance,
                                    m_xShifted, m_sets);
      report.pivots += m_pivoting->pivots();
    }
    if (outcome != detail::PivotOutcome::Solved) {
      outcome = m_pivoting->solve(A, m_b, m_loFixed, m_hiFixed, m_noFriction, problem.nub, false,
                                  maxPivots, m_options.pivotTolerance, m_xShifted, m_sets);
      report.pivots += m_pivoting->pivots();
    }
    x = m_xShifted + m_shift;
    if (outcome != detail::PivotOutcome::Solved) break;
    res = residual(problem, x);
    if (res < leastRes) {
      leastRes = res;
      leastRound = rounds;
    }
  }
  if (outcome != detail::PivotOutcome::Solved) {
    report.iterations = rounds;
    report.frictionRounds = rounds - 1;
    fail(outcome);
    return;
  }
  report.iterations = rounds;
  report.frictionRounds = rounds - 1;

  if (res <= tolerance) {
    report.status = Status::Converged;
    if (rounds > 1)
      detail::setMessage(report.message, "solved; friction bounds settled after {} rounds", rounds);
    else
      report.message = "solved";
  } else if (hasFriction && m_options.refreshFrictionBounds && rounds >= m_options.maxIterations) {
    report.status = Status::MaxIterations;
    detail::setMessage(report.message,
                       "friction bounds did not settle in {} rounds (scaled residual "
                       "{:.3g})",
                       rounds, res);
  } else if (timeIsUp(start)) {
    report.status = Status::TimeLimit;
    detail::setMessage(report.message, "time limit of {} s reached", m_options.maxSeconds);
  } else {
    report.status = Status::Inaccurate;
    detail::setMessage(report.message,
                       "pivoting finished with scaled residual {:.3g} > {:.3g} "
                       "(ill-conditioned A?)",
                       res, tolerance);
  }
}

}  // namespace mlcp
