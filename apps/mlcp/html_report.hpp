#pragma once

#include "compare_summary.hpp"
#include "performance_profile.hpp"
#include "problem_outcome.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::app {

/// A PNG shown on the page.
struct PngFigure {
  std::string caption;  ///< shown under the image and as its alt text
  std::string png;      ///< the file's bytes
};

/// Everything the `mlcp compare --html` page shows.
struct HtmlReport {
  std::string title;       ///< page title and heading
  double threshold = 0.0;  ///< largest residual counted as solved
  int repeats = 1;         ///< runs the median time is taken over
  std::vector<SolverSummary> solvers;
  std::vector<ProblemOutcome> outcomes;  ///< one per problem, in batch order
  CompareBatch batch;                    ///< every (problem, solver) record, by problem
  PngFigure profile;                     ///< empty png: no profile section
  std::vector<PngFigure> convergence;    ///< convergence plots (per problem)
  std::vector<std::string> notes;        ///< approximations, skipped files, ...
};

/// One self-contained HTML5 page (inline CSS, no script, images as data: URIs): what "solved",
/// "n/a" and the time mean; tables `summary` (per solver), `problems` (one row per problem),
/// `matrix` (problem x solver: time when solved, else the status or n/a) and `runs` (every
/// pair, the columns of --long, in a collapsed <details>); the profile (img `profile`) and the
/// convergence plots (img class `convergence`). Text is HTML-escaped.
std::string htmlReportPage(const HtmlReport& report);

/// Writes htmlReportPage() to `output`, replaced only once complete (mlcp::AtomicFile).
/// @throws std::runtime_error when it cannot be written
void writeHtmlReport(const HtmlReport& report, const std::filesystem::path& output);

/// `text` with &, <, >, " and ' replaced by their character references.
std::string htmlEscape(std::string_view text);

}  // namespace mlcp::app
