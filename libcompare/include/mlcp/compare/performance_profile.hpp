#pragma once

#include <mlcp/compare/run_record.hpp>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::compare {

/// One solver's curve of a performance profile [Dolan & More 2002]: with t(p, s) the time of
/// solver s on problem p when it solved p (solved_criterion.hpp) and +inf otherwise, and
/// r(p, s) = t(p, s) / min over s' of t(p, s'), the curve is
///
///     rho_s(tau) = |{p applicable to s : r(p, s) <= tau}| / |{p applicable to s}|,
///
/// the fraction of the problems the solver applies to that it solved within tau times the best
/// time. rho_s(1) is the fraction it won, rho_s(+inf) the fraction it solved.
///
/// [Dolan & More 2002] E. D. Dolan, J. J. More, "Benchmarking optimization software with
/// performance profiles", Mathematical Programming 91(2), 201-213, 2002.
struct ProfileCurve {
  std::string solver;          ///< the registered solver name
  int problems = 0;            ///< problems the solver applies to (the denominator)
  std::vector<double> ratios;  ///< r(p, s) of the problems it solved, ascending (>= 1)

  /// rho_s(tau) (0 when the solver applies to no problem).
  double fraction(double tau) const;
};

/// The batch of `mlcp compare`: the records of each problem (winner marked), problem by problem.
using CompareBatch = std::vector<std::vector<RunRecord>>;

/// The curves of every solver of `batch` (order of first appearance); "solved" is isSolved() at
/// `threshold`.
std::vector<ProfileCurve> performanceProfile(const CompareBatch& batch, double threshold);

/// gnuplot's terminal for the profile as a PNG file (`--profile`).
inline constexpr std::string_view kProfilePng = "pngcairo size 1100,700 noenhanced font 'Sans,11'";
/// gnuplot's terminal for the profile on the HTML page: SVG, a few kB per curve, sharp at any
/// zoom.
inline constexpr std::string_view kProfileSvg =
    "svg size 1100,700 noenhanced font 'Sans,11' background '#ffffff'";

/// What the figure states besides the curves.
struct ProfileCaption {
  int problems = 0;        ///< problems in the batch
  double threshold = 0.0;  ///< largest residual counted as solved
  int repeats = 1;         ///< runs the median time is taken over
};

/// The words of a profile figure, the same in gnuplot's drawing (`mlcp compare --profile`) and
/// matplotlib's (the Python package's mlcp.batch.profile).
struct ProfileText {
  /// Lines of the title: the problems, what "solved" means (residual and threshold), the time
  /// measure.
  std::vector<std::string> title;
  std::string xLabel;  ///< the tau axis (log2 scale)
  std::string yLabel;  ///< the fraction axis (0 to 1)
};

/// The title and axis labels of the profile described by `caption`.
ProfileText performanceProfileText(const ProfileCaption& caption);

/// Right end of the tau axis: max(2, 1.25 x the largest ratio of any curve).
double profileTauMax(const std::vector<ProfileCurve>& curves);

/// A curve's legend entry: "solver (solved of applicable)".
std::string profileLegend(const ProfileCurve& curve);

/// The gnuplot script writePerformanceProfile() runs (data inline): rho_s against tau on a
/// log2 axis, as steps, one per solver that applies to some problem (legend: "solver (solved
/// of applicable)"), with the residual, the threshold and the time measure in the title and
/// `footnote` (the rule that chose the curves; "" = none) under the plot. Up to eight curves
/// have a colour each (the peers' dashed); more repeat the colours with other dash patterns.
/// `terminal` is gnuplot's terminal line (kProfilePng, or kProfileSvg for a page).
/// @throws std::runtime_error when no curve applies to a problem
std::string performanceProfileScript(const std::vector<ProfileCurve>& curves,
                                     const std::filesystem::path& output,
                                     const ProfileCaption& caption,
                                     std::string_view footnote = {},
                                     std::string_view terminal = kProfilePng);

/// Draws the profile with gnuplot (by default a PNG, pngcairo, 1100 x 700).
/// @throws std::runtime_error when no curve applies to a problem or gnuplot fails (see
/// runGnuplot())
void writePerformanceProfile(const std::vector<ProfileCurve>& curves,
                             const std::filesystem::path& output,
                             const ProfileCaption& caption,
                             std::string_view footnote = {},
                             std::string_view terminal = kProfilePng);

}  // namespace mlcp::compare
