#pragma once

#include "problem_source.hpp"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace mlcp::app {

/// The options that name a libdynamics scene: --scene NAME, --param key=value (repeatable),
/// --dt H and, for commands that take one problem per scene, --step K.
struct SceneArguments {
  std::string scene;                    ///< empty: no scene given
  std::vector<std::string> parameters;  ///< "key=value"
  double dt = 0.0;                      ///< time step (s); 0: the scene's default
  int step = 0;                         ///< state after K steps
};

/// Adds --scene, --param and --dt to `cmd`, and --step when `withStep`. The help of --scene lists
/// the scene names; `mlcp simulate --list-scenes` prints their parameters.
void addSceneOptions(CLI::App& cmd, SceneArguments& arguments, bool withStep);

/// The assembled MLCP of step K of the scene (libdynamics' sceneStepProblem: stepped exactly while
/// small, with real-time PGS when large; a progress line on long runs), labelled "NAME key=value
/// ... step K"; empty when no --scene was given.
std::vector<ProblemSource> sceneSources(const SceneArguments& arguments);

/// "30,60,120" as sorted distinct steps. @throws std::invalid_argument naming the bad item
std::vector<int> parseStepList(const std::string& list);

/// `mlcp capture --engine libdynamics --scene NAME --steps K1,K2 --out DIR`: steps the libdynamics
/// scene (dynamics::SceneStepper: exact while small, real-time PGS when large) and writes
/// DIR/NAME_stepK.blcp (the problem assembled after K steps, rows labelled in comments) for each K,
/// printing one line per file. A run cut short (a step that fails, a state that turns
/// non-finite, SIGINT or SIGTERM while stepping) keeps the files already written, says on stderr
/// at which step and why it stopped, and returns RunStop::exitCode().
/// @return 0 when every file was written, else kExitCutShort or 128 + the signal
/// @throws std::invalid_argument for a bad scene or parameters (before anything is written);
///         std::runtime_error for I/O
int captureDynamicsScene(const SceneArguments& scene,
                         const std::vector<int>& steps,
                         const std::string& out);

/// The scene catalog as text: each scene, its description and its parameters with defaults.
std::string sceneCatalogText();

}  // namespace mlcp::app
