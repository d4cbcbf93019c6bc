#include <mlcp/dynamics/scene_stepper.hpp>

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>
#include <utility>

namespace mlcp::dynamics {

SceneStepper::SceneStepper(Progress progress)
    : m_realTime(PgsOptions::realTime()), m_progress(std::move(progress)) {}

MixedLCP& SceneStepper::solverFor(int rows) {
  if (rows <= kExactRows) return m_exact;
  return m_realTime;
}

StepProblem SceneStepper::problemAt(Scene& scene, int step, double h) {
  if (step < scene.world.stepCount())
    throw std::invalid_argument(
        fmt::format("sceneStepProblem: step {} is before the world's current step {}", step,
                    scene.world.stepCount()));
  const double dt = h > 0.0 ? h : scene.timeStep;
  const auto start = std::chrono::steady_clock::now();
  const int first = scene.world.stepCount();
  while (scene.world.stepCount() < step) {
    scene.world.setSolver(solverFor(scene.world.lastStatistics().rows));
    scene.world.step(dt);
    if (!m_progress) continue;
    const StepStatistics& last = scene.world.lastStatistics();
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    m_progress({scene.world.stepCount() - first, step - first, last.rows, last.solverName,
                elapsed.count()});
  }
  return scene.world.prepareStep(dt);
}

StepProblem sceneStepProblem(std::string_view name,
                             const std::vector<std::string>& assignments,
                             int step,
                             double h,
                             const SceneStepper::Progress& progress) {
  Scene scene = makeScene(name, assignments);
  SceneStepper stepper(progress);
  return stepper.problemAt(scene, step, h);
}

}  // namespace mlcp::dynamics
