#pragma once

#include <mlcp/core/solver_factory.hpp>

#include <CLI/CLI.hpp>

#include <string>

namespace mlcp::app {

/// Adds one flag per option of the registered solvers' options tables (--NAME, '-' for '_';
/// --tol and the deprecated --omega as aliases of --relative-tolerance and --relaxation). Each
/// checks its value as the first solver taking it does (the library's message, as Python's)
/// and sets it in `settings` only when given, so solvers keep their own defaults otherwise.
void addSolverSettingsOptions(CLI::App& cmd, SolverSettings& settings);

/// One line per registered solver: its name and the names of its options ("pgs: max_iterations
/// ... seed"), the footer of `mlcp compare --help`.
std::string solverOptionListing();

}  // namespace mlcp::app
