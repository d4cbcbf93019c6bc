#pragma once

#include <mlcp/mixed_lcp.hpp>

#include <memory>
#include <string>
#include <vector>

namespace mlcp::bench {

/// One column of a benchmark table: a configured solver.
struct Contender {
  std::string label;  ///< column name ("dantzig", "dantzig ODE mode", "bullet-dantzig", ...)
  bool peer = false;  ///< another project's solver: the time ratios are taken to the fastest peer
  std::unique_ptr<MixedLCP> solver;
};

/// Pivoting methods, as built here: our Dantzig with its default options (friction bounds made
/// consistent with the final normal forces) and in ODE mode (refreshFrictionBounds = false: one
/// pass, bounds fixed once, as the peers do); the peers bullet-dantzig and dart-dantzig; our
/// lemke, and siconos-lemke (lexicographic Lemke; pure LCPs only) to compare it with.
std::vector<Contender> pivotingContenders();

/// Iterative methods at exactly `sweeps` sweeps (tolerance off): pgs and apgd on the assembled A
/// (our defaults otherwise: PGS omega = 1.3), the matrix-free pgs and apgd when matrixFree, and
/// the peers bullet-pgs and dart-pgs (plain Gauss-Seidel; DART's change tests off).
std::vector<Contender> iterativeContenders(int sweeps, bool matrixFree);

/// True when the peer solvers of the adapters were built (registered by
/// mlcp::adapters::registerAdapterSolvers()).
bool peersAvailable();

}  // namespace mlcp::bench
