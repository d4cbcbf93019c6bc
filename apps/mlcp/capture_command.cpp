// mlcp capture: build a scene description (docs/scenes.md) in an engine (libdynamics, Bullet,
// DART) and write the problems it assembles as BLCP files (docs/adapters.md; libdynamics:
// scene_capture.cpp, docs/dynamics.md).

#include "commands.hpp"
#include "scene_bodies_csv.hpp"
#include "scene_source.hpp"

#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/dynamics/scene.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

namespace mlcp::app {

namespace {

struct CaptureArguments {
  std::string engine = "libdynamics";
  std::string out = "captured";
  std::string steps = "120";  ///< bullet, dart: one count; libdynamics: a list K1,K2,...
  SceneArguments scene;       ///< --scene, --param, --dt
  int first = 0;
  int every = 1;
  int maxFiles = 0;
  std::optional<double> cfm;
  bool fcl = false;
  std::string bodies;  ///< --bodies FILE: write the description's bodies instead of capturing
};

/// Runs the scene in Bullet or DART (adapters::captureScene). Every input is checked (the
/// description, the engine, --steps) before anything is written.
void captureInFramework(const CaptureArguments& args) {
  adapters::CaptureRequest request;
  request.framework = args.engine;
  request.scene = dynamics::describeScene(args.scene.scene, args.scene.parameters);
  if (args.scene.dt > 0.0) request.scene.timeStep = args.scene.dt;
  if (args.cfm) request.scene.cfm = *args.cfm;
  const std::vector<int> steps = parseStepList(args.steps);
  if (steps.size() != 1)
    throw std::invalid_argument(
        fmt::format("--steps: with --engine {} give one number of simulation steps", args.engine));
  const std::vector<std::string> built = adapters::captureFrameworks();
  if (std::find(built.begin(), built.end(), args.engine) == built.end())
    throw std::invalid_argument(
        fmt::format("--engine {}: not built here (engines: libdynamics{}{})", args.engine,
                    built.empty() ? "" : ", ", fmt::join(built, ", ")));
  request.steps = steps.front();
  request.fclCollider = args.fcl;
  request.recorder.directory = args.out;
  request.recorder.prefix = fmt::format("{}_{}", args.engine, args.scene.scene);
  request.recorder.first = args.first;
  request.recorder.every = args.every;
  request.recorder.maxFiles = args.maxFiles;
  const adapters::CaptureResult result = adapters::captureScene(request);
  fmt::print("{} {} {}: {} steps, {} problems assembled ({} reported failed), {} files in {}\n",
             args.engine, request.scene.name, request.scene.parameters, result.steps,
             result.assembled, result.failures, result.files.size(), args.out);
}

}  // namespace

void addCaptureCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<CaptureArguments>();
  const std::vector<std::string> engines = {"libdynamics", "bullet", "dart"};
  CLI::App* cmd = app.add_subcommand(
      "capture",
      "Build a scene in an engine (libdynamics, Bullet, DART) and write the problems it "
      "assembles (BLCP files)");
  cmd->add_option(
         "--engine", args->engine,
         fmt::format("Engine that builds and steps the scene: {} (default libdynamics; "
                     "built here: libdynamics{}{})",
                     fmt::join(engines, ", "), adapters::captureFrameworks().empty() ? "" : ", ",
                     fmt::join(adapters::captureFrameworks(), ", ")))
      ->check(CLI::IsMember(engines));
  addSceneOptions(*cmd, args->scene, false);
  cmd->get_option("--scene")->required();
  cmd->add_option("--steps", args->steps,
                  "libdynamics: the steps K1,K2,... whose problems are written (NAME_stepK.blcp); "
                  "bullet, dart: the number of simulation steps (every problem assembled is a "
                  "candidate)");
  cmd->add_option("--out", args->out, "Folder of the files (created)");
  cmd->add_option("--first", args->first, "bullet, dart: index of the first problem written")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--every", args->every, "bullet, dart: write every K-th problem")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-files", args->maxFiles,
                  "bullet, dart: stop writing after N files (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--cfm", args->cfm,
                  "bullet: the scene's CFM, Bullet's global CFM added as cfm/h to A's diagonal "
                  "(default: the scene's, 1e-5)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--fcl", args->fcl, "dart: FCL collision detection instead of DART's own");
  cmd->add_option("--bodies", args->bodies,
                  "Write the scene's static shapes and bodies (shape, size, mass, start pose) as "
                  "CSV to this file instead of capturing (docs/scenes.md)");
  cmd->callback([args, &exitCode] {
    if (!args->bodies.empty()) {
      writeSceneBodies(dynamics::describeScene(args->scene.scene, args->scene.parameters),
                       args->bodies);
      exitCode = 0;
      return;
    }
    if (args->engine != "libdynamics") {
      captureInFramework(*args);
      exitCode = 0;
      return;
    }
    if (args->cfm || args->fcl || args->first != 0 || args->every != 1 || args->maxFiles != 0)
      throw std::invalid_argument(
          "--cfm, --fcl, --first, --every and --max-files apply to --engine bullet or dart");
    exitCode = captureDynamicsScene(args->scene, parseStepList(args->steps), args->out);
  });
}

}  // namespace mlcp::app
