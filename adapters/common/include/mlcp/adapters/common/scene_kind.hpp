#pragma once

#include <array>
#include <string_view>

namespace mlcp::adapters {

/// The test scenes every framework adapter can build (the names libdynamics and
/// `mlcp capture --scene` use).
enum class SceneKind {
  /// A vertical stack of boxes (10 by default) resting on the ground.
  BoxStack,
  /// A 2-D pyramid of boxes (15 by default: rows of 5, 4, 3, 2, 1) resting on the ground.
  BoxPyramid,
  /// A chain of boxes (20 by default) hanging from the world, released sideways so that it
  /// swings down and hits the ground.
  PendulumChain,
  /// One box resting on a 20 degree slope, friction strong enough to hold it.
  Slope,
};

/// All scene kinds, in declaration order.
inline constexpr std::array<SceneKind, 4> kAllSceneKinds{
    SceneKind::BoxStack, SceneKind::BoxPyramid, SceneKind::PendulumChain, SceneKind::Slope};

/// "box-stack", "box-pyramid", "pendulum-chain", "slope".
std::string_view toString(SceneKind kind);

/// The kind named `name` (as toString prints it).
/// @throws std::invalid_argument for an unknown name; the message lists the known names.
SceneKind parseSceneKind(std::string_view name);

/// Number of boxes the scene builds by default (10, 15, 20, 1).
int defaultBoxCount(SceneKind kind);

}  // namespace mlcp::adapters
