#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace mlcp::app {

/// `text` as a gnuplot single-quoted string, quotes included: ' is doubled, line breaks are
/// dropped.
std::string gnuplotString(std::string_view text);

/// Runs `gnuplot` (through a pipe) on `script`, which must write the PNG `output`. A stale
/// `output` is removed first, so an existing file afterwards is the new one.
/// @throws std::runtime_error when gnuplot is missing (install gnuplot-nox) or fails, or when
///         `output` was not written
void runGnuplot(const std::string& script, const std::filesystem::path& output);

}  // namespace mlcp::app
