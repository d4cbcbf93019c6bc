#include "compare_figures.hpp"

#include "html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace mlcp::app {

namespace {

std::string readBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void writePlot(const std::string& output,
               const CompareResults& results,
               const ConvergencePlots& plots) {
  if (plots.curves().empty()) {
    fmt::print(stderr,
               "mlcp: --plot: no solver recorded a residual history above zero (only "
               "iterative solvers record one); {} not written\n",
               output);
    return;
  }
  if (plots.droppedCurves() > 0)
    fmt::print(stderr, "mlcp: --plot: {} more curves left out of the legend limit of {}\n",
               plots.droppedCurves(), ConvergencePlots::kMaxCurves);
  const std::string title =
      results.outcomes.size() == 1
          ? fmt::format("Convergence on {}", results.outcomes.front().problem)
          : fmt::format("Convergence on {} problems", results.outcomes.size());
  writeResidualPlot(plots.curves(), output, title);
  fmt::print(stderr, "mlcp: wrote {}\n", output);
}

/// Draws the profile to `output` (a temporary file when empty) and returns the PNG's bytes.
std::string drawProfile(const std::string& output, const CompareResults& results) {
  const std::vector<ProfileCurve> curves = performanceProfile(results.batch, results.threshold);
  if (std::none_of(curves.begin(), curves.end(),
                   [](const ProfileCurve& c) { return c.problems > 0; })) {
    fmt::print(stderr, "mlcp: no solver applies to any problem: no performance profile\n");
    return "";
  }
  const ProfileCaption caption{static_cast<int>(results.outcomes.size()), results.threshold,
                               results.repeats};
  const std::filesystem::path path =
      output.empty()
          ? std::filesystem::temp_directory_path() / fmt::format("mlcp-profile-{}.png", getpid())
          : std::filesystem::path(output);
  writePerformanceProfile(curves, path, caption);
  std::string png = readBytes(path);
  if (output.empty())
    std::filesystem::remove(path);
  else
    fmt::print(stderr, "mlcp: wrote {}\n", output);
  return png;
}

}  // namespace

void writeFigures(const FigureOutputs& outputs,
                  const CompareResults& results,
                  const CompareSummary& summary,
                  const ConvergencePlots& plots) {
  if (!outputs.plot.empty()) writePlot(outputs.plot, results, plots);
  std::string profile;
  if (!outputs.profile.empty() || !outputs.html.empty())
    profile = drawProfile(outputs.profile, results);
  if (outputs.html.empty()) return;
  HtmlReport page;
  page.title = fmt::format("mlcp compare: {} problems, {} solvers", results.outcomes.size(),
                           summary.solvers().size());
  page.threshold = results.threshold;
  page.repeats = results.repeats;
  page.solvers = summary.solvers();
  page.outcomes = results.outcomes;
  page.batch = results.batch;
  page.profile = {
      "Performance profile: fraction of each solver's applicable problems solved "
      "within tau times the fastest solver's time",
      profile};
  page.convergence = plots.perProblem();
  page.notes = results.notes;
  writeHtmlReport(page, outputs.html);
  fmt::print(stderr, "mlcp: wrote {}\n", outputs.html);
}

}  // namespace mlcp::app
