#include "solver_settings_options.hpp"

namespace mlcp::app {

void addSolverSettingsOptions(CLI::App& cmd, SolverSettings& settings) {
  cmd.add_option_function<int>(
         "--max-iterations", [&settings](int value) { settings.maxIterations = value; },
         "Iteration limit of iterative solvers (Dantzig: friction rounds)")
      ->check(CLI::PositiveNumber);
  cmd.add_option_function<double>(
         "--tol", [&settings](double value) { settings.relativeTolerance = value; },
         "Tolerance on the scaled and the relative natural-map residual (converged: both at most "
         "this)")
      ->check(CLI::NonNegativeNumber);
  cmd.add_option_function<double>(
         "--omega", [&settings](double value) { settings.relaxation = value; },
         "Relaxation factor of PGS (SOR), 0 < omega < 2")
      ->check(CLI::Range(0.0, 2.0));
  cmd.add_option_function<double>(
         "--max-seconds", [&settings](double value) { settings.maxSeconds = value; },
         "Wall-time limit per solve in seconds")
      ->check(CLI::NonNegativeNumber);
}

}  // namespace mlcp::app
