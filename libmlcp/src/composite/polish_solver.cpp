#include "composite/stage.hpp"
#include "core/box_projection.hpp"
#include "core/clock.hpp"
#include "core/iterative_capabilities.hpp"
#include "core/report_message.hpp"

#include <mlcp/composite/polish_solver.hpp>
#include <mlcp/core/option_check.hpp>
#include <mlcp/gradient/apgd_solver.hpp>
#include <mlcp/gradient/nncg_solver.hpp>
#include <mlcp/newton/newton_solver.hpp>
#include <mlcp/newton/primal_newton_solver.hpp>
#include <mlcp/pivoting/lemke_solver.hpp>
#include <mlcp/splitting/pgs_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace mlcp {

namespace {

/// PGS tests its residual every this many sweeps: the test costs about half a sweep on the
/// factors (a quarter of the time on the 1000-sphere pile went into it at every sweep).
constexpr int kResidualInterval = 10;

}  // namespace

bool PolishOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("PolishOptions", why);
  check.require(identifyTolerance > 0.0 && identifyTolerance < 1.0, "identifyTolerance",
                identifyTolerance, "0 < identifyTolerance < 1");
  check.require(warmIdentifyTolerance > 0.0 && warmIdentifyTolerance < 1.0, "warmIdentifyTolerance",
                warmIdentifyTolerance, "0 < warmIdentifyTolerance < 1");
  check.require(partitionCheckInterval >= 0, "partitionCheckInterval", partitionCheckInterval,
                "partitionCheckInterval >= 0");
  check.require(stableCeiling >= identifyTolerance && stableCeiling < 1.0, "stableCeiling",
                stableCeiling, "identifyTolerance <= stableCeiling < 1");
  check.require(stallSweeps >= 0, "stallSweeps", stallSweeps, "stallSweeps >= 0");
  check.require(attempts >= 1, "attempts", attempts, "attempts >= 1");
  check.require(polishRounds >= 1, "polishRounds", polishRounds, "polishRounds >= 1");
  check.require(warmShare > 0.0, "warmShare", warmShare, "warmShare > 0");
  check.require(warmChangeLimit >= 0.0 && warmChangeLimit <= 1.0, "warmChangeLimit",
                warmChangeLimit, "0 <= warmChangeLimit <= 1");
  return check.ok();
}

PolishSolver::PolishSolver(const PolishOptions& options) : SolverWithOptions(options) {
  onOptionsChanged(m_options);
}

PolishSolver::~PolishSolver() = default;

void PolishSolver::onOptionsChanged(const PolishOptions& previous) {
  if (!m_first || previous.firstStage != m_options.firstStage) {
    if (m_options.firstStage == FirstStage::Apgd)
      m_first = std::make_unique<ApgdSolver>();
    else if (m_options.firstStage == FirstStage::Nncg)
      m_first = std::make_unique<NncgSolver>();
    else if (m_options.firstStage == FirstStage::NewtonPrimal)
      m_first = std::make_unique<PrimalNewtonSolver>();
    else
      m_first = std::make_unique<PgsSolver>();
  }
  BppOptions bpp;
  bpp.relativeTolerance = m_options.relativeTolerance;
  bpp.absoluteTolerance = m_options.absoluteTolerance;
  bpp.maxIterations = m_options.polishRounds;
  bpp.keepPartition = false;  // every polish starts from PGS's partition
  bpp.abandonGrowth = 2.0;    // a cascade of swaps: PGS was stopped too early
  m_bpp.setOptions(bpp);
  m_stagedVersion = ~std::uint64_t{0};
}

Capabilities PolishSolver::capabilities() const { return detail::iterativeCapabilities(); }

void PolishSolver::doSetup(int) {
  m_stagedVersion = m_newtonVersion = m_lemkeVersion = ~std::uint64_t{0};
}

double PolishSolver::remainingSeconds() const {
  if (m_options.maxSeconds <= 0.0) return 0.0;
  // A positive remainder: 0 would mean no limit.
  return std::max(1e-6, m_options.maxSeconds - (detail::nowSeconds() - m_start));
}

bool PolishSolver::timeLeft() const {
  return m_options.maxSeconds <= 0.0 || remainingSeconds() > 1e-6;
}

void PolishSolver::keepIfBetter(const SolveReport& r,
                                const Eigen::VectorXd& candidate,
                                Eigen::VectorXd& x) {
  const bool answer = detail::isAnswer(r.status) && candidate.allFinite();
  const double figure =
      m_options.stoppingFigure(r.absoluteResidual, r.relativeResidual, r.scaledResidual);
  if (!answer || !(figure < m_best)) return;
  m_best = figure;
  m_bestStatus = r.status;
  x = candidate;
}

Status PolishSolver::polishFrom(const Eigen::VectorXd& start,
                                Eigen::VectorXd& x,
                                SolveReport& report,
                                double seconds) {
  const double before = detail::nowSeconds();
  BppOptions bpp = m_bpp.options();
  const double left = remainingSeconds();
  bpp.maxSeconds = seconds > 0.0 && (left == 0.0 || seconds < left) ? seconds : left;
  m_bpp.setOptions(bpp);
  m_bpp.setInitialGuess(start);
  const SolveReport& polish = m_bpp.solve();
  m_statistics.polishRounds += m_bpp.statistics().rounds;
  m_statistics.factorizations += m_bpp.statistics().factorizations;
  m_statistics.polishSeconds += detail::nowSeconds() - before;
  report.pivots += polish.pivots;
  keepIfBetter(polish, m_bpp.getLambda(), x);
  return polish.status;
}

Status PolishSolver::polishWarm(Eigen::VectorXd& x, SolveReport& report) {
  const double budget = m_options.warmShare * m_identifySeconds;
  const Status polish = polishFrom(x, x, report, budget);
  m_statistics.warmPolished = polish == Status::Converged;
  // Out of its share, not of the solve's time: the first stage takes over.
  return polish == Status::TimeLimit && timeLeft() ? Status::MaxIterations : polish;
}

void PolishSolver::recordWarmChange(const Eigen::VectorXd& x) {
  partitionOf(x, m_answerPartition);
  int changed = 0;
  for (size_t i = 0; i < m_answerPartition.size(); ++i)
    changed += m_answerPartition[i] != m_warmPartition[i];
  m_statistics.warmChangedRows = changed;
  const double rows = static_cast<double>(std::max<size_t>(1, m_answerPartition.size()));
  m_warmChanged = static_cast<double>(changed) / rows;
}

bool PolishSolver::fallbackDue(Status polish) const {
  return !(m_best <= m_options.relativeTolerance) && polish != Status::TimeLimit && timeLeft();
}

void PolishSolver::newtonFrom(const ProblemView& problem, Eigen::VectorXd& x) {
  m_statistics.newtonFallback = true;
  NewtonSolver& newton =
      stageFallback(m_newton, NewtonOptions{}, problem, m_newtonVersion != matrixVersion(), x);
  m_newtonVersion = matrixVersion();
  keepIfBetter(newton.solve(), newton.getLambda(), x);
  m_statistics.factorizations += newton.statistics().factorizations;
}

void PolishSolver::lemkeFrom(const ProblemView& problem, Eigen::VectorXd& x) {
  m_statistics.lemkeFallback = true;
  LemkeSolver& lemke =
      stageFallback(m_lemke, LemkeOptions{}, problem, m_lemkeVersion != matrixVersion(), x);
  m_lemkeVersion = matrixVersion();
  keepIfBetter(lemke.solve(), lemke.getLambda(), x);
}

template <class Solver, class Options>
Solver& PolishSolver::stageFallback(std::unique_ptr<Solver>& solver,
                                    Options options,
                                    const ProblemView& problem,
                                    bool restage,
                                    const Eigen::VectorXd& x) {
  options.relativeTolerance = m_options.relativeTolerance;
  options.absoluteTolerance = m_options.absoluteTolerance;
  options.maxSeconds = remainingSeconds();
  if (!solver) solver = std::make_unique<Solver>();
  solver->setOptions(options);
  detail::stageProblem(problem, restage, *solver);
  solver->setInitialGuess(x);
  return *solver;
}

void PolishSolver::configureFirstStage(int iterations, double tolerance) {
  const auto common = [&](SolverOptions& o) {
    o.maxIterations = iterations;
    o.absoluteTolerance = m_options.absoluteTolerance;
    o.relativeTolerance = std::max(tolerance, m_options.relativeTolerance);
    o.maxSeconds = remainingSeconds();
  };
  if (auto* apgd = dynamic_cast<ApgdSolver*>(m_first.get())) {
    ApgdOptions o;
    common(o);
    apgd->setOptions(o);
  } else if (auto* primal = dynamic_cast<PrimalNewtonSolver*>(m_first.get())) {
    PrimalNewtonOptions o;  // its own step budget: `iterations` counts PGS sweeps
    o.absoluteTolerance = m_options.absoluteTolerance;
    o.relativeTolerance = std::max(tolerance, m_options.relativeTolerance);
    o.maxSeconds = remainingSeconds();
    primal->setOptions(o);
  } else if (auto* nncg = dynamic_cast<NncgSolver*>(m_first.get())) {
    NncgOptions o;
    common(o);
    o.residualInterval = kResidualInterval;
    nncg->setOptions(o);
  } else {
    PgsOptions o;
    common(o);
    o.residualInterval = kResidualInterval;
    static_cast<PgsSolver&>(*m_first).setOptions(o);
  }
}

void PolishSolver::partitionOf(const Eigen::VectorXd& x,
                               std::vector<std::int8_t>& partition) const {
  const ProblemView& problem = *m_problem;
  partition.resize(static_cast<size_t>(problem.size()));
  for (int i = 0; i < problem.size(); ++i) {
    double l = 0.0;
    double u = 0.0;
    detail::rowBounds(problem, x, i, l, u);
    partition[static_cast<size_t>(i)] = x[i] <= l ? -1 : (x[i] >= u ? 1 : 0);
  }
}

bool PolishSolver::partitionIsStable(const SolveReport& last) {
  partitionOf(m_first->getLambda(), m_check);
  const bool stable = m_check == m_lastCheck && m_check != m_polished &&
                      last.relativeResidual <= m_options.stableCeiling;
  std::swap(m_check, m_lastCheck);
  return stable;
}

const SolveReport& PolishSolver::identify(double tolerance, Eigen::VectorXd& x) {
  const int interval = m_options.partitionCheckInterval;
  const int stall = m_options.stallSweeps;
  const int step = interval > 0 ? interval : (stall > 0 ? std::max(1, stall / 4) : 0);
  const double before = detail::nowSeconds();
  const SolveReport* last = nullptr;
  m_lastCheck.clear();
  double reference = std::numeric_limits<double>::infinity();  // the last halved figure
  int referenceDone = 0;
  for (int done = 0; done < m_options.maxIterations;) {
    const int chunk =
        step > 0 ? std::min(step, m_options.maxIterations - done) : m_options.maxIterations;
    configureFirstStage(chunk, tolerance);
    last = &m_first->solve();
    m_statistics.sweeps += last->iterations;
    done += std::max(last->iterations, 1);
    keepIfBetter(*last, m_first->getLambda(), x);
    if (step == 0 || last->status != Status::MaxIterations) break;
    m_first->setInitialGuess(m_first->getLambda());  // go on from its own iterate
    if (interval > 0 && partitionIsStable(*last)) {
      ++m_statistics.stableStops;
      break;
    }
    const double figure = m_options.stoppingFigure(last->absoluteResidual, last->relativeResidual,
                                                   last->scaledResidual);
    if (figure <= 0.5 * reference) {
      reference = figure;
      referenceDone = done;
    } else if (stall > 0 && done - referenceDone >= stall) {
      ++m_statistics.stalls;
      break;
    }
  }
  m_statistics.firstOrderSeconds += detail::nowSeconds() - before;
  return *last;
}

void PolishSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  m_statistics = {};
  m_start = detail::nowSeconds();
  m_best = std::numeric_limits<double>::infinity();
  m_bestStatus = Status::MaxIterations;
  m_problem = &problem;
  m_polished.clear();
  const bool newMatrix = m_stagedVersion != matrixVersion();
  detail::stageProblem(problem, newMatrix, *m_first);
  detail::stageProblem(problem, newMatrix, m_bpp);
  m_stagedVersion = matrixVersion();
  m_first->setInitialGuess(x);
  // A warm start (the previous step's answer) is polished first where the last one's partition
  // held in all but a few rows; otherwise the first stage starts from it.
  const bool warm = !x.isZero(0.0);
  if (warm) partitionOf(x, m_warmPartition);
  m_statistics.warmSkipped = warm && m_warmChanged > m_options.warmChangeLimit;
  Status polish = !warm || m_statistics.warmSkipped ? Status::NotSolved : polishWarm(x, report);
  bool polishable = polish != Status::Unsupported;  // bpp takes the problem
  double tolerance = warm ? m_options.warmIdentifyTolerance : m_options.identifyTolerance;
  for (int attempt = 0;
       attempt < m_options.attempts && polish != Status::Converged && polish != Status::TimeLimit;
       ++attempt) {
    ++m_statistics.attempts;
    if (!polishable) tolerance = m_options.relativeTolerance;  // the first stage to the end
    const int stalls = m_statistics.stalls;
    const SolveReport& first = identify(tolerance, x);
    if (!polishable ||
        m_options.accepts(first.absoluteResidual, first.relativeResidual, first.scaledResidual) ||
        first.status == Status::TimeLimit)
      break;
    if (m_options.partitionCheckInterval > 0) partitionOf(m_first->getLambda(), m_polished);
    polish = polishFrom(m_first->getLambda(), x, report);
    polishable = polish != Status::Unsupported;
    m_first->setInitialGuess(m_first->getLambda());  // the first stage goes on from its iterate
    if (m_statistics.stalls == stalls) tolerance *= 0.1;  // a stalled stage would not reach it
  }
  if (m_statistics.attempts > 0) m_identifySeconds = m_statistics.firstOrderSeconds;
  if (m_options.newtonFallback && fallbackDue(polish)) newtonFrom(problem, x);
  if (m_options.lemkeFallback && fallbackDue(polish) && problem.size() <= LemkeOptions{}.maxRows)
    lemkeFrom(problem, x);
  report.iterations = m_statistics.sweeps + m_statistics.polishRounds;
  // m_best is infinite when an absolute tolerance is set and missed.
  if (m_best <= m_options.relativeTolerance)
    report.status = Status::Converged;
  else
    report.status = m_bestStatus == Status::Converged ? Status::Inaccurate : m_bestStatus;
  detail::setMessage(
      report.message,
      FMT_COMPILE(
          "{}{} attempts: {} first-stage iterations ({:.3g} s{}), {} bpp rounds ({:.3g} s); last "
          "polish: {} ({}){}{}; best max(scaled, relative) residual {:.3g}"),
      m_statistics.warmSkipped
          ? fmt::format("warm start not polished (the last one's partition changed in {:.3g} % of "
                        "the rows); ",
                        100.0 * m_warmChanged)
          : std::string(),
      m_statistics.attempts, m_statistics.sweeps, m_statistics.firstOrderSeconds,
      m_statistics.stalls > 0 ? fmt::format(", {} stalled", m_statistics.stalls) : std::string(),
      m_statistics.polishRounds, m_statistics.polishSeconds, m_bpp.report().status,
      m_bpp.report().message,
      m_statistics.newtonFallback ? fmt::format("; then newton: {} ({})", m_newton->report().status,
                                                m_newton->report().message)
                                  : std::string(),
      m_statistics.lemkeFallback ? fmt::format("; then lemke: {} ({})", m_lemke->report().status,
                                               m_lemke->report().message)
                                 : std::string(),
      m_best);
  if (warm) recordWarmChange(x);  // after the message, which tells the last change
}

const OptionTable<PolishOptions>& PolishOptions::table() {
  static const OptionTable<PolishOptions> table(commonOptionFields<PolishOptions>(
      {choice<PolishOptions>("first_stage", &PolishOptions::firstStage,
                             {{"pgs", FirstStage::Pgs},
                              {"apgd", FirstStage::Apgd},
                              {"nncg", FirstStage::Nncg},
                              {"newton-primal", FirstStage::NewtonPrimal}},
                             "First-order method that identifies the partition"),
       option<PolishOptions>("identify_tolerance", &PolishOptions::identifyTolerance,
                             "0 < identify_tolerance < 1",
                             "Relative residual at which the first stage hands over"),
       option<PolishOptions>("warm_identify_tolerance", &PolishOptions::warmIdentifyTolerance,
                             "0 < warm_identify_tolerance < 1",
                             "The same for a solve given a warm start"),
       option<PolishOptions>("partition_check_interval", &PolishOptions::partitionCheckInterval,
                             ">= 0 (0: no check)",
                             "First-stage iterations between checks of a stable partition"),
       option<PolishOptions>("stable_ceiling", &PolishOptions::stableCeiling,
                             "identify_tolerance <= stable_ceiling < 1",
                             "Relative residual above which a stable partition is not trusted"),
       option<PolishOptions>("stall_sweeps", &PolishOptions::stallSweeps, ">= 0 (0: off)",
                             "First-stage iterations without the residual halving after which "
                             "it stops as stalled"),
       option<PolishOptions>("attempts", &PolishOptions::attempts, ">= 1", "PGS-then-bpp attempts"),
       option<PolishOptions>("polish_rounds", &PolishOptions::polishRounds, ">= 1",
                             "bpp rounds per attempt"),
       option<PolishOptions>("warm_share", &PolishOptions::warmShare, "> 0",
                             "Share of the last identification's time for a warm polish"),
       option<PolishOptions>("warm_change_limit", &PolishOptions::warmChangeLimit,
                             "0 <= warm_change_limit <= 1",
                             "Share of rows the last warm start may have had in another state "
                             "for this one to be polished first"),
       option<PolishOptions>("newton_fallback", &PolishOptions::newtonFallback, "",
                             "Semismooth Newton from the best answer when every polish missed"),
       option<PolishOptions>("lemke_fallback", &PolishOptions::lemkeFallback, "",
                             "Lemke's method after Newton on up to 1000 rows")}));
  return table;
}

}  // namespace mlcp
