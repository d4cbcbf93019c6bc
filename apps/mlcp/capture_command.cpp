// mlcp capture: run a framework's scene (Bullet, DART) and write the problems it assembles as
// BLCP files (docs/adapters.md); without --from, a libdynamics scene (scene_capture.cpp,
// docs/dynamics.md).

#include "commands.hpp"
#include "scene_source.hpp"

#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/dynamics/scene.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace mlcp::app {

namespace {

struct CaptureArguments {
  std::string from;
  std::string scene;
  std::string out = "captured";
  std::string steps = "120";  ///< --from: one count; libdynamics: a list K1,K2,...
  SceneArguments dynamics;    ///< --param, --dt of libdynamics scenes
  int first = 0;
  int every = 1;
  int maxFiles = 0;
  double cfm = 1e-5;
  bool fcl = false;
};

}  // namespace

void addCaptureCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<CaptureArguments>();
  const std::vector<std::string> frameworks = adapters::captureFrameworks();
  std::vector<std::string> scenes;
  for (const adapters::SceneKind kind : adapters::kAllSceneKinds)
    scenes.emplace_back(adapters::toString(kind));
  const std::vector<std::string> dynamicsScenes = dynamics::sceneNames();
  std::vector<std::string> allScenes = scenes;
  for (const std::string& name : dynamicsScenes)
    if (std::find(scenes.begin(), scenes.end(), name) == scenes.end()) allScenes.push_back(name);
  CLI::App* cmd = app.add_subcommand(
      "capture",
      "Run a Bullet or DART scene (--from) or a libdynamics scene and write the problems it "
      "assembles (BLCP files)");
  cmd->add_option("--from", args->from,
                  "Framework: " + fmt::format("{}", fmt::join(frameworks, ", ")) +
                      "; without it, --scene names a libdynamics scene")
      ->check(CLI::IsMember(frameworks));
  cmd->add_option("--scene", args->scene,
                  fmt::format("Scene: with --from {}; libdynamics: {}", fmt::join(scenes, ", "),
                              fmt::join(dynamicsScenes, ", ")))
      ->required()
      ->check(CLI::IsMember(allScenes));
  cmd->add_option("--steps", args->steps,
                  "With --from: simulation steps (Bullet 1/60 s, DART 1 ms each); libdynamics: "
                  "the steps K1,K2,... whose problems are written (NAME_stepK.blcp)");
  cmd->add_option("--param", args->dynamics.parameters,
                  "libdynamics scene parameter key=value (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--dt", args->dynamics.dt, "libdynamics time step in seconds (default 1/60)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--out", args->out, "Folder of the files (created)");
  cmd->add_option("--first", args->first, "Index of the first problem written")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--every", args->every, "Write every K-th problem")->check(CLI::PositiveNumber);
  cmd->add_option("--max-files", args->maxFiles, "Stop writing after N files (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--cfm", args->cfm, "Bullet: global CFM added as cfm/h to A's diagonal")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--fcl", args->fcl, "DART: FCL collision detection instead of DART's own");
  cmd->callback([args, &exitCode] {
    if (args->from.empty()) {
      args->dynamics.scene = args->scene;
      exitCode = captureDynamicsScene(args->dynamics, parseStepList(args->steps), args->out);
      return;
    }
    adapters::CaptureRequest request;
    request.framework = args->from;
    request.scene = adapters::parseSceneKind(args->scene);
    const std::vector<int> steps = parseStepList(args->steps);
    if (steps.size() != 1)
      throw std::invalid_argument("--steps: with --from give one number of simulation steps");
    request.steps = steps.front();
    request.cfm = args->cfm;
    request.fclCollider = args->fcl;
    request.recorder.directory = args->out;
    request.recorder.prefix = fmt::format("{}_{}", args->from, args->scene);
    request.recorder.first = args->first;
    request.recorder.every = args->every;
    request.recorder.maxFiles = args->maxFiles;
    const adapters::CaptureResult result = adapters::captureScene(request);
    fmt::print("{} {}: {} steps, {} problems assembled ({} reported failed), {} files in {}\n",
               args->from, args->scene, result.steps, result.assembled, result.failures,
               result.files.size(), args->out);
    exitCode = 0;
  });
}

}  // namespace mlcp::app
