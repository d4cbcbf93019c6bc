#pragma once

#include <mlcp/mixed_lcp.hpp>

#include <string>
#include <vector>

namespace mlcp::app {

/// One (problem, solver) run, as the tools print it.
struct RunRecord {
  std::string problem;
  std::string solver;
  int n = 0;
  int nub = 0;
  int frictionRows = 0;
  Status status = Status::NotSolved;
  std::string message;
  int iterations = 0;
  int pivots = 0;
  double timeMicroseconds = 0.0;  ///< median over the repeats
  double residualAbsolute = 0.0;
  double residualRelative = 0.0;
};

/// Solves `problem` `repeat` times with `solver` and records the last report and the median time.
RunRecord runSolver(MixedLCP& solver, const Problem& problem, const std::string& label, int repeat);

/// One JSON object on one line with the documented keys (docs/cli.md): problem, solver, n, nub,
/// friction_rows, status, message, iterations, pivots, time_us, residual_abs, residual_rel.
std::string toJson(const RunRecord& record);

/// Header and one row of the human-readable table.
std::string tableHeader();
std::string tableRow(const RunRecord& record);

}  // namespace mlcp::app
