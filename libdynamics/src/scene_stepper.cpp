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

namespace {

/// Steps `scene` to `step` with the solver `solverFor(rows of the last step)` gives, calling
/// `afterStep()` after each; returns the problem assembled then. The one stepping loop of
/// sceneStepProblem() and SceneStepper.
template <class SolverFor, class AfterStep>
StepProblem stepTo(Scene& scene, int step, double h, SolverFor solverFor, AfterStep afterStep) {
  if (step < scene.world.stepCount())
    throw std::invalid_argument(
        fmt::format("sceneStepProblem: step {} is before the world's current step {}", step,
                    scene.world.stepCount()));
  const double dt = h > 0.0 ? h : scene.timeStep;
  while (scene.world.stepCount() < step) {
    scene.world.setSolver(solverFor(scene.world.lastStatistics().rows));
    scene.world.step(dt);
    afterStep();
  }
  return scene.world.prepareStep(dt);
}

}  // namespace

StepProblem sceneStepProblem(Scene& scene, int step, MixedLCP& solver, double h) {
  scene.world.setSolver(solver);  // also when no step is left: the world keeps its solver
  return stepTo(
      scene, step, h, [&solver](int) -> MixedLCP& { return solver; }, [] {});
}

StepProblem SceneStepper::problemAt(Scene& scene, int step, double h) {
  const auto start = std::chrono::steady_clock::now();
  const int first = scene.world.stepCount();
  const auto report = [&] {
    if (!m_progress) return;
    const StepStatistics& last = scene.world.lastStatistics();
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    m_progress({scene.world.stepCount() - first, step - first, last.rows, last.solverName,
                elapsed.count()});
  };
  return stepTo(
      scene, step, h, [this](int rows) -> MixedLCP& { return solverFor(rows); }, report);
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
