#include "commands.hpp"
#include "problem_source.hpp"
#include "run_record.hpp"
#include "scene_source.hpp"
#include "solver_settings_options.hpp"

#include <mlcp/blcp_io.hpp>
#include <mlcp/solver_factory.hpp>

#include <fmt/format.h>

#include <filesystem>
#include <sstream>

namespace mlcp::app {

namespace {

struct CompareArguments {
  std::vector<std::string> paths;
  std::string solvers = "all";
  bool json = false;
  int repeat = 1;
  SolverSettings settings;
  bool builtIn = false;
  bool skipMissing = false;
  SceneArguments scene;
};

std::vector<std::string> splitList(const std::string& list) {
  if (list == "all") return solverNames();
  std::vector<std::string> names;
  std::stringstream stream(list);
  for (std::string name; std::getline(stream, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

}  // namespace

void addCompareCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<CompareArguments>();
  CLI::App* cmd = app.add_subcommand(
      "compare", "Run every chosen solver on every problem and print one row per pair");
  cmd->add_option("paths", args->paths,
                  "BLCP files or directories (*.blcp inside); none: the built-in set");
  cmd->add_flag("--built-in", args->builtIn, "Also run the built-in generated problems");
  cmd->add_flag("--skip-missing", args->skipMissing,
                "Skip paths that do not exist (with a note) instead of failing");
  cmd->add_option("--solvers", args->solvers, "Comma-separated solver names, or 'all'");
  cmd->add_flag("--json", args->json, "One JSON object per (problem, solver) instead of a table");
  cmd->add_option("--repeat", args->repeat, "Solve K times; the time is the median")
      ->check(CLI::PositiveNumber);
  addSolverSettingsOptions(*cmd, args->settings);
  addSceneOptions(*cmd, args->scene, true);
  cmd->callback([args, &exitCode] {
    std::vector<ProblemSource> sources;
    if ((args->paths.empty() && args->scene.scene.empty()) || args->builtIn)
      sources = builtInSources();
    for (ProblemSource& s : sceneSources(args->scene)) sources.push_back(std::move(s));
    std::vector<std::string> paths;
    for (const std::string& path : args->paths) {
      if (args->skipMissing && !std::filesystem::exists(path)) {
        fmt::print(stderr, "mlcp: {} is absent, skipped\n", path);
        continue;
      }
      paths.push_back(path);
    }
    for (ProblemSource& s : sourcesFromPaths(paths)) sources.push_back(std::move(s));
    const std::vector<std::string> names = splitList(args->solvers);
    std::vector<std::unique_ptr<MixedLCP>> solvers;
    for (const std::string& name : names) solvers.push_back(makeSolver(name, args->settings));

    if (!args->json) fmt::print("{}\n", tableHeader());
    for (const ProblemSource& source : sources) {
      Problem problem;
      try {
        problem = source.load();
      } catch (const ParseError& e) {
        fmt::print(stderr, "mlcp: {}\n", e.what());
        exitCode = 2;
        continue;
      }
      for (auto& solver : solvers) {
        // Matrix-free solvers only run on problems that carry J and M^-1 (the built-in
        // contact problems); `mlcp solve` still reports the missing factors when asked.
        if (solver->capabilities().requiresMatrixFree && !problem.matrixFree) continue;
        const RunRecord record = runSolver(*solver, problem, source.label, args->repeat);
        fmt::print("{}\n", args->json ? toJson(record) : tableRow(record));
      }
    }
  });
}

}  // namespace mlcp::app
