#include "compare_summary.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace mlcp::app {

void markWinner(std::vector<RunRecord>& problemRecords) {
  RunRecord* best = nullptr;
  for (RunRecord& record : problemRecords) {
    record.winner = false;
    if (record.status != Status::Converged) continue;
    if (best == nullptr || record.timeMicroseconds < best->timeMicroseconds) best = &record;
  }
  if (best != nullptr) best->winner = true;
}

void CompareSummary::add(const std::vector<RunRecord>& problemRecords) {
  ++m_problems;
  double winnerTime = 0.0;
  for (const RunRecord& record : problemRecords)
    if (record.winner) winnerTime = record.timeMicroseconds;
  for (const RunRecord& record : problemRecords) {
    Totals* totals = nullptr;
    for (Totals& t : m_totals)
      if (t.summary.solver == record.solver) totals = &t;
    if (totals == nullptr) {
      m_totals.push_back({});
      totals = &m_totals.back();
      totals->summary.solver = record.solver;
    }
    SolverSummary& s = totals->summary;
    ++s.runs;
    if (record.winner) ++s.wins;
    if (record.status != Status::Converged) continue;
    ++s.solved;
    // Sub-microsecond times are clamped so that a ratio never divides by zero.
    const double ratio = std::max(record.timeMicroseconds, 1e-3) / std::max(winnerTime, 1e-3);
    totals->logRatioSum += std::log(ratio);
  }
}

std::vector<SolverSummary> CompareSummary::solvers() const {
  std::vector<SolverSummary> result;
  for (const Totals& t : m_totals) {
    SolverSummary s = t.summary;
    s.timeRatio = s.solved > 0 ? std::exp(t.logRatioSum / s.solved)
                               : std::numeric_limits<double>::quiet_NaN();
    result.push_back(s);
  }
  return result;
}

std::string CompareSummary::format() const {
  std::string out = fmt::format("summary over {} problem(s):\n", m_problems);
  out += fmt::format("  {:<18} {:>6} {:>6} {:>6}  {}\n", "solver", "solved", "of", "wins",
                     "time / fastest (geometric mean over solved problems)");
  for (const SolverSummary& s : solvers()) {
    const std::string ratio =
        std::isfinite(s.timeRatio) ? fmt::format("{:.2f}", s.timeRatio) : std::string("-");
    out +=
        fmt::format("  {:<18} {:>6} {:>6} {:>6}  {}\n", s.solver, s.solved, s.runs, s.wins, ratio);
  }
  return out;
}

}  // namespace mlcp::app
