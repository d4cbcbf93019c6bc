#include <mlcp/compare/applicability.hpp>
#include <mlcp/compare/compare_run.hpp>
#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/isolated_run.hpp>
#include <mlcp/compare/problem_runner.hpp>
#include <mlcp/compare/solver_family.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace mlcp::compare {

ProblemRunner::ProblemRunner(ProblemRunSettings settings)
    : m_settings(std::move(settings)), m_recording(m_settings.settings) {
  m_recording.recordHistory = true;
  for (const std::string& name : m_settings.solvers) {
    const std::string library = serializedLibrary(name);
    if (!library.empty() && m_libraryLocks.count(library) == 0)
      m_libraryLocks.emplace(library, std::make_unique<std::mutex>());
  }
}

std::mutex* ProblemRunner::libraryLock(const std::string& solver) {
  const auto found = m_libraryLocks.find(serializedLibrary(solver));
  return found == m_libraryLocks.end() ? nullptr : found->second.get();
}

/// The record of a peer's solve ended at the budget: not solved, no residuals.
RunRecord ProblemRunner::endedAtBudget(const std::string& name,
                                       const std::string& label,
                                       const ProblemFile& file,
                                       const ProblemShape& shape,
                                       const MixedLCP& solver,
                                       double budget) const {
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  RunRecord record;
  record.problem = label;
  record.solver = name;
  record.n = shape.n;
  record.nub = shape.nub;
  record.frictionRows = shape.frictionRows;
  record.repeats = std::max(m_settings.repeat, 1);
  record.approximation = file.approximation;
  record.notApplicable = notApplicableReason(solver.capabilities(), shape);
  record.status = Status::TimeLimit;
  record.message = fmt::format(
      "stopped at the budget of {:g} s per solve (--max-seconds): the peer's library takes no "
      "time limit, so its solve ran in a process of its own, ended then",
      budget);
  record.timeMicroseconds = budget * 1e6;
  record.residualAbsolute = record.residualRelative = record.residualScaled = kNone;
  record.maxBoundViolation = record.maxComplementarityViolation = kNone;
  return record;
}

bool ProblemRunner::isolated(const std::string& solver) const {
  return solverFamily(solver).peer && m_settings.settings.maxSeconds.value_or(0.0) > 0.0;
}

RunRecord ProblemRunner::timedRun(std::unique_ptr<MixedLCP>& warmUp,
                                  MixedLCP& solver,
                                  const ProblemFile& file,
                                  const ProblemShape& shape,
                                  const std::string& label) const {
  // A first solve by a twin, untimed when it is short (kWarmUpSeconds): it pays for the first
  // touch of the memory solvers allocate and, in a peer's process, for copying every page it
  // writes from the parent (copy-on-write), which would outweigh a solve of microseconds. The
  // timed solve is then the first of a fresh solver, as without it (a solver's second solve
  // may reuse what the first left, a factorization's ordering). A longer first solve is the
  // answer: those costs do not matter there.
  RunRecord first =
      compareRun(*warmUp, file, shape, label, 1, m_settings.warmStart, m_settings.maxDenseRows);
  warmUp.reset();  // its memory goes back for the timed solver to reuse
  if (m_settings.repeat <= 1 && !(first.timeMicroseconds < kWarmUpSeconds * 1e6)) return first;
  return compareRun(solver, file, shape, label, m_settings.repeat, m_settings.warmStart,
                    m_settings.maxDenseRows);
}

RunRecord ProblemRunner::runOne(const std::string& name,
                                const ProblemFile& file,
                                const ProblemRun& out,
                                const std::string& label) {
  std::unique_ptr<MixedLCP> warmUp = makeSolver(name, m_settings.settings);
  const std::unique_ptr<MixedLCP> timed = makeSolver(name, m_settings.settings);
  RunRecord record = timedRun(warmUp, *timed, file, out.shape, label);
  applyTimeBudget(record, m_settings.settings.maxSeconds.value_or(0.0));
  // The peers' adapters record no history: a second, untimed run of theirs would be lost time.
  if (m_settings.histories && record.applicable() && timed->capabilities().iterative &&
      !solverFamily(name).peer) {
    const std::unique_ptr<MixedLCP> history = makeSolver(name, m_recording);
    record.residualHistory =
        runSolver(*history, file.problem, label, 1, m_settings.warmStart).residualHistory;
  }
  return record;
}

void ProblemRunner::runPeers(const std::vector<size_t>& peers,
                             const ProblemFile& file,
                             ProblemRun& out,
                             const std::string& label,
                             const std::function<bool()>& stop) {
  // One process for the problem's peer solves (their solvers made here: the registry's lock
  // is the parent's), a new one after a solve ended at the budget (runIsolated()). The peers'
  // adapters record no residual history.
  const double budget = m_settings.settings.maxSeconds.value_or(0.0);
  std::vector<std::unique_ptr<MixedLCP>> warmUps;
  std::vector<std::unique_ptr<MixedLCP>> solvers;
  std::vector<std::function<RunRecord()>> tasks;
  std::vector<RunRecord> ended;
  for (const size_t k : peers) {
    const std::string& name = m_settings.solvers[k];
    warmUps.push_back(makeSolver(name, m_settings.settings));
    solvers.push_back(makeSolver(name, m_settings.settings));
    const size_t i = solvers.size() - 1;
    tasks.emplace_back(
        [&, i] { return timedRun(warmUps[i], *solvers[i], file, out.shape, label); });
    ended.push_back(endedAtBudget(name, label, file, out.shape, *solvers[i], budget));
  }
  // Each solve gets the budget; one second more for setting the problem up.
  const std::vector<double> seconds(
      peers.size(), budget * std::max(m_settings.repeat, 1) + kIsolationSetupSeconds);
  std::vector<RunRecord> records = runIsolated(tasks, seconds, ended, stop);
  for (size_t i = 0; i < peers.size(); ++i) {
    applyTimeBudget(records[i], budget);
    out.records[peers[i]] = std::move(records[i]);
  }
}

bool ProblemRunner::run(const ProblemSource& source,
                        ProblemRun& out,
                        const std::function<bool()>& stop,
                        RunObserver& progress) {
  const size_t solvers = m_settings.solvers.size();
  ProblemFile file;
  try {
    file = source.load();
  } catch (const ParseError& e) {
    out.error = e.what();
    progress.skipped(static_cast<int>(solvers));
    return true;
  }
  out.shape = shapeOf(file.problem);
  out.records.assign(solvers, RunRecord());
  // First pass: every solver whose library is free (a peer library's solves run one at a time,
  // serializedLibrary()); those whose library is busy on another thread wait for the second
  // pass, so that this thread goes on with the others meanwhile. The records keep the order
  // of the solvers.
  std::vector<size_t> deferred;
  std::vector<size_t> peers;  // in processes of their own, after the others
  for (const bool waiting : {false, true}) {
    std::vector<size_t> order(solvers);
    for (size_t k = 0; k < solvers; ++k) order[k] = k;
    for (const size_t k : waiting ? deferred : order) {
      if (stop && stop()) return false;
      const std::string& name = m_settings.solvers[k];
      if (isolated(name)) {  // processes share nothing: no lock
        if (!waiting) peers.push_back(k);
        continue;
      }
      std::mutex* library = libraryLock(name);
      std::unique_lock<std::mutex> lock;
      if (library != nullptr) {
        lock = std::unique_lock(*library, std::defer_lock);
        if (waiting) {
          lock.lock();
        } else if (!lock.try_lock()) {
          deferred.push_back(k);
          continue;
        }
      }
      progress.started(source.label, name);
      out.records[k] = runOne(name, file, out, source.label);
    }
  }
  if (!peers.empty()) {
    if (stop && stop()) return false;
    for (const size_t k : peers) progress.started(source.label, m_settings.solvers[k]);
    runPeers(peers, file, out, source.label, stop);
    if (stop && stop()) return false;
  }
  markWinner(out.records, m_settings.threshold);
  return true;
}

void applyTimeBudget(RunRecord& record, double budgetSeconds) {
  if (!(budgetSeconds > 0.0) || !record.applicable() || record.status == Status::TimeLimit ||
      !(record.timeMicroseconds > budgetSeconds * 1e6))
    return;
  const bool peer = solverFamily(record.solver).peer;
  record.message = fmt::format(
      "took {:.3g} s, beyond the budget of {:g} s per solve (--max-seconds){}; it said {}: {}",
      record.timeMicroseconds * 1e-6, budgetSeconds,
      peer ? ": the peer's library takes no time limit, so it ran to its end" : "", record.status,
      record.message);
  record.status = Status::TimeLimit;
}

}  // namespace mlcp::compare
