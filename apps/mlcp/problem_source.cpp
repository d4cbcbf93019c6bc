#include "problem_source.hpp"

#include <mlcp/dynamics/scene_stepper.hpp>
#include <mlcp/generators/random_problem.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mlcp::app {

namespace fs = std::filesystem;

std::vector<LabelledPath> problemFiles(const std::vector<std::string>& paths) {
  std::vector<LabelledPath> files;
  for (const std::string& name : paths) {
    const fs::path path(name);
    if (!fs::exists(path))
      throw std::runtime_error(fmt::format("{}: no such file or directory", name));
    if (!fs::is_directory(path)) {
      files.push_back({name, path});
      continue;
    }
    std::vector<fs::path> inside;
    for (const auto& entry : fs::recursive_directory_iterator(path))
      if (entry.is_regular_file() && isProblemFileName(entry.path()))
        inside.push_back(entry.path());
    std::sort(inside.begin(), inside.end());
    const fs::path base = path.has_filename() ? path : path.parent_path();
    for (const fs::path& file : inside)
      files.push_back({(base.filename() / file.lexically_relative(base)).string(), file});
  }
  return files;
}

std::vector<ProblemSource> sourcesFromPaths(const std::vector<std::string>& paths,
                                            ProblemFormat format) {
  std::vector<ProblemSource> sources;
  for (LabelledPath& file : problemFiles(paths)) {
    sources.push_back({std::move(file.label),
                       [path = file.path, format] { return readProblemFile(path, format); }});
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
      sources.push_back({fmt::format("random-n{}-seed{}", n, seed), [options] {
                           ProblemFile file;
                           file.problem = randomProblem(options);
                           return file;
                         }});
    }
  }
  // Contact problems that also carry J, M^-1 and CFM/h, for the matrix-free solvers: the
  // libdynamics columns scene (docs/scenes.md), 3 x 2 columns of 4 cubes, light or heavy on top.
  for (const double ratio : {1.0, 100.0}) {
    sources.push_back({fmt::format("columns-3x2x4-ratio{}", ratio), [ratio] {
                         ProblemFile file;
                         file.problem =
                             mlcp::dynamics::sceneStepProblem(
                                 "columns",
                                 {"nx=3", "ny=2", "layers=4", fmt::format("ratio={}", ratio)}, 0)
                                 .toProblem();
                         return file;
                       }});
  }
  return sources;
}

void addFormatOption(CLI::App& cmd, ProblemFormat& format) {
  cmd.add_option_function<std::string>(
         "--format",
         [&format](const std::string& name) {
           const auto value = problemFormatFromString(name);
           if (!value)
             throw CLI::ValidationError(
                 "--format", fmt::format("unknown format '{}' ({})", name, problemFormatNames()));
           format = *value;
         },
         fmt::format("Input format: {} (auto: from the content, the extension as a hint)",
                     problemFormatNames()))
      ->type_name("NAME");
}

}  // namespace mlcp::app
