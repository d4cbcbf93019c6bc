#pragma once

#include "bench_problems.hpp"

#include <string>
#include <vector>

namespace mlcp::bench {

/// How the exact solvers are timed against the peers' Dantzig.
struct ExactSectionOptions {
  /// Our solvers (registered names) and the peers (their Dantzig, on the dense A).
  std::vector<std::string> solvers = {"bpp",  "polish", "islands:bpp",
                                      "auto", "newton", "newton-primal"};
  std::vector<std::string> peers = {"bullet-dantzig", "dart-dantzig"};
  /// Time limit of one solve (unit: s): ours stop at it (SolverSettings::maxSeconds), a peer's
  /// solve is ended from outside (its own process, killed; printed "> limit").
  double limitSeconds = 20.0;
  /// Solving time per solver and problem after which no more repeats start (unit: s).
  double budgetSeconds = 0.5;
  int maxRepeats = 9;
};

/// The section "Exact solvers against the peers' Dantzig" of mlcp_bench_peers (markdown): per
/// problem, each exact solver's median CPU time of a cold solve (a new solver each time, so no
/// partition or factorization is kept from the solve before), its status, scaled and relative
/// residual, its ratio to the faster peer's median, and the goal (exact, both residuals <= 1e-8,
/// in at most 0.5x the faster peer's time); on CFM-free problems (A's low-rank form has C = 0)
/// also the residual reached when 1e-11 is asked (the no-floor goal: <= 1e-10). Then per
/// solver the geometric mean of the ratios and a verdict. Dense solvers
/// (Capabilities::denseA) are not run above 5000 rows.
std::string exactAgainstPeers(const std::vector<BenchProblem>& problems,
                              const ExactSectionOptions& options);

}  // namespace mlcp::bench
