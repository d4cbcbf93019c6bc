// The libdynamics engine of `mlcp capture` (--engine libdynamics, the default): writes the MLCPs a
// libdynamics scene assembles at chosen steps as BLCP files, each row labelled by its joint or
// contact in a comment (docs/dynamics.md). A run cut short (a non-finite state, a failing step,
// Ctrl-C) keeps the files of the steps before and says where it stopped (docs/cli.md, "Runs cut
// short").

#include "interrupt_scope.hpp"
#include "run_stop.hpp"
#include "scene_source.hpp"
#include "stepping_progress.hpp"

#include <mlcp/dynamics/scene_stepper.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <sstream>
#include <unistd.h>
#include <utility>

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

namespace {

/// The stepping progress line, plus the checks of a run that may be cut short: after every step
/// a non-finite state or a pending SIGINT/SIGTERM throws RunStopped out of the stepping loop.
dynamics::SceneStepper::Progress checkedProgress(dynamics::SceneStepper::Progress line,
                                                 const dynamics::World& world,
                                                 const InterruptScope& interrupt,
                                                 int steps) {
  return [line = std::move(line), &world, &interrupt, steps](const dynamics::SteppingProgress& p) {
    line(p);
    if (std::string why = nonFiniteState(world); !why.empty())
      throw RunStopped(RunStop{world.stepCount() - 1, steps, std::move(why), 0});
    if (interrupt.interrupted())
      throw RunStopped(RunStop{world.stepCount(), steps, {}, interrupt.signal()});
  };
}

}  // namespace

int captureDynamicsScene(const SceneArguments& scene,
                         const std::vector<int>& steps,
                         const std::string& out) {
  dynamics::Scene built = dynamics::makeScene(scene.scene, scene.parameters);  // bad input: no file
  std::filesystem::create_directories(out);
  const InterruptScope interrupt;
  dynamics::SceneStepper stepper(
      checkedProgress(steppingProgressLine(
                          fmt::format("{} {} step {}", built.name, built.parameters, steps.back())),
                      built.world, interrupt, steps.back()));
  int written = 0;
  for (const int step : steps) {
    std::optional<RunStop> stop;
    std::optional<dynamics::StepProblem> problem;
    try {
      problem = stepper.problemAt(built, step, scene.dt);
    } catch (const RunStopped& e) {
      stop = e.stop();
    } catch (const std::exception& e) {
      // A step that failed (World::step: solver error, a body the next step rejects).
      stop = RunStop{built.world.stepCount(), steps.back(), e.what(), 0};
    }
    if (stop) {
      // On a terminal the progress line may still be drawn: the message replaces it.
      fmt::print(stderr, "{}mlcp: capture {}; {} of {} files written in {}\n",
                 isatty(STDERR_FILENO) == 1 ? "\r\033[K" : "", stop->describe(), written,
                 steps.size(), out);
      return stop->exitCode();
    }
    const std::filesystem::path file =
        std::filesystem::path(out) / fmt::format("{}_step{}.blcp", built.name, step);
    dynamics::writeLabelledBlcp(*problem, file);
    ++written;
    fmt::print("{}: n = {}, {} contacts, {} friction rows\n", file.string(), problem->size(),
               problem->contactCount, (problem->problem.findex.array() >= 0).count());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace mlcp::app
