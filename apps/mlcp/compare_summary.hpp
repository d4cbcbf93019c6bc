#pragma once

#include "run_record.hpp"

#include <string>
#include <vector>

namespace mlcp::app {

/// Marks the winner among the records of one problem: the fastest (median time) whose status
/// is Converged; none when no solver converged.
void markWinner(std::vector<RunRecord>& problemRecords);

/// What one solver did over a batch.
struct SolverSummary {
  std::string solver;
  int runs = 0;    ///< problems it ran on
  int solved = 0;  ///< of which it converged on
  int wins = 0;    ///< of which it was the fastest converged solver
  /// Geometric mean over the problems it solved of time / time of that problem's winner
  /// (1 = always the fastest); NaN when it solved none.
  double timeRatio = 0.0;
};

/// Totals of a `mlcp compare` batch: solved counts and time ratios per solver.
class CompareSummary {
 public:
  /// Adds the records of one problem (winner already marked).
  void add(const std::vector<RunRecord>& problemRecords);
  /// One entry per solver, in order of first appearance.
  std::vector<SolverSummary> solvers() const;
  int problems() const { return m_problems; }
  /// The text block printed after the table.
  std::string format() const;

 private:
  struct Totals {
    SolverSummary summary;
    double logRatioSum = 0.0;
  };
  std::vector<Totals> m_totals;
  int m_problems = 0;
};

}  // namespace mlcp::app
