#include <mlcp/compare/compare_figures.hpp>
#include <mlcp/compare/html_report.hpp>
#include <mlcp/compare/profile_selection.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace mlcp::compare {

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

/// Draws the profile of `selection` to `output` as a PNG, or, when `output` is empty, as an
/// SVG to a temporary file; returns the file's bytes.
std::string drawProfile(const std::string& output,
                        const CompareResults& results,
                        const ProfileSelection& selection) {
  const ProfileCaption caption{static_cast<int>(results.outcomes.size()), results.threshold,
                               results.repeats};
  const std::filesystem::path path =
      output.empty()
          ? std::filesystem::temp_directory_path() / fmt::format("mlcp-profile-{}.svg", getpid())
          : std::filesystem::path(output);
  writePerformanceProfile(selection.curves, path, caption, selection.rule,
                          output.empty() ? kProfileSvg : kProfilePng);
  std::string png = readBytes(path);
  if (output.empty())
    std::filesystem::remove(path);
  else
    fmt::print(stderr, "mlcp: wrote {}\n", output);
  return png;
}

/// The profile's figures for the page (SVG): `readable` (selectProfileCurves()) and `all`.
struct ProfileFigures {
  PngFigure readable;
  PngFigure all;
};

ProfileFigures drawProfiles(const FigureOutputs& outputs, const CompareResults& results) {
  const std::vector<ProfileCurve> curves = performanceProfile(results.batch, results.threshold);
  if (std::none_of(curves.begin(), curves.end(),
                   [](const ProfileCurve& c) { return c.problems > 0; })) {
    fmt::print(stderr, "mlcp: no solver applies to any problem: no performance profile\n");
    return {};
  }
  const ProfileSelection readable = selectProfileCurves(curves);
  const ProfileSelection all = allProfileCurves(curves);
  constexpr std::string_view kCaption =
      "Performance profile: fraction of each solver's applicable problems solved within tau "
      "times the fastest solver's time. ";
  ProfileFigures figures;
  if (!outputs.profile.empty())
    drawProfile(outputs.profile, results, outputs.profileAll ? all : readable);
  if (outputs.html.empty()) return figures;
  constexpr std::string_view kSvg = "image/svg+xml";
  figures.readable = {std::string(kCaption) + readable.rule, drawProfile("", results, readable), "",
                      std::string(kSvg)};
  if (readable.curves.size() < all.curves.size())
    figures.all = {std::string(kCaption) + all.rule, drawProfile("", results, all), "",
                   std::string(kSvg)};
  return figures;
}

}  // namespace

void writeFigures(const FigureOutputs& outputs,
                  const CompareResults& results,
                  const CompareSummary& summary,
                  const ConvergencePlots& plots) {
  if (!outputs.plot.empty()) writePlot(outputs.plot, results, plots);
  if (outputs.profile.empty() && outputs.html.empty()) return;
  const ProfileFigures profiles = drawProfiles(outputs, results);
  if (outputs.html.empty()) return;
  HtmlReport page;
  page.title = fmt::format("mlcp compare: {} problems, {} solvers", results.outcomes.size(),
                           summary.solvers().size());
  page.threshold = results.threshold;
  page.repeats = results.repeats;
  page.solvers = summary.solvers();
  page.outcomes = results.outcomes;
  page.batch = results.batch;
  page.profile = profiles.readable;
  page.profileAll = profiles.all;
  page.convergence = plots.perProblem();
  page.notes = results.notes;
  writeHtmlReport(page, outputs.html);
  fmt::print(stderr, "mlcp: wrote {}\n", outputs.html);
}

}  // namespace mlcp::compare
