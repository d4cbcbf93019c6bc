#include "gnuplot.hpp"

#include <mlcp/compare/residual_plot.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mlcp::compare {

bool drawable(const ResidualCurve& curve) {
  for (const double v : curve.values)
    if (v > 0.0) return true;
  return false;
}

std::string residualPlotScript(const std::vector<ResidualCurve>& curves,
                               const std::filesystem::path& output,
                               const std::string& title,
                               std::string_view terminal) {
  std::string script = fmt::format("set terminal {}\n", terminal);
  script += fmt::format("set output {}\n", gnuplotString(output.string()));
  script += fmt::format("set title {}\n", gnuplotString(title));
  script += "set xlabel 'iteration (sweeps or steps; count)'\n";
  script +=
      "set ylabel 'scaled residual ||x - clamp(x - w / d, l, u)||_inf / max(||x||_inf, "
      "max |b_i| / d_i) (dimensionless)'\n";
  script += "set logscale y\nset format y '1e%T'\nset grid xtics ytics mytics\n";
  script += "set key outside right top box\n";
  std::string plot;
  int index = 0;
  size_t lastIteration = 1;
  double lowest = std::numeric_limits<double>::infinity();
  double highest = 0.0;
  for (const ResidualCurve& curve : curves) {
    if (!drawable(curve)) continue;
    script += fmt::format("$curve{} << EOD\n", index);
    int points = 0;
    for (size_t k = 0; k < curve.values.size(); ++k) {
      const double v = curve.values[k];
      if (!(v > 0.0)) continue;
      script += fmt::format("{} {:.17g}\n", k, v);
      lastIteration = std::max(lastIteration, k);
      lowest = std::min(lowest, v);
      highest = std::max(highest, std::isfinite(v) ? v : highest);
      ++points;
    }
    script += "EOD\n";
    // A solver that stopped at its starting point has one point: draw it as a mark.
    plot += fmt::format("{}$curve{} using 1:2 with {} title {}", plot.empty() ? "plot " : ", ",
                        index, points > 1 ? "lines linewidth 2" : "points pointsize 1.5",
                        gnuplotString(curve.label));
    ++index;
  }
  if (index == 0)
    throw std::runtime_error(
        "no residual history to plot (every value is zero or none was recorded)");
  // Explicit ranges: gnuplot's autoscale warns on a single iteration or a flat curve.
  script += fmt::format("set xrange [0:{}]\n", lastIteration);
  if (highest > 0.0 && highest <= lowest * 10.0)
    script += fmt::format("set yrange [{:.6g}:{:.6g}]\n", lowest / 10.0, highest * 10.0);
  return script + plot + "\n";
}

void writeResidualPlot(const std::vector<ResidualCurve>& curves,
                       const std::filesystem::path& output,
                       const std::string& title,
                       std::string_view terminal) {
  runGnuplot(
      [&](const std::filesystem::path& file) {
        return residualPlotScript(curves, file, title, terminal);
      },
      output);
}

}  // namespace mlcp::compare
