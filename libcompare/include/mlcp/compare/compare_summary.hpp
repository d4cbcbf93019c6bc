#pragma once

#include <mlcp/compare/run_record.hpp>

#include <string>
#include <vector>

namespace mlcp::compare {

/// Marks the winner among the records of one problem: the fastest (median time) that solved it
/// (isSolved() at `threshold`); none when no solver did.
void markWinner(std::vector<RunRecord>& problemRecords, double threshold);

/// time / fastest time on a problem (us / us), both clamped to at least 1e-3 us so that a
/// sub-microsecond time never divides by zero.
double timeRatio(double time, double fastest);

/// What one solver did over a batch.
struct SolverSummary {
  std::string solver;     ///< the registered solver name
  int applicable = 0;     ///< problems it takes (and ran on)
  int notApplicable = 0;  ///< problems it cannot take (n/a) or did not run on
  int solved = 0;         ///< of the applicable ones, those it solved (isSolved())
  int wins = 0;           ///< of which it was the fastest solver that solved them
  /// Geometric mean over the problems it solved of time / time of that problem's winner
  /// (1 = always the fastest); NaN when it solved none.
  double timeRatio = 0.0;
  /// Applicable problems it did not solve.
  int failed() const { return applicable - solved; }
};

/// Totals of a `mlcp compare` batch: solved counts and time ratios per solver, "solved" meaning
/// isSolved() at the threshold given (solved_criterion.hpp).
class CompareSummary {
 public:
  /// @param[in] threshold largest residual (kSolvedMeasure) that counts as solved
  /// @param[in] repeats runs the median time is taken over (stated in format())
  explicit CompareSummary(double threshold, int repeats = 1)
      : m_threshold(threshold), m_repeats(repeats) {}
  /// Adds the records of one problem (winner already marked).
  void add(const std::vector<RunRecord>& problemRecords);
  /// One entry per solver, in order of first appearance.
  std::vector<SolverSummary> solvers() const;
  /// Problems added so far.
  int problems() const { return m_problems; }
  /// Largest residual that counts as solved (as constructed).
  double threshold() const { return m_threshold; }
  /// The text block printed after the report: what "solved" means, then one line per solver.
  std::string format() const;

 private:
  struct Totals {
    SolverSummary summary;
    double logRatioSum = 0.0;
  };
  Totals& totalsOf(const std::string& solver);

  double m_threshold;
  int m_repeats;
  std::vector<Totals> m_totals;
  int m_problems = 0;
};

}  // namespace mlcp::compare
