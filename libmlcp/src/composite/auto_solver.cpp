#include "composite/problem_structure.hpp"
#include "composite/solver_chain.hpp"
#include "core/iterative_capabilities.hpp"
#include "core/report_message.hpp"

#include <mlcp/composite/auto_solver.hpp>
#include <mlcp/newton/newton_solver.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <iterator>
#include <span>
#include <utility>

namespace mlcp {

namespace {

/// One stage of a plan: a registered name and, for an iterative trial, its sweep budget.
struct PlannedStage {
  std::string_view name;
  int sweeps = 0;  ///< 0: the settings' iteration limit
};

/// The stages choosePlan() names, registered (not made) with the constructor in this order, so
/// that a stage's index in the chain is its index here (PlannedIndex).
constexpr std::array<PlannedStage, 14> kPlannedStages{{{"lemke"},
                                                       {"newton"},
                                                       {"dantzig"},
                                                       {"apgd"},
                                                       {"pgs"},
                                                       {"nncg"},
                                                       {"pgs-sm"},
                                                       {"bpp"},
                                                       {"polish"},
                                                       {"pgs", AutoSolver::kTrialSweeps},
                                                       {"pgs-sm", AutoSolver::kTinyTrialSweeps},
                                                       {"islands:dantzig"},
                                                       {"islands:bpp"},
                                                       {"islands:auto"}}};

/// The index of each entry of kPlannedStages: what a plan lists (no lookup by name per solve).
enum PlannedIndex : int {
  kLemke,
  kNewton,
  kDantzig,
  kApgd,
  kPgs,
  kNncg,
  kPgsSm,
  kBpp,
  kPolish,
  kPgsTrial,
  kPgsSmTrial,
  kIslandsDantzig,
  kIslandsBpp,
  kIslandsAuto
};

/// newton's stall rule as a stage (NewtonOptions::stallSteps): the redundant-contact Bullet stacks
/// and chains that converge go at most 26 steps without a tenfold fall of the residual;
/// `bullet/pyramid_step30`, which has no solution, stops after 55 steps instead of 100
/// (docs/solver-selection.md, "When there is no answer").
constexpr std::string_view kNewtonStallSteps = "40";

}  // namespace

AutoSolver::AutoSolver(const SolverSettings& settings)
    : m_settings(settings),
      m_chain(std::make_unique<detail::SolverChain>()),
      m_probe(std::make_unique<detail::StructureProbe>()) {
  const OptionMap values = settings.toOptionMap();
  if (const auto tolerance = values.find("relative_tolerance"); tolerance != values.end())
    m_defaults.relativeTolerance = parseOptionValue<double>(tolerance->first, tolerance->second);
  // Room for every plan of choosePlan() and their reasons: a first solve allocates only the
  // stages it runs.
  constexpr size_t kStages = 7, kReason = 256;
  m_plan.stages.reserve(kStages);
  m_order.reserve(kStages);
  m_stageNames.reserve(kPlannedStages.size());
  m_stageSweeps.reserve(kPlannedStages.size());
  m_chain->reserve(static_cast<int>(kPlannedStages.size()));
  m_plan.reason.reserve(kReason);
  for (const PlannedStage& stage : kPlannedStages) stageIndex(stage.name, stage.sweeps);
  // The registration order is PlannedIndex's.
}

AutoSolver::~AutoSolver() = default;

Capabilities AutoSolver::capabilities() const {
  // boxes, friction rows, nub rows, any A: some plan takes each
  return detail::iterativeCapabilities();
}

const SolverOptions& AutoSolver::commonOptions() const {
  const int used = m_chain->used();
  return used >= 0 ? m_chain->stage(used).commonOptions() : m_defaults;
}

std::string_view AutoSolver::usedStage() const {
  const int used = m_chain->used();
  return used >= 0 ? std::string_view(m_stageNames[static_cast<size_t>(used)]) : "";
}

const MixedLCP* AutoSolver::usedSolver() const {
  const int used = m_chain->used();
  return used >= 0 ? &m_chain->stage(used) : nullptr;
}

void AutoSolver::doSetup(int n) {
  m_chain->resize(n);
  m_probe->reserve(n);
  for (const int stage : stagesMadeAhead(n)) m_chain->prepare(stage, n);
  writeFirstPlans(n);
}

std::span<const int> AutoSolver::stagesMadeAhead(int n) const {
  static constexpr std::array<int, 2> kLemkeFirst{kLemke, kNewton};
  static constexpr std::array<int, 2> kTinyPositive{kPgsSmTrial, kDantzig};
  static constexpr std::array<int, 4> kTiny{kPgsSmTrial, kDantzig, kLemke, kNewton};
  static constexpr std::array<int, 3> kSmall{kNewton, kBpp, kPgsTrial};
  if (n > kPivotingRows) return {};
  const Operator& A = matrix();
  const bool known = A.rows() == n;  // not when A comes through solveView() alone
  if (known && !(A.diagonal().array() > 0.0).all()) return kLemkeFirst;
  if (n < kTinyRows) return known ? std::span<const int>(kTinyPositive) : kTiny;
  return kSmall;
}

void AutoSolver::writeFirstPlans(int n) {
  using detail::appendMessage;
  m_lemkeFirst = {};
  m_trialFirst = {};
  m_pivotingFirst = {};
  if (n <= kPivotingRows) {
    appendMessage(m_lemkeFirst.reason, "a diagonal entry A_ii <= 0, n = ", n, " <= ", kPivotingRows,
                  ": Lemke and Newton take any A");
    m_lemkeFirst.stages = {kLemke, kNewton};
  }
  if (n < kTinyTrialRows) {
    appendMessage(m_trialFirst.reason, "n = ", n, " < ", kTinyTrialRows,
                  ", every A_ii > 0, no friction rows: a PGS-SM trial of ", kTinyTrialSweeps,
                  " sweeps first");
    m_trialFirst.stages = {kPgsSmTrial};
  }
  if (n < kTinyRows) {
    appendMessage(m_pivotingFirst.reason, "n = ", n, " < ", kTinyRows,
                  ", every A_ii > 0: exact pivoting first, A not measured (Dantzig refuses an A "
                  "that is not symmetric)");
    m_pivotingFirst.stages = {kDantzig};
  }
  for (FirstPlan* plan : {&m_lemkeFirst, &m_trialFirst, &m_pivotingFirst})
    if (!plan->stages.empty()) describePlan(plan->reason, plan->stages, plan->report);
}

int AutoSolver::stageIndex(std::string_view name, int sweeps) {
  for (size_t k = 0; k < m_stageNames.size(); ++k)
    if (m_stageNames[k] == name && m_stageSweeps[k] == sweeps) return static_cast<int>(k);
  const size_t k = m_stageNames.size();
  m_stageNames.emplace_back(name);
  m_stageSweeps.push_back(sweeps);
  detail::SolverChain::NewMatrixHook onNewMatrix;
  if (name == "bpp")  // pivots in the form the probe found: A is not searched twice
    onNewMatrix = [this](MixedLCP& stage) {
      auto* bpp = dynamic_cast<BppSolver*>(&stage);
      if (bpp != nullptr && m_probe->lowRankForm()) bpp->setLowRankForm(*m_probe->lowRankForm());
    };
  return m_chain->add(
      [this, k] {
        SolverSettings settings = m_settings;
        if (m_stageSweeps[k] > 0)
          settings.maxIterations =
              std::min(settings.maxIterations.value_or(m_stageSweeps[k]), m_stageSweeps[k]);
        if (m_stageNames[k] == "newton")
          settings.options.try_emplace("stall_steps", kNewtonStallSteps);
        return makeSolver(m_stageNames[k], settings);
      },
      std::move(onNewMatrix));
}

void AutoSolver::choosePlan(const ProblemView& problem) {
  const detail::ProblemStructure& s = m_probe->measure(problem, matrixVersion(), kPivotingRows);
  const bool small = s.n <= kPivotingRows;
  const bool tiny = s.n < kTinyRows;
  const bool factors = s.form == MatrixForm::Factors;
  // The plan as indices and the reason written into kept storage: nothing allocates.
  auto add = [this](std::initializer_list<PlannedIndex> planned) {
    for (const PlannedIndex stage : planned) addStage(stage);
  };
  auto why = std::back_inserter(m_plan.reason);
  // The reasons without a real number are appended piecewise (detail::appendMessage): on a
  // problem of a few rows, parsing format strings took a third of the solve.
  using detail::appendMessage;
  m_endOnStall = s.symmetric && s.positiveDiagonal;
  if (!s.symmetric && !s.rowScaledSymmetric) {
    appendMessage(m_plan.reason, "A is not symmetric (", s.asymmetry, "): Lemke takes any A");
    if (small) add({kLemke, kNewton});
    add({kPgs, kNncg});
  } else if (s.rowScaledSymmetric) {
    appendMessage(m_plan.reason,
                  "A is a row scaling of a symmetric matrix: Dantzig solves T A x = T b with T A "
                  "symmetric, APGD and PGS-SM equilibrate the rows");
    if (small && s.positiveDiagonal) add({kDantzig});
    if (small) add({kLemke, kNewton});
    add({kApgd, kPgsSm, kNncg});
  } else if (!s.positiveDiagonal) {
    appendMessage(m_plan.reason,
                  "A symmetric with a diagonal entry <= 0: the iterative methods need A_ii > 0");
    if (small) add({kLemke, kNewton});
    add({kDantzig, kPgs});
  } else if (tiny) {
    appendMessage(m_plan.reason, "A symmetric, n = ", s.n, " < ", kTinyRows, ": exact pivoting");
    add({kDantzig, kNewton, kLemke, kApgd, kPgs});
  } else if (small &&
             ((s.lowRankRegularized && s.lowRank <= detail::StructureProbe::maxFoundRank(s.n)) ||
              (factors && 2 * s.lowRank <= s.n))) {
    appendMessage(m_plan.reason, "A symmetric, n = ", s.n, " <= ", kPivotingRows,
                  ", low-rank form with r = ", s.lowRank, " (");
    if (factors)
      appendMessage(m_plan.reason, "the factors, <= n / 2");
    else if (3 * s.lowRank <= s.n)
      appendMessage(m_plan.reason, "found in A, C > 0, <= n / 3");
    else
      appendMessage(m_plan.reason,
                    "found in A, C > 0, <= n / 2 and <= ", detail::StructureProbe::kSmallRank);
    appendMessage(m_plan.reason, "): pivoting in the bodies' space");
    if (factors && s.islands > 1) {
      // bpp on each island's own factors: its rounds do not wait for the other islands' swaps
      // (the column stacks of 96..960 rows: a quarter to a half of bpp's time on the whole).
      appendMessage(m_plan.reason, ", island by island (", s.islands, " islands)");
      add({kIslandsBpp, kNewton, kDantzig, kLemke, kApgd, kPgs});
    } else {
      add({kBpp, kNewton, kDantzig, kLemke, kApgd, kPgs});
    }
  } else if (small && factors) {
    appendMessage(m_plan.reason, "A symmetric as factors, n = ", s.n, " <= ", kPivotingRows,
                  ", r = ", s.lowRank,
                  " > n / 2 (a pile): PGS, then an exact polish in body space");
    add({kPolish, kNewton, kDantzig, kLemke, kApgd, kPgs});
  } else if (small && s.density >= detail::StructureProbe::kDenseDensity) {
    fmt::format_to(why,
                   "A symmetric, n = {} <= {}, dense ({:.2g} of entries nonzero): a PGS trial "
                   "of {} sweeps costs under a tenth of pivoting",
                   s.n, kPivotingRows, s.density, kTrialSweeps);
    add({kPgsTrial, kDantzig, kNewton, kLemke, kApgd});
  } else if (small && s.lowRank > 0 && !factors && s.nub == 0 && s.frictionRows > 0) {
    appendMessage(m_plan.reason, "A symmetric, n = ", s.n, " <= ", kPivotingRows,
                  ", contacts alone, A = G G^T with r = ", s.lowRank,
                  " (C = 0: singular, redundant contacts): Dantzig's pivoting steps over them");
    add({kDantzig, kNewton, kLemke, kApgd, kPgs});
  } else if (small) {
    fmt::format_to(why,
                   "A symmetric, n = {} <= {}, sparse ({:.2g} of entries nonzero): semismooth "
                   "Newton, sparse factorizations",
                   s.n, kPivotingRows, s.density);
    add({kNewton, kDantzig, kLemke, kApgd, kPgs});
  } else if (s.largestIsland <= kPivotingRows) {
    appendMessage(m_plan.reason, "A symmetric, n = ", s.n, " in ", s.islands,
                  " islands of at most ", s.largestIsland, " <= ", kPivotingRows,
                  " rows: pivoting island by island");
    if (factors) {
      // Each island's rows are a low-rank form of its own bodies (r <= 6 x bodies), planned on
      // its own: bpp on column stacks, then Newton on the island where bpp's pivot budget runs
      // out (one island of 625 on the 30,000-row stack: 0.1 s, where islands:bpp, then
      // islands:dantzig and APGD on the whole took 13 s).
      appendMessage(m_plan.reason, ", each island planned on its own factors");
      add({kIslandsAuto, kApgd, kNncg});
    } else {
      add({kIslandsDantzig, kApgd, kNncg});
    }
  } else if (factors) {
    appendMessage(m_plan.reason, "A symmetric as factors, n = ", s.n, ", largest island ",
                  s.largestIsland, " > ", kPivotingRows,
                  " rows: PGS, then an exact polish in body space");
    add({kPolish, kApgd, kNncg});
  } else {
    fmt::format_to(why,
                   "A symmetric, n = {}, largest island {} > {} rows, density {:.2g}: iterative, "
                   "APGD first (fewest iterations on contact problems)",
                   s.n, s.largestIsland, kPivotingRows, s.density);
    add({kApgd, kNncg, kPgs});
  }
}

void AutoSolver::addStage(int stage) {
  if (std::find(m_order.begin(), m_order.end(), stage) != m_order.end()) return;  // ran first
  m_order.push_back(stage);
  m_plan.stages.push_back(m_stageNames[static_cast<size_t>(stage)]);
}

bool AutoSolver::planFirst(const ProblemView& problem) {
  const int n = problem.size();
  if (!(problem.diagonalA().minCoeff() > 0.0))
    m_first = n <= kPivotingRows ? &m_lemkeFirst : nullptr;
  else if (n < kTinyTrialRows && !(problem.findex.array() >= 0).any())
    m_first = &m_trialFirst;
  else
    m_first = n < kTinyRows ? &m_pivotingFirst : nullptr;
  if (m_first == nullptr) return false;
  m_plan.reason = m_first->reason;
  for (const int stage : m_first->stages) addStage(stage);
  return true;
}

void AutoSolver::describePlan(std::string_view reason,
                              std::span<const int> stages,
                              std::string& message) const {
  using detail::appendMessage;
  appendMessage(message, reason, "; chose ");
  for (size_t k = 0; k < stages.size(); ++k) {
    const auto stage = static_cast<size_t>(stages[k]);
    appendMessage(message, k == 0 ? "" : k == 1 ? ", then " : ", ", m_stageNames[stage]);
    if (m_stageSweeps[stage] > 0) appendMessage(message, " (", m_stageSweeps[stage], " sweeps)");
  }
  appendMessage(message, "; ");
}

bool AutoSolver::runPlanned(const ProblemView& problem,
                            size_t reasonFrom,
                            size_t stageFrom,
                            Eigen::VectorXd& x,
                            SolveReport& report) {
  describePlan(std::string_view(m_plan.reason).substr(reasonFrom),
               std::span<const int>(m_order).subspan(stageFrom), report.message);
  return runStages(problem, stageFrom, x, report);
}

bool AutoSolver::runStages(const ProblemView& problem,
                           size_t stageFrom,
                           Eigen::VectorXd& x,
                           SolveReport& report) {
  for (size_t k = stageFrom; k < m_order.size(); ++k) {
    if (k > stageFrom) detail::appendMessage(report.message, "; ");
    if (m_chain->proceed(problem, matrixVersion(), m_order.data() + k, 1, x, report)) return true;
    if (endsPlan(k, report.message)) return false;
  }
  return false;
}

bool AutoSolver::endsPlan(size_t position, std::string& message) {
  using detail::appendMessage;
  if (!m_endOnStall) return false;
  if (m_order[position] == kNewton) {
    const auto* newton = dynamic_cast<const NewtonSolver*>(&m_chain->stage(kNewton));
    m_stalled = newton != nullptr && newton->statistics().stalled;
  }
  if (!m_stalled) return false;
  const bool dantzigNext = position + 1 < m_order.size() && m_order[position + 1] == kDantzig;
  if (dantzigNext || position + 1 == m_order.size()) return false;
  appendMessage(message,
                "; no answer: newton stalled, so the problem may have no solution (redundant "
                "contacts of a singular A can make it inconsistent); not tried: ");
  for (size_t k = position + 1; k < m_order.size(); ++k)
    appendMessage(message, k > position + 1 ? ", " : "",
                  m_stageNames[static_cast<size_t>(m_order[k])]);
  return true;
}

void AutoSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  report.message.clear();
  m_plan.reason.clear();
  m_plan.stages.clear();
  m_order.clear();
  m_endOnStall = false;
  m_stalled = false;
  m_chain->start(x);
  // The first stages that need no measure of A (O(n) to choose) run before A is measured: where
  // one converges, the rest of the plan is not needed (nor chosen).
  const bool first = planFirst(problem);
  if (first) report.message = m_first->report;
  if (!first || !runStages(problem, 0, x, report)) {
    if (first) {
      m_plan.reason += "; ";
      report.message += "; ";
    }
    const size_t reasonFrom = m_plan.reason.size();
    const size_t stageFrom = m_order.size();
    choosePlan(problem);
    if (!runPlanned(problem, reasonFrom, stageFrom, x, report)) m_chain->finish(x, report);
  }
  if (m_chain->used() >= 0) takeResidualsOf(m_chain->stage(m_chain->used()));
}

}  // namespace mlcp
