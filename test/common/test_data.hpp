#pragma once

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <optional>
#include <vector>

namespace mlcp::test {

/// The shared problem folder (../shared/data beside the checkout), or nullopt when it is absent
/// (tests then skip what needs it, with a message).
std::optional<std::filesystem::path> sharedDataDir();

/// The *.blcp files under sharedDataDir()/relative, sorted; empty when absent.
std::vector<std::filesystem::path> sharedBlcpFiles(const std::filesystem::path& relative);

/// Boost.Test precondition: the test runs only when sharedDataDir() exists; otherwise it is
/// skipped with the message "../shared/data is absent".
struct SharedData {
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const;
};

}  // namespace mlcp::test
