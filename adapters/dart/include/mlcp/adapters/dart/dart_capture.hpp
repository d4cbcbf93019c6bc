#pragma once

#include <mlcp/adapters/common/capture_result.hpp>
#include <mlcp/adapters/common/problem_recorder.hpp>
#include <mlcp/adapters/dart/dart_scene.hpp>

namespace mlcp::adapters {

/// Builds `scene` as a DartScene and runs it for `steps` steps with BoxedLcpConstraintSolver
/// over DART's own DantzigBoxedLcpSolver (no secondary) wrapped in a DartRecordingSolver, writing
/// the problems the recorder selects, or keeping them in memory
/// (`mlcp capture --engine dart --scene NAME`). Problem names read
/// "dart 6.12 <scene> (<collider>) call <k>".
/// @throws std::invalid_argument for steps < 0 and as DartScene's constructor (a description
///         DART cannot build); std::runtime_error when a file cannot be written.
CaptureResult captureDartScene(const dynamics::SceneDescription& scene,
                               int steps,
                               const RecorderOptions& recorder,
                               const DartSceneOptions& options = {});

}  // namespace mlcp::adapters
