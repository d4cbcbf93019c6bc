// mlcp simulate: steps a libdynamics scene with a solver chosen by name, writes the trajectory CSV
// and prints energy, penetration and constraint-drift figures (docs/dynamics.md).

#include "commands.hpp"
#include "scene_source.hpp"
#include "solver_settings_options.hpp"

#include <mlcp/core/solver_factory.hpp>
#include <mlcp/dynamics/scene.hpp>
#include <mlcp/io/atomic_file.hpp>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <memory>

namespace mlcp::app {

namespace {

struct SimulateArguments {
  SceneArguments scene;
  std::string solver = "dantzig";
  int steps = 600;
  std::string csv;
  bool listScenes = false;
  SolverSettings settings;
};

constexpr const char* kCsvHeader =
    "step,time,body,px,py,pz,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz,wbx,wby,wbz\n";

/// One row per body: the state after `world.stepCount()` steps (SI units, world frame; wb* is
/// the angular velocity in body axes).
void writeCsvRows(std::ostream& out, const dynamics::World& world) {
  for (const dynamics::Body& b : world.bodies()) {
    const Eigen::Quaterniond q = b.q_WB.normalized();
    const Eigen::Vector3d wb = b.w_WB_B();
    fmt::print(out, "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", world.stepCount(),
               world.time(), b.name, b.p_WB.x(), b.p_WB.y(), b.p_WB.z(), q.w(), q.x(), q.y(), q.z(),
               b.v_WB.x(), b.v_WB.y(), b.v_WB.z(), b.w_WB.x(), b.w_WB.y(), b.w_WB.z(), wb.x(),
               wb.y(), wb.z());
  }
}

/// Figures gathered over the run.
struct RunFigures {
  double maxPenetration = 0.0;  ///< m
  double maxJointError = 0.0;   ///< m or rad
  int solves = 0;
  int converged = 0;
  double worstResidual = 0.0;
  int worstStep = -1;
  std::string worstRow;
  double solverSeconds = 0.0;
  int maxRows = 0;
};

void simulate(const SimulateArguments& args, int& exitCode) {
  dynamics::Scene scene = dynamics::makeScene(args.scene.scene, args.scene.parameters);
  const double h = args.scene.dt > 0.0 ? args.scene.dt : scene.timeStep;
  const std::unique_ptr<MixedLCP> solver = makeSolver(args.solver, args.settings);
  dynamics::World& world = scene.world;
  world.setSolver(*solver);

  // Put in place when the run is complete: an interrupted run leaves the previous file.
  std::unique_ptr<AtomicFile> csv;
  if (!args.csv.empty()) {
    csv = std::make_unique<AtomicFile>(args.csv);
    csv->stream() << kCsvHeader;
    writeCsvRows(csv->stream(), world);
  }

  const double initialEnergy = world.kineticEnergy() + world.potentialEnergy();
  std::vector<Eigen::Vector3d> watchedStart;
  for (int body : scene.watchedBodies) watchedStart.push_back(world.body(body).p_WB);
  RunFigures figures;
  for (int k = 0; k < args.steps; ++k) {
    world.step(h);
    const dynamics::StepStatistics& s = world.lastStatistics();
    figures.maxPenetration = std::max(figures.maxPenetration, world.lastProblem().maxPenetration());
    figures.maxJointError = std::max(figures.maxJointError, world.lastProblem().maxJointError());
    figures.maxRows = std::max(figures.maxRows, s.rows);
    if (s.rows > 0) {
      ++figures.solves;
      if (s.status == Status::Converged) ++figures.converged;
      if (s.relativeResidual > figures.worstResidual) {
        figures.worstResidual = s.relativeResidual;
        figures.worstStep = k + 1;
        figures.worstRow = s.worstRow;
      }
      figures.solverSeconds += s.solveSeconds;
    }
    if (csv) writeCsvRows(csv->stream(), world);
  }
  if (csv) csv->commit();
  // The final state's penetration and joint error (assembling changes nothing).
  const dynamics::StepProblem& last = world.prepareStep(h);

  const double kinetic = world.kineticEnergy(), potential = world.potentialEnergy();
  fmt::print("scene        {} {}\n", scene.name, scene.parameters);
  fmt::print("solver       {}, {} steps of h = {:.6g} s ({:.6g} s), {} rows at most\n",
             solver->name(), args.steps, h, world.time(), figures.maxRows);
  fmt::print(
      "energy       kinetic {:.6g} J + potential {:.6g} J = {:.6g} J (initial {:.6g} J, "
      "change {:+.6g} J)\n",
      kinetic, potential, kinetic + potential, initialEnergy, kinetic + potential - initialEnergy);
  fmt::print("penetration  max {:.6g} m over the run, {:.6g} m at the end\n",
             figures.maxPenetration, last.maxPenetration());
  fmt::print("drift        joint rows: max |C| {:.6g} over the run, {:.6g} at the end (m or rad)\n",
             figures.maxJointError, last.maxJointError());
  for (size_t i = 0; i < scene.watchedBodies.size(); ++i) {
    const dynamics::Body& body = world.body(scene.watchedBodies[i]);
    fmt::print("watched      {} moved {:.6g} m from its start\n", body.name,
               (body.p_WB - watchedStart[i]).norm());
  }
  fmt::print(
      "solves       {} of {} converged, worst relative residual {:.3g}{}, {:.6g} s in the "
      "solver\n",
      figures.converged, figures.solves, figures.worstResidual,
      figures.worstStep < 0 ? std::string()
                            : fmt::format(" (step {}{})", figures.worstStep,
                                          figures.worstRow.empty() ? "" : ": " + figures.worstRow),
      figures.solverSeconds);
  if (!args.csv.empty()) fmt::print("trajectory   {}\n", args.csv);
  exitCode = figures.converged == figures.solves ? 0 : 1;
}

}  // namespace

void addSimulateCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<SimulateArguments>();
  CLI::App* cmd = app.add_subcommand(
      "simulate", "Step a libdynamics scene with a solver; write the trajectory as CSV");
  addSceneOptions(*cmd, args->scene, false);
  cmd->add_option("--solver", args->solver, "Solver name (see `mlcp compare --help`)");
  cmd->add_option("--steps", args->steps, "Number of steps")->check(CLI::NonNegativeNumber);
  cmd->add_option("--csv", args->csv,
                  "Trajectory file: one row per body per step, columns " +
                      std::string(kCsvHeader, std::string(kCsvHeader).size() - 1));
  cmd->add_flag("--list-scenes", args->listScenes, "Print the scenes and their parameters");
  addSolverSettingsOptions(*cmd, args->settings);
  cmd->callback([args, &exitCode] {
    if (args->listScenes) {
      fmt::print("{}", sceneCatalogText());
      return;
    }
    if (args->scene.scene.empty()) throw CLI::RequiredError("--scene");
    simulate(*args, exitCode);
  });
}

}  // namespace mlcp::app
