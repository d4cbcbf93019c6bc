#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/solved_criterion.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlcp::compare {

double timeRatio(double time, double fastest) {
  return std::max(time, 1e-3) / std::max(fastest, 1e-3);
}

void markWinner(std::vector<RunRecord>& problemRecords, double threshold) {
  RunRecord* best = nullptr;
  for (RunRecord& record : problemRecords) {
    record.winner = false;
    if (!isSolved(record, threshold)) continue;
    if (best == nullptr || record.timeMicroseconds < best->timeMicroseconds) best = &record;
  }
  if (best != nullptr) best->winner = true;
}

CompareSummary::Totals& CompareSummary::totalsOf(const std::string& solver) {
  for (Totals& t : m_totals)
    if (t.summary.solver == solver) return t;
  m_totals.push_back({});
  m_totals.back().summary.solver = solver;
  return m_totals.back();
}

void CompareSummary::add(const std::vector<RunRecord>& problemRecords) {
  ++m_problems;
  double winnerTime = 0.0;
  for (const RunRecord& record : problemRecords)
    if (record.winner) winnerTime = record.timeMicroseconds;
  for (const RunRecord& record : problemRecords) {
    Totals& totals = totalsOf(record.solver);
    SolverSummary& s = totals.summary;
    if (!record.applicable()) continue;
    ++s.applicable;
    if (record.winner) ++s.wins;
    if (!isSolved(record, m_threshold)) continue;
    ++s.solved;
    totals.logRatioSum += std::log(timeRatio(record.timeMicroseconds, winnerTime));
  }
}

std::vector<SolverSummary> CompareSummary::solvers() const {
  std::vector<SolverSummary> result;
  for (const Totals& t : m_totals) {
    SolverSummary s = t.summary;
    s.notApplicable = m_problems - s.applicable;
    s.timeRatio = s.solved > 0 ? std::exp(t.logRatioSum / s.solved)
                               : std::numeric_limits<double>::quiet_NaN();
    result.push_back(s);
  }
  return result;
}

std::string CompareSummary::format() const {
  std::string out = fmt::format(
      "summary over {} problem(s)\n"
      "  solved:       {} <= {:g} on the solver's answer, counted over the problems it applies to\n"
      "  n/a:          the solver cannot take the problem (boxes, friction rows, free rows or a\n"
      "                non-symmetric A): neither solved nor failed\n"
      "  time-limit:   the solve stopped at, or ran beyond, the time budget (--max-seconds): "
      "not solved\n"
      "  time:         {}\n"
      "  time/fastest: geometric mean over its solved problems of its time / the fastest time\n",
      m_problems, kSolvedMeasure.name, m_threshold, timeMeasureText(m_repeats));
  out += fmt::format("  {:<20} {:>6} {:>4} {:>4} {:>6} {:>5}  {}\n", "solver", "solved", "of",
                     "n/a", "failed", "wins", "time/fastest");
  for (const SolverSummary& s : solvers()) {
    const std::string ratio =
        std::isfinite(s.timeRatio) ? fmt::format("{:.2f}", s.timeRatio) : std::string("-");
    out += fmt::format("  {:<20} {:>6} {:>4} {:>4} {:>6} {:>5}  {}\n", s.solver, s.solved,
                       s.applicable, s.notApplicable, s.failed(), s.wins, ratio);
  }
  return out;
}

}  // namespace mlcp::compare
