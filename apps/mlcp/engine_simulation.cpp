// mlcp simulate --engine ode|bullet|dart: one scene description stepped by another engine, with
// the same trajectory CSV as libdynamics' runs (docs/physics-validation.md).

#include "engine_simulation.hpp"

#include "run_stop.hpp"
#include "simulation_engine.hpp"
#include "trajectory_csv.hpp"

#include <mlcp/dynamics/scene_description.hpp>
#include <mlcp/io/atomic_file.hpp>

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

namespace mlcp::app {

namespace {

void writeRows(AtomicFile* csv, const SimulationEngine& engine) {
  if (csv == nullptr) return;
  for (int i = 0; i < engine.bodyCount(); ++i)
    writeTrajectoryRow(csv->stream(), engine.stepCount(), engine.time(), engine.body(i));
}

/// "" when every body's state is finite, else which body is not.
std::string nonFiniteBody(const SimulationEngine& engine) {
  for (int i = 0; i < engine.bodyCount(); ++i) {
    const BodySample body = engine.body(i);
    if (!body.p_WB.allFinite() || !body.q_WB.coeffs().allFinite() || !body.v_WB.allFinite() ||
        !body.w_WB.allFinite())
      return fmt::format("body '{}': the engine's state is not finite", body.name);
  }
  return {};
}

void printSummary(const dynamics::SceneDescription& scene,
                  const SimulateArguments& args,
                  const SimulationEngine& engine,
                  const std::vector<Eigen::Vector3d>& watchedStart,
                  const std::optional<RunStop>& stop) {
  fmt::print("scene        {} {}\n", scene.name, scene.parameters);
  fmt::print("engine       {}: {}, {} steps of h = {:.6g} s ({:.6g} s){}\n", args.engine,
             engine.solverName(), engine.stepCount(), scene.timeStep, engine.time(),
             !stop               ? std::string()
             : stop->signal != 0 ? std::string(" (interrupted)")
                                 : fmt::format(" (step {} failed)", stop->completed + 1));
  fmt::print("contacts     {} in the last step\n", engine.lastContactCount());
  if (nonFiniteBody(engine).empty())
    for (size_t i = 0; i < scene.watchedBodies.size(); ++i) {
      const BodySample body = engine.body(scene.watchedBodies[i]);
      fmt::print("watched      {} moved {:.6g} m from its start\n", body.name,
                 (body.p_WB - watchedStart[i]).norm());
    }
  if (!args.csv.empty())
    fmt::print("trajectory   {} (steps 0 to {})\n", args.csv, engine.stepCount());
}

}  // namespace

int simulateWithEngine(const SimulateArguments& args) {
  if (!args.stats.empty())
    throw std::invalid_argument(fmt::format(
        "--stats records libdynamics' solver calls; it is not available with --engine {}",
        args.engine));
  dynamics::SceneDescription scene =
      dynamics::describeScene(args.scene.scene, args.scene.parameters);
  if (args.scene.dt > 0.0) scene.timeStep = args.scene.dt;
  const std::unique_ptr<SimulationEngine> engine =
      makeSimulationEngine(args.engine, scene, args.solver, args.settings);

  std::unique_ptr<AtomicFile> csv;
  if (!args.csv.empty()) {
    csv = std::make_unique<AtomicFile>(args.csv);
    csv->stream() << kTrajectoryCsvHeader;
    writeRows(csv.get(), *engine);
  }
  std::vector<Eigen::Vector3d> watchedStart;
  for (int body : scene.watchedBodies) watchedStart.push_back(engine->body(body).p_WB);
  const std::optional<RunStop> stop = runSteps(
      args.steps, [&] { engine->step(); }, [&] { return nonFiniteBody(*engine); },
      [&] { writeRows(csv.get(), *engine); });
  if (csv) csv->commit();  // the completed steps, also when the run stopped early
  printSummary(scene, args, *engine, watchedStart, stop);
  if (!stop) return 0;
  std::fflush(stdout);
  fmt::print(stderr, "mlcp: simulate {}{}\n", stop->describe(),
             args.csv.empty() ? std::string()
                              : fmt::format("; {} holds steps 0 to {}", args.csv, stop->completed));
  return stop->exitCode();
}

}  // namespace mlcp::app
