#pragma once

#include <mlcp/compare/problem_shape.hpp>
#include <mlcp/compare/run_record.hpp>

#include <string>
#include <vector>

namespace mlcp::compare {

/// What happened on one problem, for the one-line report of `mlcp compare`: who could take it,
/// who solved it (isSolved()), and the fastest solver that did (the winner).
struct ProblemOutcome {
  std::string problem;                ///< label
  ProblemShape shape;                 ///< its size and structure
  bool approximated = false;          ///< the reader changed the problem (FC3D pyramid)
  int applicable = 0;                 ///< solvers that take it (and ran)
  std::vector<std::string> solvedBy;  ///< applicable solvers that solved it
  std::vector<std::string> unsolved;  ///< applicable solvers that did not solve it
  std::string fastest;                ///< the winner; empty when no solver solved it
  double timeMicroseconds = 0.0;      ///< the winner's time (us)
  double residualScaled = 0.0;        ///< the winner's scaled residual
  double residualRelative = 0.0;      ///< the winner's relative residual
};

/// The outcome of the records of one problem (winner marked at `threshold`).
ProblemOutcome outcomeOf(const std::string& problem,
                         const ProblemShape& shape,
                         const std::vector<RunRecord>& records,
                         double threshold);

/// Who solved the problem, in the fewest names: "all", "none", "only a, b" or "all but c"
/// (of the applicable solvers); the names after the first that do not fit in `width`
/// characters become "+k".
std::string whoSolved(const ProblemOutcome& outcome, size_t width);

/// Header and one line of the default report: problem, n, nub, friction rows, solved /
/// applicable, the fastest solver that solved it with its time and its scaled and relative
/// residuals (the two "solved" reads: solved_criterion.hpp), and whoSolved()
/// cut to fit kOutcomeLineWidth characters (but for one long first name).
std::string outcomeHeader();
std::string outcomeLine(const ProblemOutcome& outcome);

/// Widest line outcomeHeader() and outcomeLine() print (characters).
inline constexpr size_t kOutcomeLineWidth = 124;

}  // namespace mlcp::compare
