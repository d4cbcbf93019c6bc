#include "problem_source.hpp"

#include <mlcp/blcp_io.hpp>
#include <mlcp/contact_graph.hpp>
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
  // Contact problems that also carry J, M^-1 and cfm, for the matrix-free solvers.
  for (const double ratio : {1.0, 100.0}) {
    BoxStackOptions options;
    options.columnsX = 3;
    options.columnsY = 2;
    options.layers = 4;
    options.topMassRatio = ratio;
    sources.push_back({fmt::format("box-stacks-3x2x4-ratio{}", ratio), [options] {
                         return toProblem(
                             std::make_shared<const MatrixFreeProblem>(boxStacks(options)));
                       }});
  }
  return sources;
}

}  // namespace mlcp::app
