#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace mlcp::compare {

/// `text` as a gnuplot single-quoted string, quotes included: ' is doubled, line breaks are
/// dropped.
std::string gnuplotString(std::string_view text);

/// Runs `gnuplot` (through a pipe) on the script `scriptFor(file)` returns, which must write the
/// PNG `file`: a temporary file beside `output` (mlcp::AtomicFile), renamed onto `output` once
/// gnuplot has finished, so that `output` is the old figure or the whole new one.
/// @throws std::runtime_error when gnuplot is missing (install gnuplot-nox) or fails, or when
///         it wrote nothing (`output` is then unchanged)
void runGnuplot(const std::function<std::string(const std::filesystem::path& file)>& scriptFor,
                const std::filesystem::path& output);

}  // namespace mlcp::compare
