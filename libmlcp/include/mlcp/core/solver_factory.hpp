#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp {

/// Settings a caller (a command line, an adapter) may pass to any solver by name; each solver
/// applies those that mean something to it and ignores the others.
struct SolverSettings {
  std::optional<int> maxIterations;         ///< iterations, or Dantzig's friction rounds
  std::optional<double> relativeTolerance;  ///< on the spec's relative residual
  std::optional<double> relaxation;         ///< SOR factor omega of PGS
  std::optional<double> maxSeconds;         ///< wall-time limit per solve (unit: s)
  std::optional<bool> recordHistory;        ///< fill SolveReport::residualHistory (iterative)
};

/// Makes a solver from settings.
using SolverMaker = std::function<std::unique_ptr<MixedLCP>(const SolverSettings&)>;

/// One entry of the solver registry.
struct SolverEntry {
  std::string name;         ///< "dantzig", "pgs", ...
  std::string description;  ///< one line for `mlcp --help` and listings
  SolverMaker make;         ///< makes a solver with the given settings
};

/// Registers a solver under a name, so makeSolver() and the tools can make it (adapters call
/// this for the peers' solvers). A second registration of a name replaces the first.
void registerSolver(SolverEntry entry);

/// The registered solvers, built-in ones first, in registration order.
std::vector<SolverEntry> registeredSolvers();

/// Names of the registered solvers, in registration order.
std::vector<std::string> solverNames();

/// Makes the solver registered as `name` ("dantzig", ...): how apps and adapters hot-swap them.
/// The names of earlier versions "pgs-matrix-free" and "apgd-matrix-free" make "pgs" and "apgd"
/// (which work on the factors of A when the problem holds them). "islands:NAME" makes NAME island
/// by island (mlcp::IslandSolver), for any registered NAME.
/// @throws std::invalid_argument for an unknown name; the message lists the known names.
std::unique_ptr<MixedLCP> makeSolver(std::string_view name, const SolverSettings& settings = {});

}  // namespace mlcp
