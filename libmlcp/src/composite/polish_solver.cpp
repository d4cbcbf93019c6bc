#include "composite/stage.hpp"
#include "core/clock.hpp"
#include "core/iterative_capabilities.hpp"
#include "core/report_message.hpp"

#include <mlcp/composite/polish_solver.hpp>
#include <mlcp/core/option_check.hpp>

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
  check.require(attempts >= 1, "attempts", attempts, "attempts >= 1");
  check.require(polishRounds >= 1, "polishRounds", polishRounds, "polishRounds >= 1");
  return check.ok();
}

PolishSolver::PolishSolver(const PolishOptions& options) { setOptions(options); }

PolishSolver::~PolishSolver() = default;

void PolishSolver::setOptions(const PolishOptions& options) {
  requireValid(options);
  m_options = options;
  BppOptions bpp;
  bpp.relativeTolerance = options.relativeTolerance;
  bpp.absoluteTolerance = options.absoluteTolerance;
  bpp.maxIterations = options.polishRounds;
  bpp.keepPartition = false;  // every polish starts from PGS's partition
  bpp.abandonGrowth = 2.0;    // a cascade of swaps: PGS was stopped too early
  m_bpp.setOptions(bpp);
  m_stagedVersion = ~std::uint64_t{0};
}

Capabilities PolishSolver::capabilities() const { return detail::iterativeCapabilities(); }

void PolishSolver::doSetup(int) { m_stagedVersion = ~std::uint64_t{0}; }

double PolishSolver::remainingSeconds() const {
  if (m_options.maxSeconds <= 0.0) return 0.0;
  // A positive remainder: 0 would mean no limit.
  return std::max(1e-6, m_options.maxSeconds - (detail::nowSeconds() - m_start));
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
                                SolveReport& report) {
  const double before = detail::nowSeconds();
  BppOptions bpp = m_bpp.options();
  bpp.maxSeconds = remainingSeconds();
  m_bpp.setOptions(bpp);
  m_bpp.setInitialGuess(start);
  const SolveReport& polish = m_bpp.solve();
  m_statistics.polishRounds += m_bpp.statistics().rounds;
  m_statistics.polishSeconds += detail::nowSeconds() - before;
  report.pivots += polish.pivots;
  keepIfBetter(polish, m_bpp.getLambda(), x);
  return polish.status;
}

void PolishSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  m_statistics = {};
  m_start = detail::nowSeconds();
  m_best = std::numeric_limits<double>::infinity();
  m_bestStatus = Status::MaxIterations;
  const bool newMatrix = m_stagedVersion != matrixVersion();
  detail::stageProblem(problem, newMatrix, m_pgs);
  detail::stageProblem(problem, newMatrix, m_bpp);
  m_stagedVersion = matrixVersion();
  m_pgs.setInitialGuess(x);
  // A warm start (the previous step's answer) is polished first: its partition is often right.
  Status polish = x.isZero(0.0) ? Status::NotSolved : polishFrom(x, x, report);
  bool polishable = polish != Status::Unsupported;  // bpp takes the problem
  PgsOptions pgs;
  pgs.maxIterations = m_options.maxIterations;
  pgs.absoluteTolerance = m_options.absoluteTolerance;
  pgs.residualInterval = kResidualInterval;
  double tolerance = m_options.identifyTolerance;
  for (int attempt = 0;
       attempt < m_options.attempts && polish != Status::Converged && polish != Status::TimeLimit;
       ++attempt) {
    ++m_statistics.attempts;
    if (!polishable) tolerance = m_options.relativeTolerance;  // PGS alone to the end
    const double before = detail::nowSeconds();
    pgs.relativeTolerance = std::max(tolerance, m_options.relativeTolerance);
    pgs.maxSeconds = remainingSeconds();
    m_pgs.setOptions(pgs);
    const SolveReport& first = m_pgs.solve();
    m_statistics.sweeps += first.iterations;
    m_statistics.firstOrderSeconds += detail::nowSeconds() - before;
    keepIfBetter(first, m_pgs.getLambda(), x);
    if (!polishable ||
        m_options.accepts(first.absoluteResidual, first.relativeResidual, first.scaledResidual) ||
        first.status == Status::TimeLimit)
      break;
    polish = polishFrom(m_pgs.getLambda(), x, report);
    polishable = polish != Status::Unsupported;
    m_pgs.setInitialGuess(m_pgs.getLambda());  // PGS goes on from its own iterate
    tolerance *= 0.1;
  }
  report.iterations = m_statistics.sweeps + m_statistics.polishRounds;
  // m_best is infinite when an absolute tolerance is set and missed.
  if (m_best <= m_options.relativeTolerance)
    report.status = Status::Converged;
  else
    report.status = m_bestStatus == Status::Converged ? Status::Inaccurate : m_bestStatus;
  detail::setMessage(report.message,
                     "{} attempts: {} PGS sweeps ({:.3g} s), {} bpp rounds ({:.3g} s); last "
                     "polish: {} ({}); best max(scaled, relative) residual {:.3g}",
                     m_statistics.attempts, m_statistics.sweeps, m_statistics.firstOrderSeconds,
                     m_statistics.polishRounds, m_statistics.polishSeconds, m_bpp.report().status,
                     m_bpp.report().message, m_best);
}

const OptionTable<PolishOptions>& PolishOptions::table() {
  static const OptionTable<PolishOptions> table(commonOptionFields<PolishOptions>(
      {option<PolishOptions>("identify_tolerance", &PolishOptions::identifyTolerance,
                             "0 < identify_tolerance < 1",
                             "Relative residual at which PGS hands over"),
       option<PolishOptions>("attempts", &PolishOptions::attempts, ">= 1", "PGS-then-bpp attempts"),
       option<PolishOptions>("polish_rounds", &PolishOptions::polishRounds, ">= 1",
                             "bpp rounds per attempt")}));
  return table;
}

}  // namespace mlcp
