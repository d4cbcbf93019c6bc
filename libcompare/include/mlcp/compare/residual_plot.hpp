#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::compare {

/// One curve of a convergence plot: the scaled residual per iteration of one solver on one
/// problem (SolveReport::residualHistory, entry 0 = the starting point).
struct ResidualCurve {
  std::string label;           ///< legend entry ("pgs", or "pgs: file.blcp")
  std::vector<double> values;  ///< scaled residual (dimensionless), one per iteration
};

/// gnuplot's terminal for a figure file: anti-aliased PNG, 1100 x 700.
inline constexpr std::string_view kFigureTerminal =
    "pngcairo size 1100,700 noenhanced font 'Sans,11'";
/// gnuplot's terminal for the many figures a page embeds: a palette PNG (libgd, no
/// anti-aliasing), 640 x 400, about a tenth of kFigureTerminal's bytes.
inline constexpr std::string_view kCompactTerminal = "png size 640,400 noenhanced";

/// True when the curve has a value a log axis can show (> 0).
bool drawable(const ResidualCurve& curve);

/// Draws the curves as a PNG with gnuplot (`terminal`, called through a pipe): residual
/// on a log scale against the iteration, axes labelled with units, a legend and `title`.
/// Non-positive values (an exact zero residual) cannot be drawn on a log axis and are left out.
/// @throws std::runtime_error when no curve has a positive value, when gnuplot is missing or
///         fails, or when the file was not written
void writeResidualPlot(const std::vector<ResidualCurve>& curves,
                       const std::filesystem::path& output,
                       const std::string& title,
                       std::string_view terminal = kFigureTerminal);

/// The gnuplot script writeResidualPlot() runs (data inline), for inspection and tests.
std::string residualPlotScript(const std::vector<ResidualCurve>& curves,
                               const std::filesystem::path& output,
                               const std::string& title,
                               std::string_view terminal = kFigureTerminal);

}  // namespace mlcp::compare
