#pragma once

#include <CLI/CLI.hpp>

namespace mlcp::app {

/// Each adds its subcommand to the app; the callback runs it and sets the exit code.
void addSolveCommand(CLI::App& app, int& exitCode);
void addCompareCommand(CLI::App& app, int& exitCode);
void addSimulateCommand(CLI::App& app, int& exitCode);
void addCaptureCommand(CLI::App& app, int& exitCode);

}  // namespace mlcp::app
