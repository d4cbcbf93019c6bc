#include <mlcp/adapters/registry/adapter_registry.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <stdexcept>

#if MLCP_HAS_ADAPTER_BULLET
#include <mlcp/adapters/bullet/bullet_capture.hpp>
#include <mlcp/adapters/bullet/register_bullet_solvers.hpp>
#endif
#if MLCP_HAS_ADAPTER_DART
#include <mlcp/adapters/dart/dart_capture.hpp>
#include <mlcp/adapters/dart/register_dart_solvers.hpp>
#endif
#if MLCP_HAS_ADAPTER_SICONOS
#include <mlcp/adapters/siconos/register_siconos_solvers.hpp>
#endif

namespace mlcp::adapters {

void registerAdapterSolvers() {
#if MLCP_HAS_ADAPTER_BULLET
  registerBulletSolvers();
#endif
#if MLCP_HAS_ADAPTER_DART
  registerDartSolvers();
#endif
#if MLCP_HAS_ADAPTER_SICONOS
  registerSiconosSolvers();
#endif
}

std::vector<std::string> captureFrameworks() {
  std::vector<std::string> names;
#if MLCP_HAS_ADAPTER_BULLET
  names.emplace_back("bullet");
#endif
#if MLCP_HAS_ADAPTER_DART
  names.emplace_back("dart");
#endif
  return names;
}

CaptureResult captureScene(const CaptureRequest& request) {
#if MLCP_HAS_ADAPTER_BULLET
  if (request.framework == "bullet") {
    BulletSceneOptions scene;
    scene.kind = request.scene;
    scene.cfm = request.cfm;
    return captureBulletScene(scene, request.steps, request.recorder);
  }
#endif
#if MLCP_HAS_ADAPTER_DART
  if (request.framework == "dart") {
    DartSceneOptions scene;
    scene.kind = request.scene;
    scene.fclCollider = request.fclCollider;
    return captureDartScene(scene, request.steps, request.recorder);
  }
#endif
  const std::vector<std::string> built = captureFrameworks();
  throw std::invalid_argument(
      fmt::format("cannot capture from '{}': frameworks built here: {}", request.framework,
                  built.empty() ? "none" : fmt::format("{}", fmt::join(built, ", "))));
}

std::vector<LiveProblem> liveCapturedProblems() {
  // Problem k (0-based, in the order the framework assembles them; Bullet assembles one per step
  // in these scenes, DART one per step or more) is taken after k + 1 steps, chosen so that each
  // is a resting or landing configuration: the Bullet chain (h = 1/60 s) lands after about 66
  // steps; the DART one (h = 1 ms) is still falling after 600, so it is left out.
  struct Pick {
    std::string framework;
    SceneKind scene;
    int index;
  };
  std::vector<Pick> picks;
  for (const std::string& framework : captureFrameworks()) {
    picks.push_back({framework, SceneKind::BoxStack, 29});
    picks.push_back({framework, SceneKind::Slope, 29});
    if (framework == "bullet") picks.push_back({framework, SceneKind::PendulumChain, 119});
  }
  std::vector<LiveProblem> problems;
  for (const Pick& pick : picks) {
    LiveProblem live;
    live.label = fmt::format("{}:{}#{}", pick.framework, toString(pick.scene), pick.index);
    live.load = [pick, label = live.label] {
      CaptureRequest request;
      request.framework = pick.framework;
      request.scene = pick.scene;
      request.steps = pick.index + 1;
      request.recorder.first = pick.index;
      request.recorder.maxFiles = 1;
      CaptureResult result = captureScene(request);
      if (result.captured.empty())
        throw std::runtime_error(fmt::format("{}: the scene assembled fewer problems", label));
      Problem problem = std::move(result.captured.front());
      problem.name = label + " (" + problem.name + ")";
      return problem;
    };
    problems.push_back(std::move(live));
  }
  return problems;
}

}  // namespace mlcp::adapters
