#include "run_record.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace mlcp::app {

namespace {

std::string jsonString(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\u{:04x}", static_cast<int>(c));
        else
          out += c;
    }
  }
  return out + "\"";
}

// JSON has no NaN or Inf: those become null.
std::string jsonNumber(double value) {
  return std::isfinite(value) ? fmt::format("{:.6g}", value) : "null";
}

}  // namespace

RunRecord runSolver(MixedLCP& solver,
                    const Problem& problem,
                    const std::string& label,
                    int repeat) {
  RunRecord record;
  record.problem = label;
  record.solver = std::string(solver.name());
  record.n = problem.size();
  record.nub = problem.nub;
  record.frictionRows = problem.frictionRows();
  solver.setProblem(problem);
  std::vector<double> times;
  for (int k = 0; k < std::max(repeat, 1); ++k) {
    const SolveReport& report = solver.solve();
    times.push_back(report.solveSeconds * 1e6);
  }
  std::sort(times.begin(), times.end());
  const size_t m = times.size();
  record.timeMicroseconds = m % 2 == 1 ? times[m / 2] : 0.5 * (times[m / 2 - 1] + times[m / 2]);
  const SolveReport& report = solver.report();
  record.status = report.status;
  record.message = report.message;
  record.iterations = report.iterations;
  record.pivots = report.pivots;
  record.residualAbsolute = report.absoluteResidual;
  record.residualRelative = report.relativeResidual;
  return record;
}

std::string toJson(const RunRecord& r) {
  return fmt::format(
      "{{\"problem\": {}, \"solver\": {}, \"n\": {}, \"nub\": {}, \"friction_rows\": {}, "
      "\"status\": \"{}\", \"message\": {}, \"iterations\": {}, \"pivots\": {}, \"time_us\": {}, "
      "\"residual_abs\": {}, \"residual_rel\": {}}}",
      jsonString(r.problem), jsonString(r.solver), r.n, r.nub, r.frictionRows, r.status,
      jsonString(r.message), r.iterations, r.pivots, jsonNumber(r.timeMicroseconds),
      jsonNumber(r.residualAbsolute), jsonNumber(r.residualRelative));
}

std::string tableHeader() {
  return fmt::format("{:<44} {:>5} {:>4} {:>5} {:<16} {:<16} {:>6} {:>7} {:>11} {:>10} {:>10}",
                     "problem", "n", "nub", "fric", "solver", "status", "iters", "pivots",
                     "time_us", "res_abs", "res_rel");
}

std::string tableRow(const RunRecord& r) {
  std::string problem = r.problem;
  if (problem.size() > 44) problem = "..." + problem.substr(problem.size() - 41);
  return fmt::format("{:<44} {:>5} {:>4} {:>5} {:<16} {:<16} {:>6} {:>7} {:>11.1f} {:>10.2e} "
                     "{:>10.2e}",
                     problem, r.n, r.nub, r.frictionRows, r.solver, r.status, r.iterations,
                     r.pivots, r.timeMicroseconds, r.residualAbsolute, r.residualRelative);
}

}  // namespace mlcp::app
