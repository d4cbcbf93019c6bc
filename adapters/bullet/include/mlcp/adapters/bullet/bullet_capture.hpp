#pragma once

#include <mlcp/adapters/bullet/bullet_scene.hpp>
#include <mlcp/adapters/common/capture_result.hpp>
#include <mlcp/adapters/common/problem_recorder.hpp>

namespace mlcp::adapters {

/// Runs a Bullet scene for `steps` steps with btMLCPSolver over Bullet's own btDantzigSolver
/// wrapped in a BulletRecordingInterface, writing the problems the recorder selects, or keeping
/// them in memory (`mlcp capture --from bullet --scene NAME`). Problem names read
/// "bullet 3.24 <scene> (cfm <cfm>) call <k>".
/// @throws std::invalid_argument for bad options, std::runtime_error when a file cannot be written.
CaptureResult captureBulletScene(const BulletSceneOptions& scene,
                                 int steps,
                                 const RecorderOptions& recorder);

}  // namespace mlcp::adapters
