#include <mlcp/compare/convergence_plots.hpp>

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace mlcp::compare {

ConvergencePlots::ConvergencePlots(bool severalProblems, bool perProblem)
    : m_severalProblems(severalProblems), m_perProblem(perProblem) {}

void ConvergencePlots::add(const std::string& problem, const std::vector<RunRecord>& records) {
  std::vector<ResidualCurve> problemCurves;
  for (const RunRecord& record : records) {
    // A history of exact zeros (a warm start that already solves) has nothing to draw.
    const ResidualCurve curve{record.solver, record.residualHistory};
    if (!drawable(curve)) continue;
    if (m_perProblem) problemCurves.push_back(curve);
    if (m_curves.size() == kMaxCurves) {
      ++m_dropped;
      continue;
    }
    const std::string file = std::filesystem::path(problem).filename().string();
    m_curves.push_back(
        {m_severalProblems ? fmt::format("{}: {}", record.solver, file) : record.solver,
         record.residualHistory});
  }
  if (!problemCurves.empty()) drawProblem(problem, problemCurves);
}

void ConvergencePlots::drawProblem(const std::string& problem,
                                   const std::vector<ResidualCurve>& curves) {
  const std::filesystem::path png =
      std::filesystem::temp_directory_path() / fmt::format("mlcp-convergence-{}.png", getpid());
  const std::string title = fmt::format("Convergence on {}", problem);
  writeResidualPlot(curves, png, title, kCompactTerminal);
  std::ifstream in(png, std::ios::binary);
  m_figures.push_back(
      {title, std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()),
       problem});
  in.close();
  std::filesystem::remove(png);
}

}  // namespace mlcp::compare
