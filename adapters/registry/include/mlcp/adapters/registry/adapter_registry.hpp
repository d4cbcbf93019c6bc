#pragma once

#include <mlcp/adapters/common/capture_result.hpp>
#include <mlcp/adapters/common/problem_recorder.hpp>
#include <mlcp/core/problem.hpp>
#include <mlcp/dynamics/scene_description.hpp>

#include <functional>
#include <string>
#include <vector>

namespace mlcp::adapters {

/// What the adapters built into this copy of the library offer, for tools that should not care
/// which frameworks were found at configure time (the `mlcp` command line).

/// Registers the peer solvers of every adapter built: bullet-dantzig, bullet-pgs, bullet-lemke
/// (Bullet), dart-dantzig, dart-pgs (DART), siconos-* (Siconos). Safe to call more than once.
void registerAdapterSolvers();

/// Frameworks captureScene() can run in this build: "bullet" and/or "dart" (libdynamics, always
/// there, is stepped by the command line itself).
std::vector<std::string> captureFrameworks();

/// One `mlcp capture --engine bullet|dart` run.
struct CaptureRequest {
  std::string framework = "bullet";  ///< "bullet" or "dart"
  /// The scene the framework builds (dynamics::describeScene()); its cfm is Bullet's global CFM.
  dynamics::SceneDescription scene;
  int steps = 120;           ///< simulation steps of the scene's h
  RecorderOptions recorder;  ///< which problems, and where (empty folder: in memory)
  bool fclCollider = false;  ///< DART: FCL instead of DART's own collision detector
};

/// Runs captureBulletScene() or captureDartScene() on the request's scene description.
/// @throws std::invalid_argument for a framework not built here (the message lists those that
/// are) or a description the framework cannot build; std::runtime_error when a file cannot be
/// written.
CaptureResult captureScene(const CaptureRequest& request);

/// A problem captured live from a framework's scene when load() runs (a few seconds at most).
struct LiveProblem {
  std::string label;              ///< "bullet:box-stack#29": framework, scene, problem index
  std::function<Problem()> load;  ///< runs the scene and returns the chosen problem
};

/// The live captures `mlcp compare` can add to its built-in set: for each framework built, the
/// box-stack and slope scenes after 30 problems, and in Bullet a pendulum-chain of 20 links of
/// 0.5 m (its 120th problem: 60 joint rows), one problem each.
std::vector<LiveProblem> liveCapturedProblems();

}  // namespace mlcp::adapters
