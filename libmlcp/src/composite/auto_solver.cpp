#include "composite/problem_structure.hpp"
#include "composite/solver_chain.hpp"
#include "core/iterative_capabilities.hpp"

#include <mlcp/composite/auto_solver.hpp>
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

/// The stages choosePlan() names, registered (not made) with the constructor, so that choosing a
/// plan only looks them up.
constexpr std::array<PlannedStage, 11> kPlannedStages{{{"lemke"},
                                                       {"newton"},
                                                       {"dantzig"},
                                                       {"apgd"},
                                                       {"pgs"},
                                                       {"nncg"},
                                                       {"pgs-sm"},
                                                       {"bpp"},
                                                       {"polish"},
                                                       {"pgs", AutoSolver::kTrialSweeps},
                                                       {"islands:dantzig"}}};

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
  constexpr size_t kStages = 6, kReason = 256;
  m_plan.stages.reserve(kStages);
  m_order.reserve(kStages);
  m_stageNames.reserve(kPlannedStages.size());
  m_stageSweeps.reserve(kPlannedStages.size());
  m_chain->reserve(static_cast<int>(kPlannedStages.size()));
  m_reason.reserve(kReason);
  m_plan.reason.reserve(kReason);
  for (const PlannedStage& stage : kPlannedStages) stageIndex(stage.name, stage.sweeps);
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

void AutoSolver::doSetup(int n) {
  m_chain->resize(n);
  m_probe->reserve(n);
  // The first stages of the plans for this n are made and sized with the workspace (for
  // n < kTinyRows, where a solve takes a microsecond or two, less than making a solver and sizing
  // it; above, newton's, bpp's and PGS's workspaces are O(n)), so a first solve pays for none.
  static constexpr std::array<PlannedStage, 3> kTiny{{{"dantzig"}, {"lemke"}, {"newton"}}};
  static constexpr std::array<PlannedStage, 3> kSmall{{{"newton"}, {"bpp"}, {"pgs", kTrialSweeps}}};
  using Stages = std::span<const PlannedStage>;
  const Stages first = n < kTinyRows        ? Stages(kTiny)
                       : n <= kPivotingRows ? Stages(kSmall)
                                            : Stages();
  for (const PlannedStage& stage : first) m_chain->prepare(stageIndex(stage.name, stage.sweeps), n);
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
        return makeSolver(m_stageNames[k], settings);
      },
      std::move(onNewMatrix));
}

void AutoSolver::choosePlan(const ProblemView& problem) {
  const detail::ProblemStructure& s = m_probe->measure(problem, matrixVersion(), kPivotingRows);
  const bool small = s.n <= kPivotingRows;
  const bool tiny = s.n < kTinyRows;
  const bool factors = s.form == MatrixForm::Factors;
  // The plan as literals and the reason formatted into kept storage: nothing allocates unless
  // the plan changes.
  std::array<PlannedStage, 6> stages{};
  int count = 0;
  auto add = [&](std::initializer_list<PlannedStage> planned) {
    for (const PlannedStage& stage : planned) stages[static_cast<size_t>(count++)] = stage;
  };
  m_reason.clear();
  auto why = std::back_inserter(m_reason);
  if (!s.symmetric && !s.rowScaledSymmetric) {
    fmt::format_to(why, "A is not symmetric ({}): Lemke takes any A", s.asymmetry);
    if (small) add({{"lemke"}, {"newton"}});
    add({{"pgs"}, {"nncg"}});
  } else if (s.rowScaledSymmetric) {
    fmt::format_to(why,
                   "A is a row scaling of a symmetric matrix: Dantzig needs A symmetric, APGD "
                   "and PGS-SM equilibrate the rows");
    if (small) add({{"lemke"}, {"newton"}});
    add({{"apgd"}, {"pgs-sm"}, {"nncg"}});
  } else if (!s.positiveDiagonal) {
    fmt::format_to(why,
                   "A symmetric with a diagonal entry <= 0: the iterative methods need A_ii > 0");
    if (small) add({{"lemke"}, {"newton"}});
    add({{"dantzig"}, {"pgs"}});
  } else if (tiny) {
    fmt::format_to(why, "A symmetric, n = {} < {}: exact pivoting", s.n, kTinyRows);
    add({{"dantzig"}, {"newton"}, {"lemke"}, {"apgd"}, {"pgs"}});
  } else if (small &&
             ((s.lowRankRegularized && s.lowRank <= detail::StructureProbe::maxFoundRank(s.n)) ||
              (factors && 2 * s.lowRank <= s.n))) {
    fmt::format_to(why, "A symmetric, n = {} <= {}, low-rank form with r = {} (", s.n,
                   kPivotingRows, s.lowRank);
    if (factors)
      fmt::format_to(why, "the factors, <= n / 2");
    else if (4 * s.lowRank <= s.n)
      fmt::format_to(why, "found in A, C > 0, <= n / 4");
    else
      fmt::format_to(why, "found in A, C > 0, <= n / 2 and <= {}",
                     detail::StructureProbe::kSmallRank);
    fmt::format_to(why, "): pivoting in the bodies' space");
    add({{"bpp"}, {"newton"}, {"dantzig"}, {"lemke"}, {"apgd"}, {"pgs"}});
  } else if (small && factors) {
    fmt::format_to(why,
                   "A symmetric as factors, n = {} <= {}, r = {} > n / 2 (a pile): PGS, then an "
                   "exact polish in body space",
                   s.n, kPivotingRows, s.lowRank);
    add({{"polish"}, {"newton"}, {"dantzig"}, {"lemke"}, {"apgd"}, {"pgs"}});
  } else if (small && s.density >= detail::StructureProbe::kDenseDensity) {
    fmt::format_to(why,
                   "A symmetric, n = {} <= {}, dense ({:.2g} of entries nonzero): a PGS trial "
                   "of {} sweeps costs under a tenth of pivoting",
                   s.n, kPivotingRows, s.density, kTrialSweeps);
    add({{"pgs", kTrialSweeps}, {"dantzig"}, {"newton"}, {"lemke"}, {"apgd"}});
  } else if (small) {
    fmt::format_to(why,
                   "A symmetric, n = {} <= {}, sparse ({:.2g} of entries nonzero): semismooth "
                   "Newton, sparse factorizations",
                   s.n, kPivotingRows, s.density);
    add({{"newton"}, {"dantzig"}, {"lemke"}, {"apgd"}, {"pgs"}});
  } else if (s.largestIsland <= kPivotingRows) {
    fmt::format_to(why,
                   "A symmetric, n = {} in {} islands of at most {} <= {} rows: pivoting island "
                   "by island",
                   s.n, s.islands, s.largestIsland, kPivotingRows);
    add({{"islands:dantzig"}, {"apgd"}, {"nncg"}});
  } else if (factors) {
    fmt::format_to(why,
                   "A symmetric as factors, n = {}, largest island {} > {} rows: PGS, then an "
                   "exact polish in body space",
                   s.n, s.largestIsland, kPivotingRows);
    add({{"polish"}, {"apgd"}, {"nncg"}});
  } else {
    fmt::format_to(why,
                   "A symmetric, n = {}, largest island {} > {} rows, density {:.2g}: iterative, "
                   "APGD first (fewest iterations on contact problems)",
                   s.n, s.largestIsland, kPivotingRows, s.density);
    add({{"apgd"}, {"nncg"}, {"pgs"}});
  }
  std::array<int, 6> order{};
  for (int k = 0; k < count; ++k) {
    const PlannedStage& stage = stages[static_cast<size_t>(k)];
    order[static_cast<size_t>(k)] = stageIndex(stage.name, stage.sweeps);
  }
  if (!std::equal(order.begin(), order.begin() + count, m_order.begin(), m_order.end())) {
    m_plan.stages.clear();
    m_order.assign(order.begin(), order.begin() + count);
    for (const int k : m_order) m_plan.stages.push_back(m_stageNames[static_cast<size_t>(k)]);
  }
  if (m_plan.reason != m_reason) m_plan.reason = m_reason;
}

void AutoSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  choosePlan(problem);
  report.message.clear();
  auto out = std::back_inserter(report.message);
  fmt::format_to(out, "{}; chose ", m_plan.reason);
  for (size_t k = 0; k < m_order.size(); ++k) {
    const auto stage = static_cast<size_t>(m_order[k]);
    fmt::format_to(out, "{}{}", k == 0 ? "" : k == 1 ? ", then " : ", ", m_stageNames[stage]);
    if (m_stageSweeps[stage] > 0) fmt::format_to(out, " ({} sweeps)", m_stageSweeps[stage]);
  }
  fmt::format_to(out, "; ");
  m_chain->run(problem, matrixVersion(), m_order.data(), static_cast<int>(m_order.size()), x,
               report);
}

}  // namespace mlcp
