#pragma once

#include "compare_summary.hpp"
#include "problem_outcome.hpp"
#include "run_record.hpp"

#include <mlcp/io/atomic_file.hpp>

#include <memory>
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
  /// Also write every pair to this CSV file ("" = none), replaced by finish() only (an
  /// interrupted run leaves the previous file).
  std::string csv;
  double threshold = 0.0;  ///< largest residual counted as solved (isSolved())
};

/// Writes the records of each problem as they arrive: by default one line per problem
/// (outcomeLine()), with --long the per-pair table, with --json one object per pair; every
/// pair also to the CSV file. finish() adds the summary and the notes.
class CompareOutput {
 public:
  /// Opens the CSV file and prints the header. @throws std::runtime_error when the CSV file
  /// cannot be written
  explicit CompareOutput(const CompareOutputOptions& options);

  /// Prints one problem: its outcome line, or its pairs (`records`, winner marked).
  void problem(const ProblemOutcome& outcome, const std::vector<RunRecord>& records);

  /// Prints the summary (stderr with --json) and, once each, the approximations the readers
  /// made (marked "~" on the problem lines); puts the CSV file in place.
  /// @throws std::runtime_error on a CSV write error
  void finish(const CompareSummary& summary);

  /// The approximations the readers made so far, each once (RunRecord::approximation).
  const std::vector<std::string>& approximations() const { return m_approximations; }

 private:
  void printUnsolved(const std::vector<RunRecord>& records) const;

  CompareOutputOptions m_options;
  std::unique_ptr<AtomicFile> m_csv;  ///< null without --csv
  std::vector<std::string> m_approximations;
};

}  // namespace mlcp::app
