#pragma once

#include <mlcp/compare/problem_shape.hpp>
#include <mlcp/compare/problem_source.hpp>
#include <mlcp/compare/run_record.hpp>
#include <mlcp/core/solver_factory.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::compare {

/// Default of `mlcp compare --max-seconds`: the wall-time budget of one solve (unit: s). It
/// keeps the README's main job short: no solve of ours needs more than 5 s there, while a few
/// peers' enumerations and pivotings take 20 to 50 s (bullet-lemke at n = 600,
/// siconos-mlcp-enum on diodeBridge20).
inline constexpr double kCompareBudgetSeconds = 10.0;

/// Time a peer's process gets beyond its budget to set the problem up before it is ended
/// (unit: s).
inline constexpr double kIsolationSetupSeconds = 1.0;

/// A solver's first solve of a problem is untimed (it pays for the first touch of memory and,
/// in a peer's own process, for copying the pages it writes from the parent) unless it takes
/// at least this long, when those costs do not matter and it is the timed one (unit: s).
inline constexpr double kWarmUpSeconds = 0.1;

/// How `mlcp compare` runs each problem.
struct ProblemRunSettings {
  std::vector<std::string> solvers;  ///< registered names, in the order of the records
  /// Passed to every solver; maxSeconds is the budget (SolverOptions::maxSeconds).
  SolverSettings settings;
  bool histories = false;  ///< also record the residual history (untimed twin run)
  int repeat = 1;          ///< solves per pair; the time is the median
  bool warmStart = false;  ///< start from the file's x
  int maxDenseRows = 0;    ///< compareRun()'s limit for solvers that copy A densely
  double threshold = 0.0;  ///< largest residual counted as solved (markWinner())
};

/// The result of one problem: its records (winner marked, histories kept), or why it could not
/// be read.
struct ProblemRun {
  std::string error;               ///< the reader's message (a ParseError); records empty then
  ProblemShape shape;              ///< its size and structure (when read)
  std::vector<RunRecord> records;  ///< one per solver, in the order of the settings' solvers
};

/// What a batch reports while it runs (the command line's progress line), called from any
/// thread at once: the implementation serializes what it shares.
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  /// A run of `solver` on `problem` starts.
  virtual void started(std::string_view problem, std::string_view solver) = 0;
  /// `runs` runs will not happen (a problem the reader rejected).
  virtual void skipped(int runs) = 0;
};

/// Runs every solver on one problem, for `mlcp compare`, from any number of threads at once:
/// each call makes its own solvers (so a problem's results do not depend on which thread ran
/// it, or what ran before). The peers' libraries take no time limit, so with a budget
/// (SolverSettings::maxSeconds > 0) the problem's peer solves run, after ours, in a process of
/// their own, which is ended when a solve passes the budget (runIsolated(); the solves after it
/// go on in a new one): no peer holds the batch up for longer, and processes share no state.
/// Without a budget they run in this process, and the solves of a peer library
/// (serializedLibrary()) hold that library's lock, so that at most one runs at a time; a solver
/// whose library is busy runs after the others of the problem.
class ProblemRunner {
 public:
  /// @param[in] settings what to run; its solver names must be registered
  explicit ProblemRunner(ProblemRunSettings settings);

  /// Loads `source` and runs the solvers on it into `out`; stops before the next solver when
  /// stop() is true, and then returns false (`out` incomplete). A problem the reader rejects
  /// is complete with out.error set. Reports each run to `progress`.
  bool run(const ProblemSource& source,
           ProblemRun& out,
           const std::function<bool()>& stop,
           RunObserver& progress);

  /// The lock that the solves of `solver`'s peer library hold (serializedLibrary()), or null
  /// for ours and for a library none of the solvers is from. Whoever runs that library's code
  /// beside the runner must hold it too.
  std::mutex* libraryLock(const std::string& solver);

  /// What it runs (as given to the constructor).
  const ProblemRunSettings& settings() const { return m_settings; }

 private:
  /// The record of peer `name`'s solve of `label` when its process is ended at `budget`.
  RunRecord endedAtBudget(const std::string& name,
                          const std::string& label,
                          const ProblemFile& file,
                          const ProblemShape& shape,
                          const MixedLCP& solver,
                          double budget) const;
  /// True when `solver` runs in a process of its own (a peer, with a budget).
  bool isolated(const std::string& solver) const;
  /// compareRun() with `solver` after an untimed first solve by its twin `warmUp` (then freed)
  /// when that one is short (kWarmUpSeconds); else the twin's.
  RunRecord timedRun(std::unique_ptr<MixedLCP>& warmUp,
                     MixedLCP& solver,
                     const ProblemFile& file,
                     const ProblemShape& shape,
                     const std::string& label) const;
  /// The solvers `peers` (indices) of the problem in processes of their own (runIsolated()).
  void runPeers(const std::vector<size_t>& peers,
                const ProblemFile& file,
                ProblemRun& out,
                const std::string& label,
                const std::function<bool()>& stop);
  /// One (problem, solver) pair with fresh solvers (the caller holds the library's lock).
  RunRecord runOne(const std::string& name,
                   const ProblemFile& file,
                   const ProblemRun& out,
                   const std::string& label);

  ProblemRunSettings m_settings;
  SolverSettings m_recording;  ///< m_settings.settings with recordHistory
  std::map<std::string, std::unique_ptr<std::mutex>> m_libraryLocks;  ///< fixed after construction
};

/// Marks a run that took longer than `budgetSeconds` (its time, the median of the repeats)
/// `time-limit`, with a message saying so and what the solver's status was, so that it does not
/// count as solved (isSolved()): our solvers stop at SolverOptions::maxSeconds, but the peers'
/// libraries take no time limit and run to their end. No change for a budget of 0 (none), an
/// n/a pair or a run already `time-limit`.
void applyTimeBudget(RunRecord& record, double budgetSeconds);

}  // namespace mlcp::compare
