// The libdynamics mode of `mlcp capture` (no --from): writes the MLCPs a libdynamics scene
// assembles at chosen steps as BLCP files, each row labelled by its joint or contact in a comment
// (docs/dynamics.md).

#include "scene_source.hpp"
#include "stepping_progress.hpp"

#include <mlcp/dynamics/scene_stepper.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace mlcp::app {

std::vector<int> parseStepList(const std::string& list) {
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

void captureScene(const SceneArguments& scene,
                  const std::vector<int>& steps,
                  const std::string& out) {
  std::filesystem::create_directories(out);
  dynamics::Scene built = dynamics::makeScene(scene.scene, scene.parameters);
  dynamics::SceneStepper stepper(steppingProgressLine(
      fmt::format("{} {} step {}", built.name, built.parameters, steps.back())));
  for (const int step : steps) {
    const dynamics::StepProblem problem = stepper.problemAt(built, step, scene.dt);
    const std::filesystem::path file =
        std::filesystem::path(out) / fmt::format("{}_step{}.blcp", built.name, step);
    dynamics::writeLabelledBlcp(problem, file);
    fmt::print("{}: n = {}, {} contacts, {} friction rows\n", file.string(), problem.size(),
               problem.contactCount, (problem.problem.findex.array() >= 0).count());
  }
}

}  // namespace mlcp::app
