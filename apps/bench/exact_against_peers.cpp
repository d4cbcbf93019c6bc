#include "exact_against_peers.hpp"

#include "bench_solvers.hpp"
#include "bench_timing.hpp"
#include "peer_tables.hpp"

#include <mlcp/compare/isolated_run.hpp>
#include <mlcp/core/factors.hpp>
#include <mlcp/core/low_rank_form.hpp>
#include <mlcp/core/solver_factory.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <sys/resource.h>

namespace mlcp::bench {

namespace {

/// Exact: both the scaled and the relative natural-map residual at or below this.
constexpr double kExact = 1e-8;
/// Tolerance asked of our solvers in the timed solves.
constexpr double kAsked = 1e-9;
/// The no-floor check on CFM-free problems: asked this, it must reach kNoFloor.
constexpr double kAskedNoFloor = 1e-11;
constexpr double kNoFloor = 1e-10;
/// Our goal: at most this multiple of the faster peer's median time.
constexpr double kGoalRatio = 0.5;
/// Dense methods (O(n^3)) are not run above this many rows.
constexpr int kDenseRows = 5000;

/// One solver's timing on one problem.
struct Timing {
  bool ran = false;      ///< false: not run (a dense method above kDenseRows)
  bool limited = false;  ///< a peer's solve ended at the time limit (no time measured)
  double median = 0.0;   ///< unit: s
  int repeats = 0;
  Status status = Status::NotSolved;
  double scaled = 0.0, relative = 0.0;
  bool exact() const {
    return ran && !limited && status == Status::Converged && scaled <= kExact && relative <= kExact;
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size();
  return m % 2 == 1 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
}

/// True while another repeat fits: under the budget, the repeat count and half the limit.
bool repeatAgain(const std::vector<double>& samples, const ExactSectionOptions& options) {
  double spent = 0.0;
  for (const double s : samples) spent += s;
  const double longest = *std::max_element(samples.begin(), samples.end());
  return spent < options.budgetSeconds && static_cast<int>(samples.size()) < options.maxRepeats &&
         spent + longest < 0.5 * options.limitSeconds;
}

/// A new solver `name` holding `problem`, asked for `tolerance` within the section's time limit.
std::unique_ptr<MixedLCP> coldSolver(const std::string& name,
                                     const Problem& problem,
                                     double tolerance,
                                     const ExactSectionOptions& options) {
  SolverSettings settings;
  settings.relativeTolerance = tolerance;
  settings.maxSeconds = options.limitSeconds;
  std::unique_ptr<MixedLCP> solver = makeSolver(name, settings);
  solver->setProblem(problem);
  return solver;
}

/// Cold solves of ours: a new solver each repeat (nothing kept from the solve before), CPU time
/// of solve() alone.
Timing timeOurs(const std::string& name,
                const Problem& problem,
                const ExactSectionOptions& options) {
  Timing timing;
  std::vector<double> samples;
  do {
    std::unique_ptr<MixedLCP> solver = coldSolver(name, problem, kAsked, options);
    const double start = threadSeconds();
    const SolveReport& report = solver->solve();
    samples.push_back(threadSeconds() - start);
    timing.status = report.status;
    timing.scaled = report.scaledResidual;
    timing.relative = report.relativeResidual;
  } while (repeatAgain(samples, options));
  timing.ran = true;
  timing.median = median(samples);
  timing.repeats = static_cast<int>(samples.size());
  return timing;
}

/// CPU time of the finished child processes so far (unit: s).
double childrenSeconds() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

/// The peer's solves in a process of their own, ended after the time limit (wall time). A solve
/// ended there gets the CPU time its process spent as its time: a lower bound of the solve's.
Timing timePeer(const std::string& name, const Problem& dense, const ExactSectionOptions& options) {
  std::unique_ptr<MixedLCP> solver = makeSolver(name);
  solver->setProblem(dense);
  compare::RunRecord ended;
  ended.status = Status::TimeLimit;
  ended.repeats = 0;
  const double childStart = childrenSeconds();
  const compare::RunRecord record = compare::runIsolated(
      [&]() {
        std::vector<double> samples;
        do {
          solver->clearInitialGuess();
          const double start = threadSeconds();
          solver->solve();
          samples.push_back(threadSeconds() - start);
        } while (repeatAgain(samples, options));
        compare::RunRecord r;
        r.status = solver->report().status;
        r.residualScaled = solver->report().scaledResidual;
        r.residualRelative = solver->report().relativeResidual;
        r.repeats = static_cast<int>(samples.size());
        r.timeMicroseconds = 1e6 * median(samples);
        return r;
      },
      options.limitSeconds, ended);
  Timing timing;
  timing.ran = true;
  timing.limited = record.repeats == 0;
  timing.median = timing.limited ? childrenSeconds() - childStart : 1e-6 * record.timeMicroseconds;
  timing.repeats = record.repeats;
  timing.status = record.status;
  timing.scaled = record.residualScaled;
  timing.relative = record.residualRelative;
  return timing;
}

/// True when A = G G^T + diag(C) with C = 0: the factors' cfm, or the form found in A.
bool cfmFree(const Problem& problem) {
  if (problem.A.form() == MatrixForm::Factors) return problem.A.factors().cfm.maxCoeff() <= 0.0;
  const std::optional<LowRankForm> form = findLowRankForm(problem.A);
  return form && form->C.maxCoeff() <= 0.0;
}

/// max(scaled, relative) reached when kAskedNoFloor is asked.
double floorReached(const std::string& name,
                    const Problem& problem,
                    const ExactSectionOptions& options) {
  std::unique_ptr<MixedLCP> solver = coldSolver(name, problem, kAskedNoFloor, options);
  const SolveReport& report = solver->solve();
  return std::max(report.scaledResidual, report.relativeResidual);
}

/// The faster peer's time (the limit when every peer hit it), and whether it is a bound.
struct PeerTime {
  double seconds = 0.0;
  bool bound = false;  ///< every peer hit the limit: the time is more than `seconds`
};

std::optional<PeerTime> fasterPeer(const std::vector<Timing>& peers) {
  std::optional<PeerTime> best;
  for (const Timing& t : peers)
    if (t.ran && (!best || t.median < best->seconds || (best->bound && !t.limited)))
      best = PeerTime{t.median, t.limited};
  return best;
}

std::string statusText(Status status) {
  return status == Status::Converged ? "" : fmt::format("{} ", status);
}

std::string peerCell(const Timing& t) {
  if (!t.ran) return "—";
  if (t.limited) return fmt::format("> {}", formatSeconds(t.median));
  return fmt::format("{}{} · {:.1e}", statusText(t.status), formatSeconds(t.median), t.relative);
}

/// Per solver over the problems: ratios (log-summed), exact answers, goals met.
struct Tally {
  double logSum = 0.0;
  int ratios = 0, bounds = 0, exact = 0, met = 0, problems = 0;
};

std::string oursCell(const Timing& t, const std::optional<PeerTime>& peer, Tally& tally) {
  ++tally.problems;
  if (!t.ran) return fmt::format("not run (dense, n > {})", kDenseRows);
  tally.exact += t.exact() ? 1 : 0;
  std::string ratio;
  bool fast = false;
  if (peer) {
    const double r = t.median / peer->seconds;
    tally.logSum += std::log(r);
    ++tally.ratios;
    tally.bounds += peer->bound ? 1 : 0;
    fast = r <= kGoalRatio;
    ratio = fmt::format(" {}×{:.2f}", peer->bound ? "<" : "", r);
  }
  const bool met = fast && t.exact();
  tally.met += met ? 1 : 0;
  return fmt::format("{} {}{}{} · {:.0e}/{:.0e}", met ? "✓" : "✗", statusText(t.status),
                     formatSeconds(t.median), ratio, t.scaled, t.relative);
}

std::string header(const std::vector<std::string>& names) {
  std::string line = "| problem | n |";
  std::string rule = "|---|--:|";
  for (const std::string& name : names) {
    line += fmt::format(" {} |", name);
    rule += "---|";
  }
  return line + "\n" + rule + "\n";
}

std::string verdict(const std::vector<std::string>& solvers, const std::vector<Tally>& tallies) {
  std::string out;
  std::vector<std::string> meeting;
  for (size_t s = 0; s < solvers.size(); ++s) {
    const Tally& t = tallies[s];
    const double mean = t.ratios > 0 ? std::exp(t.logSum / t.ratios) : std::nan("");
    const bool all = t.met == t.problems && t.problems > 0 && mean <= kGoalRatio;
    if (all) meeting.push_back(solvers[s]);
    out += fmt::format(
        "- {}: exact on {} of {}, exact in ≤ {}× on {}; geometric mean of the ratios ×{:.2f} over "
        "{}{}.\n",
        solvers[s], t.exact, t.problems, kGoalRatio, t.met, mean, t.ratios,
        t.bounds > 0 ? fmt::format(" ({} of them upper bounds: both peers at the limit)", t.bounds)
                     : "");
  }
  out += fmt::format(
      "\nVerdict: {}.\n",
      meeting.empty()
          ? fmt::format("no solver is exact in ≤ {}× on every problem and in the geometric mean",
                        kGoalRatio)
          : fmt::format("exact in ≤ {}× on every problem and in the geometric mean: {}", kGoalRatio,
                        fmt::join(meeting, ", ")));
  return out;
}

}  // namespace

std::string exactAgainstPeers(const std::vector<BenchProblem>& problems,
                              const ExactSectionOptions& options) {
  const std::vector<std::string> registered = solverNames();
  std::vector<std::string> peers;
  for (const std::string& name : options.peers)
    if (std::find(registered.begin(), registered.end(), name) != registered.end())
      peers.push_back(name);
  std::vector<std::string> columns = peers;
  columns.insert(columns.end(), options.solvers.begin(), options.solvers.end());
  std::string table = header(columns);
  std::string floorTable = header(options.solvers);
  std::vector<Tally> tallies(options.solvers.size());
  for (const BenchProblem& p : problems) {
    const int n = p.problem.size();
    const Problem dense = inForm(p.problem, MatrixForm::Dense);
    std::vector<Timing> peerTimes;
    std::string line = fmt::format("| {} | {} |", p.label, n);
    for (const std::string& name : peers) {
      peerTimes.push_back(timePeer(name, dense, options));
      line += fmt::format(" {} |", peerCell(peerTimes.back()));
    }
    const std::optional<PeerTime> peer = fasterPeer(peerTimes);
    const bool noFloor = cfmFree(p.problem);
    std::string floorLine = fmt::format("| {} | {} |", p.label, n);
    for (size_t s = 0; s < options.solvers.size(); ++s) {
      const std::string& name = options.solvers[s];
      const bool skip = n > kDenseRows && makeSolver(name)->capabilities().denseA;
      const Timing t = skip ? Timing{} : timeOurs(name, p.problem, options);
      line += fmt::format(" {} |", oursCell(t, peer, tallies[s]));
      if (!noFloor) continue;
      const double reached = skip ? std::nan("") : floorReached(name, p.problem, options);
      floorLine += fmt::format(" {} {:.1e} |", reached <= kNoFloor ? "✓" : "✗", reached);
    }
    table += line + "\n";
    if (noFloor) floorTable += floorLine + "\n";
    std::fflush(stdout);
  }
  return fmt::format(
      "Median CPU time of a cold solve (a new solver each time; ours asked for a relative "
      "tolerance of {:g}, all with a time limit of {} wall time: a peer's solve runs in a "
      "process of its own, ended at the limit: '> T', T the CPU time it had spent), the peers on "
      "the assembled dense A, ours on the "
      "problem's own form (the generated ones as factors J, M^-1, cfm); peers: status, time · "
      "relative residual; ours: goal (✓: exact, scaled and relative residual ≤ {:g}, in ≤ {}× "
      "the faster peer's median), status, time, ratio to the faster peer ('<': both peers were "
      "ended, the ratio is a bound) · scaled/relative residual.\n\n{}\n{}\n"
      "### No floor: the CFM-free problems asked for {:g}\n\nmax(scaled, relative) residual "
      "reached; goal ≤ {:g}.\n\n{}",
      kAsked, formatSeconds(options.limitSeconds), kExact, kGoalRatio, table,
      verdict(options.solvers, tallies), kAskedNoFloor, kNoFloor, floorTable);
}

}  // namespace mlcp::bench
