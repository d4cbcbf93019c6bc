#include "gnuplot.hpp"

#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/performance_profile.hpp>
#include <mlcp/compare/solved_criterion.hpp>
#include <mlcp/compare/solver_family.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mlcp::compare {

namespace {

ProfileCurve& curveOf(std::vector<ProfileCurve>& curves, const std::string& solver) {
  for (ProfileCurve& c : curves)
    if (c.solver == solver) return c;
  curves.push_back({solver, 0, {}});
  return curves.back();
}

/// The steps of one curve: (tau, rho) at tau = 1, at each larger ratio, and at tauMax.
std::string curveData(const ProfileCurve& curve, double tauMax) {
  std::string data = fmt::format("1 {:.6g}\n", curve.fraction(1.0));
  for (size_t k = 0; k < curve.ratios.size(); ++k) {
    const double tau = curve.ratios[k];
    if (tau > 1.0 && (k + 1 == curve.ratios.size() || curve.ratios[k + 1] > tau))
      data += fmt::format("{:.9g} {:.6g}\n", tau, curve.fraction(tau));
  }
  return data + fmt::format("{:.9g} {:.6g}\n", tauMax, curve.fraction(tauMax));
}

/// The lines as one gnuplot double-quoted string, quotes included: backslashes and quotes
/// escaped, the lines joined by gnuplot's \n.
std::string gnuplotLines(const std::vector<std::string>& lines) {
  std::string out = "\"";
  for (size_t k = 0; k < lines.size(); ++k) {
    const std::string& line = lines[k];
    if (k > 0) out += "\\n";
    for (const char c : line) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
  }
  return out + "\"";
}

/// Eight colours that stay apart on white and for the common colour-vision deficiencies
/// (Okabe & Ito's palette, yellow replaced by brown).
constexpr std::string_view kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                         "#E69F00", "#56B4E9", "#000000", "#A6761D"};
constexpr size_t kColours = sizeof(kPalette) / sizeof(kPalette[0]);

/// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
std::vector<std::string> wrapped(std::string_view text, size_t width) {
  std::vector<std::string> lines(1);
  size_t start = 0;
  while (start < text.size()) {
    const size_t space = text.find(' ', start);
    const std::string_view word = text.substr(start, space - start);
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > width)
      lines.emplace_back();
    if (!lines.back().empty()) lines.back() += ' ';
    lines.back() += word;
    start = space == std::string_view::npos ? text.size() : space + 1;
  }
  return lines;
}

std::string profileHeader(const std::filesystem::path& output,
                          const ProfileCaption& caption,
                          double tauMax,
                          std::string_view footnote,
                          std::string_view terminal) {
  const ProfileText text = performanceProfileText(caption);
  std::string script = "set encoding utf8\n";
  script += fmt::format("set terminal {}\n", terminal);
  script += fmt::format("set output {}\n", gnuplotString(output.string()));
  script += fmt::format("set title {}\n", gnuplotLines(text.title));
  script += fmt::format("set xlabel {}\n", gnuplotString(text.xLabel));
  script += fmt::format("set ylabel {}\n", gnuplotString(text.yLabel));
  script += "set logscale x 2\nset grid xtics ytics\nset key outside right top box\n";
  script += fmt::format("set xrange [1:{:.9g}]\nset yrange [0:1.02]\n", tauMax);
  // The footnote under the x label, in lines that fit the width (about 150 characters).
  if (!footnote.empty())
    script += fmt::format("set bmargin 6\nset label 1 {} at screen 0.01, 0.05 left\n",
                          gnuplotLines(wrapped(footnote, 150)));
  return script;
}

}  // namespace

double ProfileCurve::fraction(double tau) const {
  if (problems == 0) return 0.0;
  const auto within = std::upper_bound(ratios.begin(), ratios.end(), tau) - ratios.begin();
  return static_cast<double>(within) / problems;
}

ProfileText performanceProfileText(const ProfileCaption& caption) {
  return {{fmt::format("Performance profile (Dolan & Moré 2002) on {} problems", caption.problems),
           fmt::format("solved: {} <= {:g} on the solver's answer", kSolvedMeasure.name,
                       caption.threshold),
           fmt::format("time: {}", timeMeasureText(caption.repeats))},
          "tau = time / fastest solver's time on the problem (log2 scale)",
          "fraction of its applicable problems solved within tau x fastest (0 to 1)"};
}

double profileTauMax(const std::vector<ProfileCurve>& curves) {
  double largest = 1.0;
  for (const ProfileCurve& c : curves)
    if (!c.ratios.empty()) largest = std::max(largest, c.ratios.back());
  return std::max(2.0, 1.25 * largest);
}

std::string profileLegend(const ProfileCurve& curve) {
  return fmt::format("{} ({} of {})", curve.solver, curve.ratios.size(), curve.problems);
}

std::vector<ProfileCurve> performanceProfile(const CompareBatch& batch, double threshold) {
  std::vector<ProfileCurve> curves;
  for (const std::vector<RunRecord>& records : batch) {
    double fastest = 0.0;
    for (const RunRecord& r : records)
      if (r.winner) fastest = r.timeMicroseconds;
    for (const RunRecord& r : records) {
      ProfileCurve& curve = curveOf(curves, r.solver);
      if (!r.applicable()) continue;
      ++curve.problems;
      if (isSolved(r, threshold)) curve.ratios.push_back(timeRatio(r.timeMicroseconds, fastest));
    }
  }
  for (ProfileCurve& curve : curves) std::sort(curve.ratios.begin(), curve.ratios.end());
  return curves;
}

std::string performanceProfileScript(const std::vector<ProfileCurve>& curves,
                                     const std::filesystem::path& output,
                                     const ProfileCaption& caption,
                                     std::string_view footnote,
                                     std::string_view terminal) {
  const double tauMax = profileTauMax(curves);
  std::string script = profileHeader(output, caption, tauMax, footnote, terminal);
  std::string plot;
  size_t drawn = 0;
  const size_t total = static_cast<size_t>(std::count_if(
      curves.begin(), curves.end(), [](const ProfileCurve& c) { return c.problems > 0; }));
  for (size_t k = 0; k < curves.size(); ++k) {
    const ProfileCurve& c = curves[k];
    if (c.problems == 0) continue;  // a solver that applies to no problem has no curve
    script += fmt::format("$profile{} << EOD\n{}EOD\n", k, curveData(c, tauMax));
    // Up to eight curves: a colour each, the peers dashed. Beyond: the eight colours again,
    // dashed differently each round.
    const int dash = total <= kColours ? (solverFamily(c.solver).peer ? 2 : 1)
                                       : static_cast<int>(drawn / kColours) + 1;
    plot += fmt::format(
        "{}$profile{} using 1:2 with steps linecolor rgb '{}' dashtype {} linewidth 2 title {}",
        plot.empty() ? "plot " : ", ", k, kPalette[drawn % kColours], dash,
        gnuplotString(profileLegend(c)));
    ++drawn;
  }
  if (plot.empty())
    throw std::runtime_error("no solver applies to any problem: no performance profile to draw");
  return script + plot + "\n";
}

void writePerformanceProfile(const std::vector<ProfileCurve>& curves,
                             const std::filesystem::path& output,
                             const ProfileCaption& caption,
                             std::string_view footnote,
                             std::string_view terminal) {
  runGnuplot(
      [&](const std::filesystem::path& file) {
        return performanceProfileScript(curves, file, caption, footnote, terminal);
      },
      output);
}

}  // namespace mlcp::compare
