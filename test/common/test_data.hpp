#pragma once

#include <filesystem>
#include <optional>
#include <vector>

namespace mlcp::test {

/// The shared problem folder (../shared/data beside the checkout), or nullopt when it is absent
/// (tests then skip what needs it, with a message).
std::optional<std::filesystem::path> sharedDataDir();

/// The *.blcp files under sharedDataDir()/relative, sorted; empty when absent.
std::vector<std::filesystem::path> sharedBlcpFiles(const std::filesystem::path& relative);

}  // namespace mlcp::test
