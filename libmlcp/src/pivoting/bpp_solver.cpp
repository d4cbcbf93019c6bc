#include "core/box_projection.hpp"
#include "core/clock.hpp"
#include "core/report_message.hpp"
#include "pivoting/low_rank_system.hpp"
#include "pivoting/sparse_low_rank_system.hpp"

#include <mlcp/core/friction_bounds.hpp>
#include <mlcp/core/option_check.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>

#include <climits>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace mlcp {

using detail::RowState;

namespace {

/// Iterative refinement stops when a step changes x by at most this fraction of the tolerance
/// times the answer's size, or grows beyond this ratio of the step before.
constexpr double kRefinementStop = 1e-2;
/// A refinement step between these multiples of the one before counts as constant (a drift).
constexpr double kDriftLow = 0.98;
constexpr double kDriftHigh = 1.02;
/// Constant steps in a row that make a drift.
constexpr int kDriftSteps = 2;
/// Refinement steps at most on a feasible partition of a problem without proximal term whose x
/// misses the tolerance in rounding (an LU of K with sliding friction).
constexpr int kCorrections = 3;

/// The smallest t >= 0 at which row i's x_i + t d_i meets one of its bounds, the friction
/// bounds moving with the normal (+-mu (x_k + t d_k)); infinity when it meets none. *upper tells
/// which bound.
double stepToBound(const ProblemView& problem,
                   const Eigen::VectorXd& x,
                   const Eigen::VectorXd& d,
                   int i,
                   bool* upper) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  double t = kInfinity;
  const auto consider = [&](double value, bool isUpper) {
    if (value >= 0.0 && value < t) {
      t = value;
      *upper = isUpper;
    }
  };
  const int k = problem.findex[i];
  if (k >= 0) {
    const double mu = frictionCoefficient(problem.hi[i]);
    if (d[i] - mu * d[k] > 0.0) consider((mu * x[k] - x[i]) / (d[i] - mu * d[k]), true);
    if (d[i] + mu * d[k] < 0.0) consider((-mu * x[k] - x[i]) / (d[i] + mu * d[k]), false);
    return t;
  }
  if (d[i] > 0.0 && problem.hi[i] < kInfinity) consider((problem.hi[i] - x[i]) / d[i], true);
  if (d[i] < 0.0 && problem.lo[i] > -kInfinity) consider((problem.lo[i] - x[i]) / d[i], false);
  return t;
}
/// Single-pivot rounds without progress after which the coupled friction bounds are fixed for
/// one pass (Murty's rule is finite only for P-matrices; the coupling breaks that).
constexpr int kCoupledSingleRounds = 10;
/// Fixed-bound passes in a row at most (friction rounds), and the change of x, relative to
/// the answer's size, below which the bounds count as settled.
constexpr int kFrictionRounds = 30;
constexpr double kFrictionRoundChange = 1e-3;
/// Each friction round after the first moves the fixed normals this fraction of the way to the
/// last pass's x (Krasnoselskii-Mann averaging): undamped, the rounds can oscillate with a period
/// of two passes and never settle (a column of the 208-column stacks: moves of 0.21 and 0.26 of
/// the answer's size in turn), and the coupled pivoting restarted from the unsettled partition
/// repeats the same rounds until the pivot budget is spent.
constexpr double kFrictionDamping = 0.5;

/// max(||x||_inf, max_i |b_i| / d_i): the size of the answer the scaled residual divides by.
double solutionSize(const ProblemView& problem, const Eigen::VectorXd& x) {
  const Eigen::VectorXd& scales = problem.rowScalesA();
  double size = x.lpNorm<Eigen::Infinity>();
  for (int i = 0; i < problem.size(); ++i)
    size = std::max(size, std::abs(problem.b[i]) / rowScale(scales[i], problem.b[i]));
  return size;
}

}  // namespace

bool BppOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("BppOptions", why);
  check.require(nonImprovingRounds >= 0, "nonImprovingRounds", nonImprovingRounds,
                "nonImprovingRounds >= 0");
  check.require(pivotBudgetPerRow >= 1, "pivotBudgetPerRow", pivotBudgetPerRow,
                "pivotBudgetPerRow >= 1");
  check.require(proximal >= 0.0 && proximal < 1.0, "proximal", proximal, "0 <= proximal < 1");
  check.require(refinementSteps >= 0, "refinementSteps", refinementSteps, "refinementSteps >= 0");
  check.require(maxProximalIterations >= 1, "maxProximalIterations", maxProximalIterations,
                "maxProximalIterations >= 1");
  check.require(abandonGrowth == 0.0 || abandonGrowth > 1.0, "abandonGrowth", abandonGrowth,
                "abandonGrowth = 0 or abandonGrowth > 1");
  check.require(sparseAboveRank >= 0, "sparseAboveRank", sparseAboveRank, "sparseAboveRank >= 0");
  lowRank.require(check);
  return check.ok();
}

BppSolver::BppSolver(const BppOptions& options) : SolverWithOptions(options) {}

BppSolver::~BppSolver() = default;

void BppSolver::onOptionsChanged(const BppOptions& previous) {
  // The form and its factorization depend on these only: other changes (tolerances, budgets,
  // time limits) keep them.
  const bool sameForm = previous.lowRank == m_options.lowRank &&
                        previous.sparseAboveRank == m_options.sparseAboveRank &&
                        previous.proximal == m_options.proximal;
  if (sameForm) return;
  m_form.reset();
  m_sparseForm.reset();
  m_system = nullptr;
  m_denseSystem.reset();
  m_sparseSystem.reset();
  m_formSearched = false;
}

void BppSolver::setLowRankForm(LowRankForm form) {
  const Eigen::Index n = size();
  if (n == 0 || form.G.rows() != n || form.C.size() != n)
    throw std::invalid_argument(fmt::format(
        "BppSolver::setLowRankForm: G is {} x {} and C has {} entries for a matrix of n = {}",
        form.G.rows(), form.G.cols(), form.C.size(), n));
  m_form = std::move(form);
  m_sparseForm.reset();
  m_formVersion = matrixVersion();
  m_formSearched = true;
  if (!m_denseSystem) m_denseSystem = std::make_unique<detail::LowRankSystem>();
  m_denseSystem->setup(*m_form, m_options.proximal);
  m_system = m_denseSystem.get();
}

Capabilities BppSolver::capabilities() const {
  Capabilities capabilities;
  capabilities.usesInitialGuess = true;
  capabilities.requiresLowRankForm = true;
  return capabilities;
}

void BppSolver::doSetup(int n) {
  m_state.assign(n, RowState::Free);
  m_infeasible.reserve(n);
  m_w.resize(n);
  m_shiftedB.resize(n);
  m_normals.resize(n);
  m_previous.resize(n);
  m_drift.resize(n);
  m_trialX.resize(n);
}

void BppSolver::searchForm(const ProblemView& problem) {
  m_system = nullptr;
  // Dense G only where it is small: r within sparseAboveRank and the dense form's limits.
  const LowRankLimits& limits = m_options.lowRank;
  const auto denseLimit =
      static_cast<int>(std::min<double>(limits.maxRank, limits.maxRankFraction * problem.size()));
  ChosenLowRankForm chosen =
      chooseLowRankForm(problem.A, limits, std::min(m_options.sparseAboveRank, denseLimit));
  m_form = std::move(chosen.dense);
  m_sparseForm = std::move(chosen.sparse);
  if (m_sparseForm) {
    if (!m_sparseSystem) m_sparseSystem = std::make_unique<detail::SparseLowRankSystem>();
    m_sparseSystem->setup(*m_sparseForm, m_options.proximal);
    m_system = m_sparseSystem.get();
    return;
  }
  if (!m_form) return;
  if (!m_denseSystem) m_denseSystem = std::make_unique<detail::LowRankSystem>();
  m_denseSystem->setup(*m_form, m_options.proximal);
  m_system = m_denseSystem.get();
}

bool BppSolver::prepareForm(const ProblemView& problem, SolveReport& report) {
  if (!m_formSearched || m_formVersion != matrixVersion()) {
    searchForm(problem);
    m_formVersion = matrixVersion();
    m_formSearched = true;
  } else {
    m_statistics.formReused = true;
  }
  if (m_sparseForm) {
    m_statistics.rank = m_sparseForm->rank();
    m_statistics.sparse = true;
    return true;
  }
  if (m_form) {
    m_statistics.rank = m_form->rank();
    return true;
  }
  report.status = Status::Unsupported;
  detail::setMessage(
      report.message,
      FMT_COMPILE("A has no low-rank form G G^T + diag(C) with r <= {} and r <= {} n (not "
                  "symmetric, or of full rank): use newton or dantzig"),
      m_options.lowRank.maxRank, m_options.lowRank.maxRankFraction);
  return false;
}

void BppSolver::startPartition(const ProblemView& problem, const Eigen::VectorXd& x) {
  const int n = problem.size();
  if (!x.isZero(0.0)) {
    m_statistics.warmStarted = true;
    for (int i = 0; i < n; ++i) {
      double l = 0.0;
      double u = 0.0;
      detail::rowBounds(problem, x, i, l, u);
      if (l == u || x[i] <= l)
        m_state[i] = RowState::Lower;
      else
        m_state[i] = x[i] >= u ? RowState::Upper : RowState::Free;
    }
    return;
  }
  if (m_options.keepPartition && static_cast<int>(m_lastState.size()) == n &&
      m_lastFindex == problem.findex) {
    m_statistics.warmStarted = true;
    m_state = m_lastState;
    return;
  }
  for (int i = 0; i < n; ++i) {
    const bool fixed = problem.findex[i] < 0 && problem.lo[i] == problem.hi[i];
    m_state[i] = fixed ? RowState::Lower : RowState::Free;
  }
}

int BppSolver::collectInfeasible(const ProblemView& problem,
                                 const Eigen::VectorXd& x,
                                 double size) {
  const Eigen::VectorXd& normals = m_frictionFixed ? m_normals : x;
  const double tolerance = 0.1 * m_options.relativeTolerance * size;
  const Eigen::VectorXd& scales = problem.rowScalesA();
  m_infeasible.clear();
  for (int i = 0; i < problem.size(); ++i) {
    double l = 0.0;
    double u = 0.0;
    detail::rowBounds(problem, normals, i, l, u);
    const double wTolerance = tolerance * rowScale(scales[i], problem.b[i]);
    bool infeasible = false;
    if (m_state[i] == RowState::Free)
      infeasible = x[i] < l - tolerance || x[i] > u + tolerance;
    else if (l != u)
      infeasible = m_state[i] == RowState::Lower ? m_w[i] < -wTolerance : m_w[i] > wTolerance;
    if (infeasible) m_infeasible.push_back(i);
  }
  return static_cast<int>(m_infeasible.size());
}

void BppSolver::pivot(const ProblemView& problem, const Eigen::VectorXd& x, bool single) {
  const Eigen::VectorXd& normals = m_frictionFixed ? m_normals : x;
  const auto first = single ? m_infeasible.end() - 1 : m_infeasible.begin();
  for (auto it = first; it != m_infeasible.end(); ++it) {
    const int i = *it;
    if (m_state[i] != RowState::Free) {
      m_state[i] = RowState::Free;
      continue;
    }
    double l = 0.0;
    double u = 0.0;
    detail::rowBounds(problem, normals, i, l, u);
    m_state[i] = x[i] < l ? RowState::Lower : RowState::Upper;
  }
}

void BppSolver::finish(const ProblemView& problem,
                       const detail::NaturalMap& map,
                       Eigen::VectorXd& x,
                       SolveReport& report) {
  if (report.status != Status::Converged) {
    detail::projectOntoBounds(problem, x);
    return;
  }
  // map is x's residual in the form (within 1e-12 max|A| of A); MixedLCP::solve() holds a
  // Converged status to the tolerance on the original A.
  if (m_options.accepts(map.absolute, map.relative, map.scaled)) {
    m_lastState = m_state;
    m_lastFindex = problem.findex;
    detail::setMessage(
        report.message,
        FMT_COMPILE("converged: {} rounds, {} pivots, {} proximal iterations (r = {}, {} LU, "
                    "{} updates); scaled residual {:.3g}"),
        m_statistics.rounds, report.pivots, m_statistics.proximalIterations, m_statistics.rank,
        m_statistics.luFactorizations, m_statistics.updates, map.scaled);
    return;
  }
  report.status = Status::Inaccurate;
  detail::setMessage(
      report.message,
      FMT_COMPILE("feasible partition, but x misses the tolerance: scaled residual {:.3g}, "
                  "relative {:.3g} (r = {}, {} proximal iterations)"),
      map.scaled, map.relative, m_statistics.rank, m_statistics.proximalIterations);
}

bool BppSolver::solveRound(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  const Eigen::VectorXd* normals = m_frictionFixed ? &m_normals : nullptr;
  if (!m_system->solve(problem, m_state, m_shiftedB, normals, m_partitionChanged, x)) {
    report.status = Status::SingularPivot;
    detail::setMessage(report.message, FMT_COMPILE("K (r x r) could not be factored in round {}"),
                       m_statistics.rounds);
    return false;
  }
  if (m_partitionChanged && m_system->usedUpdate()) {
    ++m_statistics.updates;
  } else if (m_partitionChanged) {
    ++m_statistics.factorizations;
    m_statistics.luFactorizations += m_system->usedLu() ? 1 : 0;
  }
  m_partitionChanged = false;
  // The proximal problem's w: A x - b + delta (x - x_prox).
  m_system->residual(x, m_shiftedB, m_w);
  m_w += m_system->delta().cwiseProduct(x);
  return true;
}

bool BppSolver::refine(const ProblemView& problem, Eigen::VectorXd& x) {
  const Eigen::VectorXd* normals = m_frictionFixed ? &m_normals : nullptr;
  const double small = kRefinementStop * m_options.relativeTolerance * solutionSize(problem, x);
  double lastStep = std::numeric_limits<double>::infinity();
  int constantSteps = 0;
  for (int k = 0; k < m_options.refinementSteps; ++k) {
    m_previous = x;
    m_shiftedB = problem.b + m_system->delta().cwiseProduct(x);
    if (!m_system->solve(problem, m_state, m_shiftedB, normals, false, x)) return false;
    ++m_statistics.refinementSteps;
    const double step = (x - m_previous).lpNorm<Eigen::Infinity>();
    if (step <= small) break;  // converged
    // A constant step: the partition's equations have no solution, and the proximal iterates
    // drift along a null direction of its system; go along it at once to the first free row
    // that meets a bound, and pin that row there.
    const bool constant = step > kDriftLow * lastStep && step < kDriftHigh * lastStep;
    constantSteps = constant ? constantSteps + 1 : 0;
    if (constantSteps == kDriftSteps) {
      m_drift = x - m_previous;
      driftToBound(problem, x);
      break;
    }
    if (step >= kDriftHigh * lastStep) break;  // diverging: the sign check decides
    lastStep = step;
  }
  return true;
}

void BppSolver::correct(const ProblemView& problem, Eigen::VectorXd& x, detail::NaturalMap& map) {
  for (int k = 0; k < kCorrections && !m_options.accepts(map.absolute, map.relative, map.scaled);
       ++k) {
    m_previous = x;
    if (!m_system->correct(problem, m_state, m_w, x)) {
      x = m_previous;
      return;
    }
    ++m_statistics.refinementSteps;
    m_system->residual(x, problem.b, m_w);
    const detail::NaturalMap corrected =
        detail::naturalMapResidual(problem, x, [&](int i) { return m_w[i] + problem.b[i]; });
    if (!(std::max(corrected.scaled, corrected.relative) < std::max(map.scaled, map.relative))) {
      x = m_previous;  // no gain: the rounding floor of the factorization
      m_system->residual(x, problem.b, m_w);
      return;
    }
    map = corrected;
  }
}

void BppSolver::driftToBound(const ProblemView& problem, Eigen::VectorXd& x) {
  double t = std::numeric_limits<double>::infinity();
  int row = -1;
  bool upper = false;
  for (int i = 0; i < problem.size(); ++i) {
    if (m_state[i] != RowState::Free) continue;
    bool rowUpper = false;
    const double ti = stepToBound(problem, x, m_drift, i, &rowUpper);
    if (ti < t) {
      t = ti;
      row = i;
      upper = rowUpper;
    }
  }
  if (row < 0) return;  // no bound on the way: the sign check decides
  ++m_statistics.drifts;
  x += t * m_drift;
  m_state[row] = upper ? RowState::Upper : RowState::Lower;
  m_partitionChanged = true;
}

void BppSolver::switchFriction(bool fixed, const Eigen::VectorXd& x) {
  const bool nextRound = m_frictionFixed && fixed;
  m_frictionFixed = fixed;
  if (fixed) {
    if (nextRound)
      m_normals += kFrictionDamping * (x - m_normals);
    else
      m_normals = x;
    ++m_statistics.fixedFrictionPasses;
  }
  // From one fixed pass to the next the free system keeps its matrix (the bounds move the known
  // values only): the factorization of the pass's last round serves the next one's first.
  m_partitionChanged = m_partitionChanged || !nextRound;
  m_passStartPivots = m_pivots;
  m_best = INT_MAX;
  m_nonImproving = 0;
}

bool BppSolver::coupledLimitHolds(const ProblemView& problem, Eigen::VectorXd& x) {
  if (m_pivots != m_passStartPivots || m_pivots == m_failedTrialPivots) return false;
  // The pass kept its partition. While it holds, the damped passes iterate an affine map of the
  // normals whose fixed point is the coupled system's solution for that partition: one coupled
  // round reaches it. Feasible there, it is the answer; otherwise the passes go on from where
  // they were.
  m_trialX = x;
  m_frictionFixed = false;
  m_partitionChanged = true;
  ++m_statistics.rounds;
  SolveReport trial;
  if (solveRound(problem, x, trial) && collectInfeasible(problem, x, solutionSize(problem, x)) == 0)
    return true;
  m_failedTrialPivots = m_pivots;
  x = m_trialX;
  m_frictionFixed = true;
  m_partitionChanged = true;
  return false;
}

bool BppSolver::pivotToFeasible(const ProblemView& problem,
                                Eigen::VectorXd& x,
                                SolveReport& report) {
  const long budget = static_cast<long>(m_options.pivotBudgetPerRow) * std::max(problem.size(), 1);
  switchFriction(false, x);
  int fixedRounds = 0;
  while (m_statistics.rounds < m_options.maxIterations) {
    const int round = ++m_statistics.rounds;
    if (!solveRound(problem, x, report)) return false;
    const int count = collectInfeasible(problem, x, solutionSize(problem, x));
    if (m_options.abandonGrowth > 0.0 && m_best != INT_MAX &&
        count > m_options.abandonGrowth * m_best) {
      detail::setMessage(
          report.message,
          FMT_COMPILE("abandoned in round {}: {} rows infeasible, more than {} times the "
                      "lowest count {}"),
          round, count, m_options.abandonGrowth, m_best);
      return false;
    }
    if (count == 0) {
      if (!m_frictionFixed) return true;
      // Friction rounds: fixed bounds again from the new normals while they move, then the
      // last partition starts the coupled pivoting.
      const bool moved = (x - m_normals).lpNorm<Eigen::Infinity>() >
                         kFrictionRoundChange * solutionSize(problem, x);
      if (moved && fixedRounds > 0 && coupledLimitHolds(problem, x)) return true;
      switchFriction(moved && ++fixedRounds < kFrictionRounds, x);
      continue;
    }
    const bool single = count >= m_best && ++m_nonImproving > m_options.nonImprovingRounds;
    if (count < m_best) {
      m_best = count;
      m_nonImproving = 0;
    }
    if (!m_frictionFixed && m_nonImproving > m_options.nonImprovingRounds + kCoupledSingleRounds) {
      switchFriction(true, x);  // Murty's rule needs a P-matrix: fix the friction bounds
      fixedRounds = 0;
      continue;
    }
    pivot(problem, x, single);
    m_partitionChanged = true;
    m_pivots += single ? 1 : count;
    m_statistics.singlePivotRounds += single ? 1 : 0;
    report.pivots = static_cast<int>(std::min<long>(m_pivots, INT_MAX));
    if (m_pivots > budget) {
      detail::setMessage(report.message,
                         FMT_COMPILE("pivot budget of {} swaps spent ({} rows still infeasible)"),
                         budget, count);
      return false;
    }
    if (m_options.maxSeconds > 0.0 && detail::nowSeconds() - m_start > m_options.maxSeconds) {
      report.status = Status::TimeLimit;
      detail::setMessage(report.message, FMT_COMPILE("time limit after {} rounds"), round);
      return false;
    }
  }
  detail::setMessage(report.message, FMT_COMPILE("{} rounds without a feasible partition"),
                     m_statistics.rounds);
  return false;
}

void BppSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  m_statistics = {};
  if (!prepareForm(problem, report)) return;
  m_start = detail::nowSeconds();
  m_pivots = 0;
  m_failedTrialPivots = -1;
  startPartition(problem, x);
  m_partitionChanged = true;
  m_system->setProximal(m_options.proximal);
  const Eigen::VectorXd& delta = m_system->delta();
  m_shiftedB = problem.b + delta.cwiseProduct(x);
  report.status = Status::MaxIterations;
  detail::NaturalMap map;
  while (m_statistics.proximalIterations < m_options.maxProximalIterations) {
    ++m_statistics.proximalIterations;
    if (!pivotToFeasible(problem, x, report)) break;
    // x solves the proximal problem; iterative refinement on the same factorization takes it
    // to the partition's solution for the original A (where one exists), then the sign check.
    if (m_system->proximalActive() && !refine(problem, x)) {
      report.status = Status::SingularPivot;
      detail::setMessage(report.message, FMT_COMPILE("x not finite in the refinement"));
      break;
    }
    m_system->residual(x, problem.b, m_w);
    map = detail::naturalMapResidual(problem, x, [&](int i) { return m_w[i] + problem.b[i]; });
    if (!m_system->proximalActive()) correct(problem, x, map);
    if (m_options.accepts(map.absolute, map.relative, map.scaled) || !m_system->proximalActive()) {
      report.status = Status::Converged;  // finish() holds it to the tolerance
      break;
    }
    m_shiftedB = problem.b + delta.cwiseProduct(x);  // the next proximal problem's anchor
    detail::setMessage(report.message, FMT_COMPILE("{} proximal iterations without an answer"),
                       m_statistics.proximalIterations);
  }
  report.iterations = m_statistics.rounds;
  finish(problem, map, x, report);
}

const OptionTable<BppOptions>& BppOptions::table() {
  static const OptionTable<BppOptions> table(commonOptionFields<BppOptions>(withLowRankOptions(
      &BppOptions::lowRank,
      {option<BppOptions>("non_improving_rounds", &BppOptions::nonImprovingRounds, ">= 0",
                          "Rounds without progress before single-row pivoting"),
       option<BppOptions>("pivot_budget_per_row", &BppOptions::pivotBudgetPerRow, ">= 1",
                          "Pivoting rounds per row"),
       option<BppOptions>("proximal", &BppOptions::proximal, "0 <= proximal < 1",
                          "Proximal weight of the outer iterations (0: off)"),
       option<BppOptions>("refinement_steps", &BppOptions::refinementSteps, ">= 0",
                          "Iterative-refinement solves per round"),
       option<BppOptions>("max_proximal_iterations", &BppOptions::maxProximalIterations, ">= 1",
                          "Proximal outer iterations"),
       option<BppOptions>("keep_partition", &BppOptions::keepPartition, "",
                          "Start from the last solve's partition (warm start)"),
       option<BppOptions>("abandon_growth", &BppOptions::abandonGrowth, "0 or > 1 (0: off)",
                          "Give up when the residual grows by this factor"),
       option<BppOptions>("sparse_above_rank", &BppOptions::sparseAboveRank, ">= 0",
                          "Sparse r x r systems above this rank")})));
  return table;
}

}  // namespace mlcp
