#include "core/clock.hpp"
#include "core/report_message.hpp"
#include "linalg/symmetric_row_scaling.hpp"
#include "linalg/symmetric_sparse_matrix.hpp"
#include "pivoting/active_set_refinement.hpp"
#include "pivoting/dantzig_pivoting.hpp"
#include "pivoting/dense_clamped_system.hpp"
#include "pivoting/sparse_clamped_system.hpp"

#include <mlcp/core/friction_bounds.hpp>
#include <mlcp/core/option_check.hpp>
#include <mlcp/pivoting/dantzig_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mlcp {

bool DantzigOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("DantzigOptions", why);
  check.require(maxPivots >= 0, "maxPivots", maxPivots, "maxPivots >= 0 (0 = automatic)");
  check.require(pivotTolerance >= 0.0 && pivotTolerance < 1.0, "pivotTolerance", pivotTolerance,
                "0 <= pivotTolerance < 1");
  check.require(sparseMaxFill >= 0.0 && sparseMaxFill <= 1.0, "sparseMaxFill", sparseMaxFill,
                "0 <= sparseMaxFill <= 1");
  check.require(sparseMinRows >= 0, "sparseMinRows", sparseMinRows, "sparseMinRows >= 0");
  check.require(sparseMaxDensity >= 0.0 && sparseMaxDensity <= 1.0, "sparseMaxDensity",
                sparseMaxDensity, "0 <= sparseMaxDensity <= 1");
  check.require(symmetryTolerance >= 0.0, "symmetryTolerance", symmetryTolerance,
                "symmetryTolerance >= 0");
  return check.ok();
}

DantzigSolver::DantzigSolver(const DantzigOptions& options)
    : SolverWithOptions(options),
      m_pivoting(std::make_unique<detail::DantzigPivoting>()),
      m_refinement(std::make_unique<detail::ActiveSetRefinement>()),
      m_denseSystem(std::make_unique<detail::DenseClampedSystem>()),
      m_sparseSystem(std::make_unique<detail::SparseClampedSystem>()),
      m_symmetricA(std::make_unique<detail::SymmetricSparseMatrix>()),
      m_symmetry(std::make_unique<detail::SymmetricRowScaling>()) {}

DantzigSolver::~DantzigSolver() = default;

void DantzigSolver::onOptionsChanged(const DantzigOptions&) {
  m_symmetryVersion = 0;  // the symmetry tolerance may have changed
}

Capabilities DantzigSolver::capabilities() const {
  Capabilities c;
  c.requiresSymmetricA = true;
  c.usesInitialGuess = false;
  c.iterative = false;
  c.denseA = m_options.factorization == DantzigFactorization::Dense;
  return c;
}

// The dense workspace (O(n^2)) is sized here only where the dense form is certain (below
// sparseMinRows, or chosen); otherwise on the first dense solve, so that a sparse problem never
// pays for it.
void DantzigSolver::doSetup(int n) {
  if (m_options.factorization != DantzigFactorization::Sparse &&
      (n < m_options.sparseMinRows || m_options.factorization == DantzigFactorization::Dense))
    m_denseSystem->resize(n);
  m_pivoting->resize(n);
  m_refinement->resize(n);
  m_sparseSystem->resize(n);
  for (Eigen::VectorXd* v : {&m_shift, &m_b, &m_lo, &m_hi, &m_loFixed, &m_hiFixed, &m_xShifted,
                             &m_xWarm, &m_normals, &m_w, &m_rowScales, &m_bScaled})
    v->resize(n);
  m_symmetry->reserve(n);
  m_symmetryVersion = 0;
  m_setsWarm.resize(n);
  m_setsPrevious.resize(n);
  m_noFriction.setConstant(n, -1);
  m_sets.resize(n);
}

// Automatic: dense below sparseMinRows rows or above sparseMaxDensity (no analysis needed);
// otherwise sparse when the factor of A (its symbolic analysis, kept for the sparse form) has at
// most sparseMaxFill n^2 entries. Sparse whenever a dense copy would not fit.
bool DantzigSolver::chooseSparse(const ProblemView& problem) {
  switch (m_options.factorization) {
    case DantzigFactorization::Dense:
      return false;
    case DantzigFactorization::Sparse:
      return true;
    default:
      break;
  }
  const int n = problem.size();
  if (n < m_options.sparseMinRows) return false;
  if (problem.A.form() != MatrixForm::Dense &&
      8.0 * static_cast<double>(n) * n > MixedLCP::kMaxDenseBytes)
    return true;
  if (m_densityVersion != matrixVersion()) {
    const double entries = problem.A.form() == MatrixForm::Dense
                               ? static_cast<double>(problem.A.nonZeros())
                               : static_cast<double>(problem.sparseA().nonZeros());
    m_density = entries / (static_cast<double>(n) * n);
    m_densityVersion = matrixVersion();
  }
  if (m_density > m_options.sparseMaxDensity) return false;
  prepareSparse(problem);
  return m_fill <= m_options.sparseMaxFill;
}

namespace {

bool negativeDiagonal(const Eigen::VectorXd& diagonal, SolveReport& report) {
  for (int j = 0; j < diagonal.size(); ++j) {
    if (diagonal[j] < 0.0) {
      report.status = Status::Unsupported;
      detail::setMessage(report.message,
                         FMT_COMPILE("A({}, {}) = {} is negative: Dantzig needs a positive "
                                     "semi-definite A"),
                         j, j, diagonal[j]);
      return true;
    }
  }
  return false;
}

}  // namespace

// A symmetric, or symmetric once its rows are scaled (T A, T b solved instead): examined once per
// matrix (the result and the scaled copy are kept while A stays the same).
bool DantzigSolver::acceptSymmetry(const ProblemView& problem, SolveReport& report) {
  if (negativeDiagonal(problem.diagonalA(), report)) return false;
  if (m_symmetryVersion != matrixVersion()) {
    m_symmetric = m_symmetry->examine(problem, m_options.symmetryTolerance,
                                      problem.A.form() != MatrixForm::Dense);
    m_symmetryVersion = matrixVersion();
  }
  if (m_symmetric) return true;
  const int i = m_symmetry->asymmetricRow();
  const int j = m_symmetry->asymmetricColumn();
  report.status = Status::Unsupported;
  detail::setMessage(
      report.message,
      FMT_COMPILE("A is not symmetric, nor made symmetric by scaling its rows: A({}, {}) = {} "
                  "but A({}, {}) = {}; Dantzig needs a symmetric A (try lemke or pgs)"),
      i, j, problem.A.coeff(i, j), j, i, problem.A.coeff(j, i));
  return false;
}

// The symmetric sparse matrix of the problem as solved (A's lower triangle, or T A's), rebuilt
// once per matrix; its pattern analysed again (the sparse clamped factor) only when it changed.
void DantzigSolver::prepareSparse(const ProblemView& problem) {
  if (m_sparseVersion == matrixVersion()) return;
  const Operator::SparseMatrix& A =
      m_symmetry->isScaled() ? m_symmetry->scaledSparse(problem) : problem.sparseA();
  const bool patternChanged = m_symmetricA->assignFromLower(A) || m_sparseVersion == 0;
  m_sparseVersion = matrixVersion();
  m_sparseSystem->setMatrix(*m_symmetricA, patternChanged);
  if (patternChanged) m_refinementAnalyzed = false;
  const double n = problem.size();
  m_fill = m_sparseSystem->factorEntries() / std::max(1.0, n * n);
}

// Hands A to the linear algebra of the chosen form.
void DantzigSolver::prepareMatrix(const ProblemView& problem) {
  if (!m_sparse) {
    const Eigen::MatrixXd& A =
        m_symmetry->isScaled() ? m_symmetry->scaledDense(problem) : problem.denseA();
    m_denseSystem->resize(problem.size());
    m_denseSystem->setMatrix(A);
    m_refinement->setMatrix(A);
    return;
  }
  prepareSparse(problem);
  m_refinement->setMatrix(*m_symmetricA, !m_refinementAnalyzed);
  m_refinementAnalyzed = true;
}

double DantzigSolver::residual(const ProblemView& problem, const Eigen::VectorXd& x) {
  problem.multiplyA(x, m_w);
  m_w -= problem.b;
  const Residuals r = computeResiduals(x, m_w, problem.b, problem.lo, problem.hi, problem.findex,
                                       problem.rowScalesA());
  return m_options.stoppingFigure(r.absolute, r.relative, r.scaled);
}

bool DantzigSolver::timeIsUp() const {
  return m_options.maxSeconds > 0.0 && detail::nowSeconds() - m_startSeconds > m_options.maxSeconds;
}

// 1. Boxes that do not contain 0 are shifted: x = x' + c, b' = b - A c.
void DantzigSolver::shiftBoxes(const ProblemView& problem) {
  const int n = problem.size();
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
  if (shifted) {
    problem.multiplyA(m_shift, m_w);
    m_b -= m_w;
  }
  if (m_symmetry->isScaled()) m_b.array() *= m_symmetry->factors().array();
}

// One pivoting pass on the shifted problem with bounds lo, hi; x = x' + c.
detail::PivotOutcome DantzigSolver::pass(const ProblemView& problem,
                                         const Eigen::VectorXd& lo,
                                         const Eigen::VectorXd& hi,
                                         bool frictionFromNormals,
                                         Eigen::VectorXd& x,
                                         SolveReport& report) {
  detail::ClampedSystem& system = m_sparse ? static_cast<detail::ClampedSystem&>(*m_sparseSystem)
                                           : static_cast<detail::ClampedSystem&>(*m_denseSystem);
  const detail::PivotingProblem pivoting{
      m_b, lo, hi, frictionFromNormals ? problem.findex : m_noFriction, problem.nub, m_shift};
  const detail::PivotOutcome outcome =
      m_pivoting->solve(system, pivoting, frictionFromNormals, m_maxPivots,
                        m_options.pivotTolerance, m_xShifted, m_sets);
  report.pivots += m_pivoting->pivots();
  x = m_xShifted + m_shift;
  return outcome;
}

// Block principal pivoting warm from the last sets, friction coupled to the normals, on the
// problem as given (no shift needed). True when its answer meets the tolerance (x, res set).
bool DantzigSolver::refine(const ProblemView& problem, Eigen::VectorXd& x, double& res) {
  // Block exchanges per round; the refinement stops earlier when it stalls.
  constexpr int kRefinementRounds = 32;
  m_xWarm = m_xShifted + m_shift;
  m_setsWarm = m_sets;
  const Eigen::VectorXd& b = m_symmetry->isScaled() ? m_bScaled : problem.b;
  if (!m_refinement->solve(b, problem.lo, problem.hi, problem.findex, true, m_rowScales, m_setsWarm,
                           kRefinementRounds, 0.1 * m_options.relativeTolerance, m_xWarm))
    return false;
  x = m_xWarm;
  res = residual(problem, x);
  return res <= m_options.relativeTolerance;
}

// Bounds of the next fixed-bound pass: +-mu times the normal forces m_normals (the problem's
// own normals, shift included) on friction rows, the shifted boxes elsewhere.
void DantzigSolver::setFixedBounds(const ProblemView& problem) {
  for (int i = 0; i < problem.size(); ++i) {
    // m_hi_i = hi_i on a friction row (only the other rows are shifted).
    rowEffectiveBounds(problem.findex[i], m_lo[i], m_hi[i], m_normals, m_loFixed[i], m_hiFixed[i]);
  }
}

// 3. Friction rounds: first finish warm from the last sets with the friction rows coupled to
//    their normals (exact when the sets are right); failing that, one more pivoting pass with
//    the bounds refreshed from the current normals, and again.
detail::PivotOutcome DantzigSolver::frictionRounds(
    const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report, double& res, int& rounds) {
  // Fast mode: passes warm from the last one, the refinement tried after round 1, then once a
  // pass changed at most kSettledSets index sets, and at least every kRefinementEvery rounds
  // (block pivoting from sets that are still moving mostly stalls).
  constexpr int kSettledSets = 4;
  constexpr int kRefinementEvery = 4;
  // Fast mode gives up after kStallRounds rounds without a new least residual: the rounds start
  // again from round 1 in the thorough mode (a cold pass and the refinement every round), whose
  // index sets of degenerate rows (at a bound of an empty box) differ and which settles some
  // problems the fast mode does not.
  // The thorough mode ends as stalled after as many rounds without a new least residual (a
  // problem without solution: the 50 rounds of the limit took 0.22 s on Bullet's CFM-free
  // pyramid, docs/solver-selection.md).
  constexpr int kStallRounds = 8;
  m_frictionStalled = false;
  const bool hasFriction = (problem.findex.array() >= 0).any();
  bool thorough = false;
  int lastAttempt = 1;
  double leastRes = res;
  int leastRound = rounds;
  // Normal forces the friction bounds are taken from: the last x while the residual at least
  // halves, otherwise the mean with the previous ones (breaks the 2-cycles of the fixed point
  // where friction switches a normal on and off).
  m_normals = x;
  double previousRes = std::numeric_limits<double>::infinity();
  while (res > m_options.relativeTolerance && hasFriction && m_options.refreshFrictionBounds &&
         rounds < m_options.maxIterations && !timeIsUp()) {
    if (thorough && rounds - leastRound > 2 * kStallRounds) {
      m_frictionStalled = true;
      break;
    }
    ++rounds;
    detail::PivotOutcome outcome;
    if (!thorough && rounds - leastRound > kStallRounds) {
      thorough = true;
      outcome = pass(problem, m_lo, m_hi, true, x, report);
      if (outcome != detail::PivotOutcome::Solved) return outcome;
      res = residual(problem, x);
      m_normals = x;
      previousRes = std::numeric_limits<double>::infinity();
      continue;
    }
    const int changedSets =
        rounds == 2 ? 0 : static_cast<int>((m_sets.array() != m_setsPrevious.array()).count());
    m_setsPrevious = m_sets;
    if (thorough || changedSets <= kSettledSets || rounds - lastAttempt >= kRefinementEvery) {
      lastAttempt = rounds;
      if (refine(problem, x, res)) break;
    }
    if (res <= 0.5 * previousRes)
      m_normals = m_xShifted + m_shift;
    else
      m_normals = 0.5 * (m_normals + m_xShifted + m_shift);
    previousRes = res;
    setFixedBounds(problem);
    // Fast mode: warm from the last pass, only the rows the new bounds invalidate are driven
    // again (a cold pass if that fails).
    outcome = detail::PivotOutcome::PivotLimit;
    if (!thorough) {
      outcome = m_pivoting->resolve(m_loFixed, m_hiFixed, m_maxPivots, m_options.pivotTolerance,
                                    m_xShifted, m_sets);
      report.pivots += m_pivoting->pivots();
      x = m_xShifted + m_shift;
    }
    if (outcome != detail::PivotOutcome::Solved)
      outcome = pass(problem, m_loFixed, m_hiFixed, false, x, report);
    if (outcome != detail::PivotOutcome::Solved) return outcome;
    res = residual(problem, x);
    if (res < leastRes) {
      leastRes = res;
      leastRound = rounds;
    }
  }
  return detail::PivotOutcome::Solved;
}

void DantzigSolver::reportFailure(detail::PivotOutcome outcome, SolveReport& report) const {
  const int row = m_pivoting->failedRow();
  switch (outcome) {
    case detail::PivotOutcome::SingularPivot:
      report.status = Status::SingularPivot;
      detail::setMessage(report.message,
                         FMT_COMPILE("singular pivot when row {} joined the clamped set: A(C,C) "
                                     "is singular (redundant constraints? add CFM)"),
                         row);
      break;
    case detail::PivotOutcome::Unbounded:
      report.status = Status::Unbounded;
      detail::setMessage(report.message,
                         FMT_COMPILE("no finite pivoting step for row {}: the problem has no "
                                     "solution or A is not positive semi-definite on it"),
                         row);
      break;
    default:
      report.status = Status::MaxIterations;
      detail::setMessage(report.message,
                         FMT_COMPILE("pivot limit {} reached at row {} (cycling on a degenerate "
                                     "problem?)"),
                         m_maxPivots, row);
      break;
  }
}

void DantzigSolver::reportResult(const ProblemView& problem,
                                 double res,
                                 int rounds,
                                 SolveReport& report) const {
  const bool hasFriction = (problem.findex.array() >= 0).any();
  if (res <= m_options.relativeTolerance) {
    report.status = Status::Converged;
    if (rounds > 1)
      detail::setMessage(report.message,
                         FMT_COMPILE("solved; friction bounds settled after {} rounds"), rounds);
    else
      report.message = "solved";
  } else if (m_frictionStalled) {
    report.status = Status::MaxIterations;
    detail::setMessage(
        report.message,
        FMT_COMPILE("friction bounds stalled after {} rounds, in the fast and the thorough "
                    "mode (scaled residual {:.3g}): the problem may have no solution"),
        rounds, res);
  } else if (hasFriction && m_options.refreshFrictionBounds && rounds >= m_options.maxIterations) {
    report.status = Status::MaxIterations;
    detail::setMessage(report.message,
                       FMT_COMPILE("friction bounds did not settle in {} rounds (scaled residual "
                                   "{:.3g})"),
                       rounds, res);
  } else if (timeIsUp()) {
    report.status = Status::TimeLimit;
    detail::setMessage(report.message, FMT_COMPILE("time limit of {} s reached"),
                       m_options.maxSeconds);
  } else {
    report.status = Status::Inaccurate;
    detail::setMessage(report.message,
                       FMT_COMPILE("pivoting finished with scaled residual {:.3g} > {:.3g} "
                                   "(ill-conditioned A?)"),
                       res, m_options.relativeTolerance);
  }
}

void DantzigSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  if (!acceptSymmetry(problem, report)) return;
  m_sparse = chooseSparse(problem);
  m_startSeconds = detail::nowSeconds();
  const int n = problem.size();
  m_maxPivots = m_options.maxPivots > 0 ? m_options.maxPivots : 50 * n + 1000;
  prepareMatrix(problem);
  // Row scales of the problem as solved (T A, T b when A needs its rows scaled).
  const Eigen::VectorXd& t = m_symmetry->factors();
  for (int i = 0; i < n; ++i) {
    m_bScaled[i] = t[i] * problem.b[i];
    m_rowScales[i] = rowScale(t[i] * problem.rowScalesA()[i], m_bScaled[i]);
  }

  // 1. Shift boxes that do not contain 0.
  shiftBoxes(problem);
  // 2. Round 1: ODE's pass, friction bounds fixed once from the normals of the sub-problem.
  const bool hasFriction = (problem.findex.array() >= 0).any();
  detail::PivotOutcome outcome = pass(problem, m_lo, m_hi, hasFriction, x, report);
  int rounds = 1;
  double res = std::numeric_limits<double>::infinity();
  // 3. Friction rounds until the bounds agree with the normals.
  if (outcome == detail::PivotOutcome::Solved) {
    res = residual(problem, x);
    outcome = frictionRounds(problem, x, report, res, rounds);
  }
  report.iterations = rounds;
  report.frictionRounds = rounds - 1;
  if (outcome != detail::PivotOutcome::Solved)
    reportFailure(outcome, report);
  else
    reportResult(problem, res, rounds, report);
}

const OptionTable<DantzigOptions>& DantzigOptions::table() {
  static const OptionTable<DantzigOptions> table(commonOptionFields<DantzigOptions>(
      {option<DantzigOptions>("max_pivots", &DantzigOptions::maxPivots, ">= 0 (0: automatic)",
                              "Pivots per solve"),
       option<DantzigOptions>("pivot_tolerance", &DantzigOptions::pivotTolerance,
                              "0 <= pivot_tolerance < 1", "Smallest pivot, relative"),
       option<DantzigOptions>("symmetry_tolerance", &DantzigOptions::symmetryTolerance, ">= 0",
                              "Largest relative asymmetry of A accepted"),
       option<DantzigOptions>("refresh_friction_bounds", &DantzigOptions::refreshFrictionBounds, "",
                              "Repeat the pivoting with the friction bounds of the last normals"),
       choice<DantzigOptions>("factorization", &DantzigOptions::factorization,
                              {{"automatic", DantzigFactorization::Automatic},
                               {"dense", DantzigFactorization::Dense},
                               {"sparse", DantzigFactorization::Sparse}},
                              "Dense or sparse L D L^T of the clamped block"),
       option<DantzigOptions>("sparse_min_rows", &DantzigOptions::sparseMinRows, ">= 0",
                              "Automatic: sparse from this many rows"),
       option<DantzigOptions>("sparse_max_density", &DantzigOptions::sparseMaxDensity,
                              "0 <= sparse_max_density <= 1",
                              "Automatic: sparse up to this density of A"),
       option<DantzigOptions>("sparse_max_fill", &DantzigOptions::sparseMaxFill,
                              "0 <= sparse_max_fill <= 1",
                              "Automatic: sparse up to this fill of the factor")}));
  return table;
}

}  // namespace mlcp
