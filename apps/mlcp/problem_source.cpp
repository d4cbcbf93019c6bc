#include "problem_source.hpp"

#include <mlcp/blcp_io.hpp>
#include <mlcp/random_problem.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mlcp::app {

namespace fs = std::filesystem;

std::vector<ProblemSource> sourcesFromPaths(const std::vector<std::string>& paths) {
  std::vector<ProblemSource> sources;
  for (const std::string& name : paths) {
    const fs::path path(name);
    if (!fs::exists(path))
      throw std::runtime_error(fmt::format("{}: no such file or directory", name));
    std::vector<fs::path> files;
    if (fs::is_directory(path)) {
      for (const auto& entry : fs::recursive_directory_iterator(path))
        if (entry.is_regular_file() && entry.path().extension() == ".blcp")
          files.push_back(entry.path());
      std::sort(files.begin(), files.end());
    } else {
      files.push_back(path);
    }
    for (const fs::path& file : files)
      sources.push_back({file.string(), [file] { return readBlcp(file); }});
  }
  return sources;
}

std::vector<ProblemSource> builtInSources() {
  std::vector<ProblemSource> sources;
  for (const int n : {12, 60, 200, 600}) {
    for (const std::uint64_t seed : {1u, 2u}) {
      RandomProblemOptions options;
      options.n = n;
      options.seed = seed;
      sources.push_back({fmt::format("random-n{}-seed{}", n, seed),
                         [options] { return randomProblem(options); }});
    }
  }
  return sources;
}

}  // namespace mlcp::app
