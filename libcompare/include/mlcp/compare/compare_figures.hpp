#pragma once

#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/convergence_plots.hpp>
#include <mlcp/compare/performance_profile.hpp>
#include <mlcp/compare/problem_outcome.hpp>

#include <string>
#include <vector>

namespace mlcp::compare {

/// What a finished `mlcp compare` batch leaves for its figures and its page.
struct CompareResults {
  CompareBatch batch;                    ///< every record (histories dropped), by problem
  std::vector<ProblemOutcome> outcomes;  ///< one per problem, in batch order
  std::vector<std::string> notes;        ///< skipped files and approximations, for the page
  double threshold = 0.0;                ///< largest residual counted as solved
  int repeats = 1;                       ///< runs the median time is taken over
};

/// Where the figures go ("" = not asked for).
struct FigureOutputs {
  std::string plot;     ///< --plot: every convergence curve in one PNG
  std::string profile;  ///< --profile: the performance profile PNG
  /// --profile-all: every solver's curve in --profile, not the best of each family
  /// (selectProfileCurves())
  bool profileAll = false;
  std::string html;  ///< --html: the self-contained page (draws the profile even without
                     ///< --profile)
};

/// Writes what `outputs` asks for, with a "mlcp: wrote FILE" line on stderr each, or a note
/// when there is nothing to draw. The page shows the readable profile and, behind a switch,
/// every solver's curve. @throws std::runtime_error when gnuplot fails or a file
/// cannot be written
void writeFigures(const FigureOutputs& outputs,
                  const CompareResults& results,
                  const CompareSummary& summary,
                  const ConvergencePlots& plots);

}  // namespace mlcp::compare
