#include "test_data.hpp"

#include <algorithm>
#include <cstdlib>

namespace mlcp::test {

std::optional<std::filesystem::path> sharedDataDir() {
  std::filesystem::path dir = MLCP_SHARED_DATA_DIR;
  if (const char* env = std::getenv("MLCP_SHARED_DATA_DIR")) dir = env;
  if (!std::filesystem::is_directory(dir)) return std::nullopt;
  return dir;
}

std::vector<std::filesystem::path> sharedBlcpFiles(const std::filesystem::path& relative) {
  std::vector<std::filesystem::path> files;
  const auto dir = sharedDataDir();
  if (!dir || !std::filesystem::is_directory(*dir / relative)) return files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(*dir / relative))
    if (entry.is_regular_file() && entry.path().extension() == ".blcp")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

boost::test_tools::assertion_result SharedData::operator()(boost::unit_test::test_unit_id) const {
  boost::test_tools::assertion_result result(sharedDataDir().has_value());
  result.message() << "../shared/data is absent";
  return result;
}

}  // namespace mlcp::test
