#include "problem_runner.hpp"

#include "compare_run.hpp"
#include "compare_summary.hpp"
#include "solver_family.hpp"

#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

namespace mlcp::app {

ProblemRunner::ProblemRunner(ProblemRunSettings settings)
    : m_settings(std::move(settings)), m_recording(m_settings.settings) {
  m_recording.recordHistory = true;
  for (const std::string& name : m_settings.solvers) {
    const std::string library = serializedLibrary(name);
    if (!library.empty() && m_libraryLocks.count(library) == 0)
      m_libraryLocks.emplace(library, std::make_unique<std::mutex>());
  }
}

RunRecord ProblemRunner::runOne(const std::string& name,
                                const ProblemFile& file,
                                const ProblemRun& out,
                                const std::string& label) {
  // A peer library's solves one at a time (serializedLibrary()); ours without a lock.
  std::unique_lock<std::mutex> lock;
  const auto found = m_libraryLocks.find(serializedLibrary(name));
  if (found != m_libraryLocks.end()) lock = std::unique_lock(*found->second);
  const std::unique_ptr<MixedLCP> timed = makeSolver(name, m_settings.settings);
  RunRecord record = compareRun(*timed, file, out.shape, label, m_settings.repeat,
                                m_settings.warmStart, m_settings.maxDenseRows);
  applyTimeBudget(record, m_settings.settings.maxSeconds.value_or(0.0));
  if (m_settings.histories && record.applicable() && timed->capabilities().iterative) {
    const std::unique_ptr<MixedLCP> history = makeSolver(name, m_recording);
    record.residualHistory =
        runSolver(*history, file.problem, label, 1, m_settings.warmStart).residualHistory;
  }
  return record;
}

bool ProblemRunner::run(const ProblemSource& source,
                        ProblemRun& out,
                        const std::function<bool()>& stop,
                        SharedProgress& progress) {
  const int solvers = static_cast<int>(m_settings.solvers.size());
  ProblemFile file;
  try {
    file = source.load();
  } catch (const ParseError& e) {
    out.error = e.what();
    progress.skipped(solvers);
    return true;
  }
  out.shape = shapeOf(file.problem);
  out.records.clear();
  for (const std::string& name : m_settings.solvers) {
    if (stop && stop()) return false;
    progress.started(source.label, name);
    out.records.push_back(runOne(name, file, out, source.label));
  }
  markWinner(out.records, m_settings.threshold);
  return true;
}

void SharedProgress::started(std::string_view problem, std::string_view solver) {
  const std::lock_guard lock(m_mutex);
  m_line.update(m_started++, problem, solver);
}

void SharedProgress::skipped(int runs) {
  const std::lock_guard lock(m_mutex);
  m_started += runs;
}

void SharedProgress::clear() {
  const std::lock_guard lock(m_mutex);
  m_line.clear();
}

std::unique_lock<std::mutex> SharedProgress::pause() {
  std::unique_lock lock(m_mutex);
  m_line.clear();
  return lock;
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

}  // namespace mlcp::app
