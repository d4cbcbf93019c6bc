#pragma once

#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/performance_profile.hpp>
#include <mlcp/compare/problem_outcome.hpp>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::compare {

/// An image shown on the page (a PNG, or an SVG).
struct PngFigure {
  std::string caption;             ///< shown under the image and as its alt text
  std::string png;                 ///< the file's bytes
  std::string problem = {};        ///< the problem it shows ("" for batch-wide figures)
  std::string type = "image/png";  ///< its media type ("image/svg+xml" for an SVG)
};

/// Everything the `mlcp compare --html` page shows.
struct HtmlReport {
  std::string title;                     ///< page title and heading
  double threshold = 0.0;                ///< largest residual counted as solved
  int repeats = 1;                       ///< runs the median time is taken over
  std::vector<SolverSummary> solvers;    ///< the summary's entries, one per solver
  std::vector<ProblemOutcome> outcomes;  ///< one per problem, in batch order
  CompareBatch batch;                    ///< every (problem, solver) record, by problem
  PngFigure profile;                     ///< the readable profile; empty png: no profile section
  PngFigure profileAll;                  ///< every solver's curve; empty png: none
  std::vector<PngFigure> convergence;    ///< convergence plots (per problem, PngFigure::problem)
  std::vector<std::string> notes;        ///< approximations, skipped files, ...
};

/// Largest page htmlReportPage() writes (bytes): convergence plots that would pass it are left
/// out, with a note saying how many (`--plot` draws them).
inline constexpr std::size_t kMaxHtmlBytes = 2'000'000;

/// One self-contained HTML5 page (inline CSS and script, no link, images as data: URIs): the
/// verdict on top (compareVerdict()); what "solved", "n/a" and the time mean; the per-solver
/// table `summary`; the profile (img `profile`, its rule in the caption) with every solver's
/// curve behind a switch (<details>, img `profile-all`); then a section per problem family
/// (problemFamily(), in batch order; section k has tables `family-k-solvers`,
/// `family-k-problems` and `family-k-matrix`, and the family's convergence plots, img class
/// `convergence`, collapsed); every pair (table `runs`, collapsed); the notes. Tables are
/// sortable (html_tables.hpp). Text is HTML-escaped. At most kMaxHtmlBytes.
std::string htmlReportPage(const HtmlReport& report);

/// Writes htmlReportPage() to `output`, replaced only once complete (mlcp::AtomicFile).
/// @throws std::runtime_error when it cannot be written
void writeHtmlReport(const HtmlReport& report, const std::filesystem::path& output);

/// `text` with &, <, >, " and ' replaced by their character references.
std::string htmlEscape(std::string_view text);

}  // namespace mlcp::compare
