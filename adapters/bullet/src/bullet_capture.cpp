#include <mlcp/adapters/bullet/bullet_capture.hpp>
#include <mlcp/adapters/bullet/bullet_recording_interface.hpp>

#include <fmt/format.h>

#include <BulletDynamics/MLCPSolvers/btDantzigSolver.h>
#include <stdexcept>

namespace mlcp::adapters {

namespace {

// Counts the problems and failures of the solver it delegates to.
class CountingInterface final : public btMLCPSolverInterface {
 public:
  explicit CountingInterface(btMLCPSolverInterface& next) : m_next(next) {}
  bool solveMLCP(const btMatrixXu& A,
                 const btVectorXu& b,
                 btVectorXu& x,
                 const btVectorXu& lo,
                 const btVectorXu& hi,
                 const btAlignedObjectArray<int>& limitDependency,
                 int numIterations,
                 bool useSparsity) override {
    const bool ok = m_next.solveMLCP(A, b, x, lo, hi, limitDependency, numIterations, useSparsity);
    if (b.rows() > 0) {
      ++problems;
      if (!ok) ++failures;
    }
    return ok;
  }
  int problems = 0;
  int failures = 0;

 private:
  btMLCPSolverInterface& m_next;
};

}  // namespace

CaptureResult captureBulletScene(const dynamics::SceneDescription& scene,
                                 int steps,
                                 const RecorderOptions& recorderOptions,
                                 const BulletSceneOptions& options) {
  if (steps < 0)
    throw std::invalid_argument(fmt::format("captureBulletScene: steps = {} < 0", steps));
  ProblemRecorder recorder(recorderOptions);
  btDantzigSolver dantzig;
  CountingInterface counting(dantzig);
  const std::string label = fmt::format("bullet 3.24 {} (cfm {:g})", scene.name, scene.cfm);
  BulletRecordingInterface recording(counting, recorder, label);
  BulletScene world(scene, recording, options);
  for (int k = 0; k < steps; ++k) world.step();
  if (!recorder.error().empty()) throw std::runtime_error(recorder.error());
  CaptureResult result;
  result.steps = steps;
  result.assembled = counting.problems;
  result.failures = counting.failures;
  result.files = recorder.files();
  result.captured = recorder.problems();
  return result;
}

}  // namespace mlcp::adapters
