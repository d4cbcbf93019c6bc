#pragma once

#include <mlcp/compare/html_report.hpp>
#include <mlcp/compare/residual_plot.hpp>
#include <mlcp/compare/run_record.hpp>

#include <string>
#include <vector>

namespace mlcp::compare {

/// The convergence plots of `mlcp compare`, gathered problem by problem: the curves of the one
/// plot --plot draws (every recorded history of the batch, at most kMaxCurves) and, for
/// --html, one compact PNG per problem (kCompactTerminal, 640 x 400) drawn as soon as its
/// records arrive (so that the histories need not be kept).
class ConvergencePlots {
 public:
  /// Curves beyond this many make an unreadable legend; the rest are left out (and counted).
  static constexpr size_t kMaxCurves = 24;

  /// @param[in] severalProblems label the --plot curves "solver: file" rather than "solver"
  /// @param[in] perProblem draw one PNG per problem (needs gnuplot)
  ConvergencePlots(bool severalProblems, bool perProblem);

  /// Adds the drawable histories of one problem's records (RunRecord::residualHistory).
  /// @throws std::runtime_error when a per-problem PNG cannot be drawn (see runGnuplot())
  void add(const std::string& problem, const std::vector<RunRecord>& records);

  /// The curves of the --plot figure, in batch order.
  const std::vector<ResidualCurve>& curves() const { return m_curves; }
  /// Drawable histories left out of curves() by kMaxCurves.
  size_t droppedCurves() const { return m_dropped; }
  /// One figure per problem that has a drawable history (empty unless perProblem).
  const std::vector<PngFigure>& perProblem() const { return m_figures; }

 private:
  void drawProblem(const std::string& problem, const std::vector<ResidualCurve>& curves);

  bool m_severalProblems;
  bool m_perProblem;
  std::vector<ResidualCurve> m_curves;
  size_t m_dropped = 0;
  std::vector<PngFigure> m_figures;
};

}  // namespace mlcp::compare
