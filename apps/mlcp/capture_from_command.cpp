// mlcp capture: run a framework's scene (Bullet, DART) and write the problems it assembles as
// BLCP files (docs/adapters.md).

#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <mlcp/adapters/adapter_registry.hpp>

#include "commands.hpp"

namespace mlcp::app {

namespace {

struct CaptureArguments {
  std::string from;
  std::string scene;
  std::string out = "captured";
  int steps = 120;
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
  CLI::App* cmd = app.add_subcommand(
      "capture", "Run a Bullet or DART scene and write every problem it assembles (BLCP files)");
  cmd->add_option("--from", args->from,
                  "Framework: " + fmt::format("{}", fmt::join(frameworks, ", ")))
      ->required()
      ->check(CLI::IsMember(frameworks));
  cmd->add_option("--scene", args->scene, fmt::format("Scene: {}", fmt::join(scenes, ", ")))
      ->required()
      ->check(CLI::IsMember(scenes));
  cmd->add_option("--steps", args->steps, "Simulation steps (Bullet 1/60 s, DART 1 ms each)")
      ->check(CLI::NonNegativeNumber);
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
    adapters::CaptureRequest request;
    request.framework = args->from;
    request.scene = adapters::parseSceneKind(args->scene);
    request.steps = args->steps;
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
