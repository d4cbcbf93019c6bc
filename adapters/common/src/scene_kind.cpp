#include <mlcp/adapters/common/scene_kind.hpp>

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace mlcp::adapters {

std::string_view toString(SceneKind kind) {
  switch (kind) {
    case SceneKind::BoxStack:
      return "box-stack";
    case SceneKind::BoxPyramid:
      return "box-pyramid";
    case SceneKind::PendulumChain:
      return "pendulum-chain";
    case SceneKind::Slope:
      return "slope";
  }
  return "unknown";
}

SceneKind parseSceneKind(std::string_view name) {
  std::string known;
  for (const SceneKind kind : kAllSceneKinds) {
    if (toString(kind) == name) return kind;
    known += known.empty() ? "" : ", ";
    known += toString(kind);
  }
  throw std::invalid_argument(fmt::format("unknown scene '{}'; known scenes: {}", name, known));
}

int defaultBoxCount(SceneKind kind) {
  switch (kind) {
    case SceneKind::BoxStack:
      return 10;
    case SceneKind::BoxPyramid:
      return 15;
    case SceneKind::PendulumChain:
      return 20;
    case SceneKind::Slope:
      return 1;
  }
  return 1;
}

}  // namespace mlcp::adapters
