#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlcp::bench {

/// One column of a benchmark table: a configured solver.
struct Contender {
  std::string label;  ///< column name ("dantzig", "dantzig ODE mode", "bullet-dantzig", ...)
  bool peer = false;  ///< another project's solver: the time ratios are taken to the fastest peer
  std::unique_ptr<MixedLCP> solver;
  /// The form of A the solver is handed (the problem's own when empty): "pgs" on a dense A and
  /// "pgs-matrix-free" on the factors are the same solver on two forms.
  std::optional<MatrixForm> form = std::nullopt;
};

/// Pivoting methods, as built here: our Dantzig with its default options (friction bounds made
/// consistent with the final normal forces) and in ODE mode (refreshFrictionBounds = false: one
/// pass, bounds fixed once, as the peers do); the peers bullet-dantzig and dart-dantzig; our
/// lemke, and siconos-lemke (lexicographic Lemke; pure LCPs only) to compare it with.
std::vector<Contender> pivotingContenders();

/// Iterative methods at exactly `sweeps` sweeps (tolerance off): pgs and apgd on the assembled
/// dense A (our defaults otherwise: PGS omega = 1.3), the same on the factors J, M^-1 (labels
/// "pgs-matrix-free", "apgd-matrix-free") when factorForm, and the peers bullet-pgs and dart-pgs
/// (plain Gauss-Seidel; DART's change tests off).
std::vector<Contender> iterativeContenders(int sweeps, bool factorForm);

/// The problem with A in the contender's form (Contender::form), converted from the problem's.
/// @throws std::invalid_argument when the factor form is asked of a problem that lacks it
Problem inForm(const Problem& problem, std::optional<MatrixForm> form);

/// True when the peer solvers of the adapters were built (registered by
/// mlcp::adapters::registerAdapterSolvers()).
bool peersAvailable();

}  // namespace mlcp::bench
