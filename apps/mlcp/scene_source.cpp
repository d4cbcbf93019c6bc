#include "scene_source.hpp"

#include "stepping_progress.hpp"

#include <mlcp/dynamics/scene_stepper.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace mlcp::app {

void addSceneOptions(CLI::App& cmd, SceneArguments& arguments, bool withStep) {
  cmd.add_option("--scene", arguments.scene,
                 fmt::format("libdynamics scene: {}", fmt::join(dynamics::sceneNames(), ", ")))
      ->check(CLI::IsMember(dynamics::sceneNames()));
  cmd.add_option("--param", arguments.parameters,
                 "Scene parameter key=value (repeatable), e.g. --param count=10")
      ->allow_extra_args(false);
  cmd.add_option("--dt", arguments.dt, "Time step h in seconds (default: the scene's, 1/60)")
      ->check(CLI::PositiveNumber);
  if (withStep)
    cmd.add_option("--step", arguments.step,
                   "Use the problem assembled from the scene's state after K steps (0: initial)")
        ->check(CLI::NonNegativeNumber);
}

std::vector<ProblemSource> sceneSources(const SceneArguments& arguments) {
  if (arguments.scene.empty()) {
    if (!arguments.parameters.empty()) throw CLI::ValidationError("--param", "needs --scene NAME");
    return {};
  }
  const SceneArguments a = arguments;
  const std::string label =
      a.parameters.empty()
          ? fmt::format("{} step {}", a.scene, a.step)
          : fmt::format("{} {} step {}", a.scene, fmt::join(a.parameters, " "), a.step);
  return {{label, [a, label] {
             ProblemFile file;
             file.problem = dynamics::sceneStepProblem(a.scene, a.parameters, a.step, a.dt,
                                                       steppingProgressLine(label))
                                .toProblem();
             file.format = ProblemFormat::Blcp;
             return file;
           }}};
}

std::string sceneCatalogText() {
  std::string text;
  for (const dynamics::SceneInfo& info : dynamics::sceneCatalog()) {
    text += fmt::format("{}\n  {}\n", info.name, info.description);
    for (const auto& parameter : info.parameters)
      text += fmt::format(
          "    {:<22} {}\n",
          fmt::format("{}={}", parameter.key,
                      parameter.defaultValue.empty() ? "(unset)" : parameter.defaultValue),
          parameter.description);
  }
  return text;
}

}  // namespace mlcp::app
