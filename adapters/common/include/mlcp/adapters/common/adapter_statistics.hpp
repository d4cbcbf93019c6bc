#pragma once

#include <mlcp/core/report.hpp>

#include <array>
#include <string>

namespace mlcp::adapters {

/// Running totals of an adapter that hands a host's problems to a MixedLCP: how many, how big,
/// how they ended, and how many the host was told had failed (the host then falls back).
struct AdapterStatistics {
  /// Number of Status enumerators (NotSolved .. InvalidProblem).
  static constexpr int kStatusCount = 10;

  int solves = 0;                    ///< problems handed to the solver (n > 0)
  int rejected = 0;                  ///< of those, results reported to the host as failures
  int largestSize = 0;               ///< largest n seen
  double maxRelativeResidual = 0.0;  ///< largest relative spec residual among accepted results
  double solveSeconds = 0.0;         ///< total wall time inside MixedLCP::solve() (unit: s)
  long long iterations = 0;          ///< total iterations (Dantzig: friction rounds)
  std::array<int, kStatusCount> byStatus{};  ///< solves per Status, indexed by its value

  /// Adds one solve of size n and whether the host was told it succeeded.
  void record(const SolveReport& report, int n, bool accepted);
  /// One line: "solves 600 (rejected 0), n <= 120, max accepted residual 1e-12, 0.35 s,
  /// converged 600".
  std::string summary() const;
};

}  // namespace mlcp::adapters
