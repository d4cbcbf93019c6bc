#pragma once

#include <mlcp/adapters/common/capture_result.hpp>
#include <mlcp/adapters/common/problem_recorder.hpp>
#include <mlcp/adapters/common/scene_kind.hpp>
#include <mlcp/core/problem.hpp>

#include <functional>
#include <string>
#include <vector>

namespace mlcp::adapters {

/// What the adapters built into this copy of the library offer, for tools that should not care
/// which frameworks were found at configure time (the `mlcp` command line).

/// Registers the peer solvers of every adapter built: bullet-dantzig, bullet-pgs, bullet-lemke
/// (Bullet), dart-dantzig, dart-pgs (DART), siconos-* (Siconos). Safe to call more than once.
void registerAdapterSolvers();

/// Frameworks captureScene() can run in this build: "bullet" and/or "dart".
std::vector<std::string> captureFrameworks();

/// One `mlcp capture` run.
struct CaptureRequest {
  std::string framework = "bullet";  ///< "bullet" or "dart"
  /// The scene the framework builds.
  SceneKind scene = SceneKind::BoxStack;
  int steps = 120;           ///< simulation steps
  RecorderOptions recorder;  ///< which problems, and where (empty folder: in memory)
  double cfm = 1e-5;         ///< Bullet's global CFM (BulletSceneOptions::cfm)
  bool fclCollider = false;  ///< DART: FCL instead of DART's own collision detector
};

/// Runs captureBulletScene() or captureDartScene() with the framework's default scene settings
/// and the request's overrides.
/// @throws std::invalid_argument for a framework not built here (the message lists those that
/// are) or bad options; std::runtime_error when a file cannot be written.
CaptureResult captureScene(const CaptureRequest& request);

/// A problem captured live from a framework's scene when load() runs (a few seconds at most).
struct LiveProblem {
  std::string label;              ///< "bullet:box-stack#29": framework, scene, problem index
  std::function<Problem()> load;  ///< runs the scene and returns the chosen problem
};

/// The live captures `mlcp compare` can add to its built-in set: for each framework built, the
/// box stack and the slope after 30 problems, and Bullet's pendulum chain on the ground (its
/// 120th problem), one problem each.
std::vector<LiveProblem> liveCapturedProblems();

}  // namespace mlcp::adapters
