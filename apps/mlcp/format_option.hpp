#pragma once

#include <mlcp/io/problem_file.hpp>

#include <CLI/CLI.hpp>

namespace mlcp::app {

/// Adds `--format NAME` (mlcp::problemFormatNames()) to a subcommand; an unknown name is a
/// CLI::ValidationError naming the formats.
void addFormatOption(CLI::App& cmd, ProblemFormat& format);

}  // namespace mlcp::app
