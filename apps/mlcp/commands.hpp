#pragma once

#include <CLI/CLI.hpp>

namespace mlcp::app {

/// Each adds its subcommand to the app; the callback runs it and sets the exit code
/// (docs/cli.md: 0 success, 1 not solved or not valid, 2 bad input).
void addSolveCommand(CLI::App& app, int& exitCode);
void addCompareCommand(CLI::App& app, int& exitCode);
void addSimulateCommand(CLI::App& app, int& exitCode);
void addValidateCommand(CLI::App& app, int& exitCode);
void addConvertCommand(CLI::App& app, int& exitCode);
void addInfoCommand(CLI::App& app, int& exitCode);
void addCaptureCommand(CLI::App& app, int& exitCode);

}  // namespace mlcp::app
