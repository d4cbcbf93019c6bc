#pragma once

#include "bench_timing.hpp"

#include <string>
#include <vector>

namespace mlcp::bench {

/// One solver's result on one problem.
struct Cell {
  std::string label;
  bool peer = false;
  TimedSolve timing;           ///< one solve (pivoting), or the longer run (iterative)
  double perSweepSeconds = 0;  ///< iterative: (t(K2) - t(K1)) / (K2 - K1)
};

/// All solvers' results on one problem.
struct Row {
  std::string problem;
  int n = 0;
  int sweeps = 0;  ///< iterative: sweeps of the longer run (its residual is shown)
  std::vector<Cell> cells;
};

/// A relative residual above this is not a solution of the BLCP: such results are marked "✗".
constexpr double kWrongResidual = 1e-6;

/// Markdown table of the pivoting methods: per problem and solver the median time, its ratio to
/// the fastest peer, the relative residual (and the status when not converged or inaccurate);
/// then the goal columns (n >= 100: dantzig and its ODE mode at most half the fastest peer's time
/// at a residual no worse than that peer's).
std::string pivotingTable(const std::vector<Row>& rows);

/// Markdown table of Dantzig's friction rounds: rounds, pivots, the time of the ODE-mode pass and
/// of the full solve, and the share of the later rounds.
std::string roundsTable(const std::vector<Row>& rows);

/// Markdown table of the iterative methods: time per sweep, its ratio to the fastest peer, the
/// residual reached after Row::sweeps; goal columns (dense pgs at most half the fastest peer's
/// time per sweep; matrix-free pgs at most a third of it for n >= 600).
std::string iterativeTable(const std::vector<Row>& rows);

/// "12.3 ms", "45.6 us", "1.23 s".
std::string formatSeconds(double seconds);

}  // namespace mlcp::bench
