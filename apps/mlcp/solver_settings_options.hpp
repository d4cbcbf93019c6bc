#pragma once

#include <mlcp/core/solver_factory.hpp>

#include <CLI/CLI.hpp>

namespace mlcp::app {

/// Adds --max-iterations, --tol, --omega and --max-seconds to a subcommand; each fills the
/// matching SolverSettings field only when given, so solvers keep their own defaults otherwise.
void addSolverSettingsOptions(CLI::App& cmd, SolverSettings& settings);

}  // namespace mlcp::app
