// mlcp capture: writes the MLCPs a libdynamics scene assembles at chosen steps as BLCP files,
// each row labelled by its joint or contact in a comment (docs/dynamics.md).

#include "commands.hpp"
#include "scene_source.hpp"

#include <mlcp/dantzig_solver.hpp>
#include <mlcp/dynamics/scene.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <sstream>

namespace mlcp::app {

namespace {

struct CaptureArguments {
  SceneArguments scene;
  std::string steps = "0";
  std::string out = ".";
};

std::vector<int> parseSteps(const std::string& list) {
  std::vector<int> steps;
  std::stringstream stream(list);
  for (std::string item; std::getline(stream, item, ',');) {
    size_t used = 0;
    int value = -1;
    try {
      value = std::stoi(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != item.size() || value < 0)
      throw std::invalid_argument(
          fmt::format("--steps: '{}' is not a non-negative integer (give e.g. 30,60,120)", item));
    steps.push_back(value);
  }
  std::sort(steps.begin(), steps.end());
  steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  if (steps.empty()) throw std::invalid_argument("--steps: give at least one step");
  return steps;
}

}  // namespace

void addCaptureCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<CaptureArguments>();
  CLI::App* cmd = app.add_subcommand(
      "capture", "Write the MLCPs a libdynamics scene assembles at given steps as BLCP files");
  addSceneOptions(*cmd, args->scene, false);
  cmd->get_option("--scene")->required();
  cmd->add_option("--steps", args->steps,
                  "Comma-separated steps K (the problem assembled after K steps; 0: initial)");
  cmd->add_option("--out", args->out, "Directory for NAME_stepK.blcp (created if missing)");
  cmd->callback([args, &exitCode] {
    const std::vector<int> steps = parseSteps(args->steps);
    std::filesystem::create_directories(args->out);
    dynamics::Scene scene = dynamics::makeScene(args->scene.scene, args->scene.parameters);
    DantzigSolver solver;
    for (const int step : steps) {
      const dynamics::StepProblem problem =
          dynamics::sceneStepProblem(scene, step, solver, args->scene.dt);
      const std::filesystem::path file =
          std::filesystem::path(args->out) / fmt::format("{}_step{}.blcp", scene.name, step);
      dynamics::writeLabelledBlcp(problem, file);
      fmt::print("{}: n = {}, {} contacts, {} friction rows\n", file.string(), problem.size(),
                 problem.contactCount, (problem.problem.findex.array() >= 0).count());
    }
    exitCode = 0;
  });
}

}  // namespace mlcp::app
