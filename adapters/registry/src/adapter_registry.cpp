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
    return captureBulletScene(request.scene, request.steps, request.recorder);
  }
#endif
#if MLCP_HAS_ADAPTER_DART
  if (request.framework == "dart") {
    DartSceneOptions options;
    options.fclCollider = request.fclCollider;
    return captureDartScene(request.scene, request.steps, request.recorder, options);
  }
#endif
  const std::vector<std::string> built = captureFrameworks();
  throw std::invalid_argument(
      fmt::format("cannot capture from '{}': frameworks built here: {}", request.framework,
                  built.empty() ? "none" : fmt::format("{}", fmt::join(built, ", "))));
}

std::vector<LiveProblem> liveCapturedProblems() {
  // Problem k (0-based, in the order the framework assembles them; Bullet assembles one per step
  // in these scenes, DART one per step or more, none in the slope's first step, whose box exactly
  // touches the ground) is taken within k + 5 steps (h = 1/60 s): the stack and the slope at
  // rest, the chain swinging. DART solves joints in reduced coordinates, so
  // its chain assembles no problem and is left out.
  struct Pick {
    std::string framework;
    std::string scene;
    std::vector<std::string> parameters;
    int index;
  };
  std::vector<Pick> picks;
  for (const std::string& framework : captureFrameworks()) {
    picks.push_back({framework, "box-stack", {}, 29});
    picks.push_back({framework, "slope", {}, 29});
    if (framework == "bullet")
      picks.push_back({framework, "pendulum-chain", {"count=20", "length=0.5"}, 119});
  }
  std::vector<LiveProblem> problems;
  for (const Pick& pick : picks) {
    LiveProblem live;
    live.label = fmt::format("{}:{}#{}", pick.framework, pick.scene, pick.index);
    live.load = [pick, label = live.label] {
      CaptureRequest request;
      request.framework = pick.framework;
      request.scene = dynamics::describeScene(pick.scene, pick.parameters);
      request.steps = pick.index + 5;
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
