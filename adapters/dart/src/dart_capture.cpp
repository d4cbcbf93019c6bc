#include <mlcp/adapters/dart/dart_capture.hpp>
#include <mlcp/adapters/dart/dart_recording_solver.hpp>

#include <dart/constraint/DantzigBoxedLcpSolver.hpp>
#include <fmt/format.h>

#include <stdexcept>

namespace mlcp::adapters {

CaptureResult captureDartScene(const dynamics::SceneDescription& scene,
                               int steps,
                               const RecorderOptions& recorderOptions,
                               const DartSceneOptions& options) {
  if (steps < 0)
    throw std::invalid_argument(fmt::format("captureDartScene: steps = {} < 0", steps));
  ProblemRecorder recorder(recorderOptions);
  const std::string label =
      fmt::format("dart 6.12 {} ({} collider)", scene.name, options.fclCollider ? "fcl" : "dart");
  auto recording = std::make_shared<DartRecordingSolver>(
      std::make_shared<dart::constraint::DantzigBoxedLcpSolver>(), recorder, label);
  {
    DartScene world(scene, recording, nullptr, options);
    for (int k = 0; k < steps; ++k) world.step();
  }
  if (!recorder.error().empty()) throw std::runtime_error(recorder.error());
  CaptureResult result;
  result.steps = steps;
  result.assembled = recording->problems();
  result.failures = recording->failures();
  result.files = recorder.files();
  result.captured = recorder.problems();
  return result;
}

}  // namespace mlcp::adapters
