#pragma once

#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/problem_outcome.hpp>
#include <mlcp/compare/run_record.hpp>
#include <mlcp/io/atomic_file.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace mlcp::app {

/// How `mlcp compare` prints.
struct CompareOutputOptions {
  bool json = false;       ///< one JSON object per pair on stdout; the summary on stderr
  bool longTable = false;  ///< one table row per pair instead of one line per problem
  /// Messages too: under each row with longTable, else those of the unsolved pairs under
  /// each problem line.
  bool verbose = false;
  /// Also write every pair to this CSV file ("" = none): rewritten whole (mlcp::AtomicFile)
  /// after a problem at most once per kCsvCheckpointSeconds, and by finish(), so that a run cut
  /// short (Ctrl-C, a crash) leaves a whole file with the rows of the problems done by then.
  std::string csv;
  double threshold = 0.0;  ///< largest residual counted as solved (compare::isSolved())
  /// Where the lines (or JSON objects) and the summary go. `mlcp compare` passes a copy of the
  /// process's stdout taken before any solve, since SolverOutputGuard sends file descriptor 1
  /// to stderr while a solver runs on another thread.
  std::FILE* out = stdout;
};

/// Least time between two rewrites of the CSV file during a run (unit: s).
inline constexpr double kCsvCheckpointSeconds = 1.0;

/// Writes the records of each problem as they arrive: by default one line per problem
/// (outcomeLine()), with --long the per-pair table, with --json one object per pair; every
/// pair also to the CSV file. finish() adds the summary and the notes.
class CompareOutput {
 public:
  /// Checks that the CSV file can be written (its folder exists and is writable; the file
  /// itself is replaced after the first problem) and prints the header.
  /// @throws std::runtime_error when the CSV file cannot be written
  explicit CompareOutput(const CompareOutputOptions& options);

  /// Prints one problem: its outcome line, or its pairs (`records`, winner marked).
  void problem(const compare::ProblemOutcome& outcome,
               const std::vector<compare::RunRecord>& records);

  /// Prints the summary (stderr with --json) and, once each, the approximations the readers
  /// made (marked "~" on the problem lines); puts the CSV file in place with every row so far.
  /// @throws std::runtime_error on a CSV write error
  void finish(const compare::CompareSummary& summary);

  /// Puts the CSV file in place with every row so far, now (after an interruption).
  /// @throws std::runtime_error on a CSV write error
  void writeCsv();

  /// The approximations the readers made so far, each once (RunRecord::approximation).
  const std::vector<std::string>& approximations() const { return m_approximations; }

 private:
  void printUnsolved(const std::vector<compare::RunRecord>& records) const;

  CompareOutputOptions m_options;
  std::string m_csvText;  ///< header and rows so far (empty without --csv)
  std::chrono::steady_clock::time_point m_csvWritten;  ///< last rewrite of the CSV file
  std::vector<std::string> m_approximations;
};

}  // namespace mlcp::app
