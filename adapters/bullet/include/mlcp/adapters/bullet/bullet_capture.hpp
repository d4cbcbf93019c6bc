#pragma once

#include <mlcp/adapters/bullet/bullet_scene.hpp>
#include <mlcp/adapters/common/capture_result.hpp>
#include <mlcp/adapters/common/problem_recorder.hpp>

namespace mlcp::adapters {

/// Builds `scene` as a BulletScene and runs it for `steps` steps with btMLCPSolver over Bullet's
/// own btDantzigSolver wrapped in a BulletRecordingInterface, writing the problems the recorder
/// selects, or keeping them in memory (`mlcp capture --engine bullet --scene NAME`). Problem
/// names read "bullet 3.24 <scene> (cfm <cfm>) call <k>".
/// @throws std::invalid_argument for steps < 0 and as BulletScene's constructor (a description
///         Bullet cannot build); std::runtime_error when a file cannot be written.
CaptureResult captureBulletScene(const dynamics::SceneDescription& scene,
                                 int steps,
                                 const RecorderOptions& recorder,
                                 const BulletSceneOptions& options = {});

}  // namespace mlcp::adapters
