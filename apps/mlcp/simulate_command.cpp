// mlcp simulate: steps a libdynamics scene with a solver chosen by name, writes the trajectory CSV
// (and with --stats one row of solver figures per step) and prints energy, penetration and
// constraint-drift figures (docs/dynamics.md). A run cut short (a non-finite state, a solver
// error, Ctrl-C) keeps the steps it completed (docs/cli.md, "Runs cut short"). --engine other
// than libdynamics hands the scene's description to that engine (engine_simulation.cpp).

#include "commands.hpp"
#include "engine_simulation.hpp"
#include "run_stop.hpp"
#include "scene_source.hpp"
#include "simulate_arguments.hpp"
#include "simulation_engine.hpp"
#include "solver_settings_options.hpp"
#include "step_statistics_csv.hpp"
#include "trajectory_csv.hpp"

#include <mlcp/core/solver_factory.hpp>
#include <mlcp/dynamics/scene.hpp>
#include <mlcp/io/atomic_file.hpp>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlcp::app {

namespace {

/// One row per body: the state after `world.stepCount()` steps (kTrajectoryCsvHeader).
void writeCsvRows(std::ostream& out, const dynamics::World& world) {
  for (const dynamics::Body& b : world.bodies())
    writeTrajectoryRow(out, world.stepCount(), world.time(),
                       {b.name, b.p_WB, b.q_WB, b.v_WB, b.w_WB});
}

/// The trajectory (--csv) and per-step statistics (--stats) files, written step by step under
/// temporary names (AtomicFile) and put in place by commit(), also when the run stops early, so
/// the path holds the steps computed, never a half-written file.
class SimulationFiles {
 public:
  /// Opens the files that were asked for and writes their headers and the initial state.
  /// @throws std::runtime_error when a file cannot be created
  SimulationFiles(const SimulateArguments& args, const dynamics::World& world) {
    if (!args.csv.empty()) {
      m_csv = std::make_unique<AtomicFile>(args.csv);
      m_csv->stream() << kTrajectoryCsvHeader;
      writeCsvRows(m_csv->stream(), world);
    }
    if (!args.stats.empty()) {
      m_stats = std::make_unique<AtomicFile>(args.stats);
      m_stats->stream() << kStepStatisticsHeader << '\n';
    }
  }
  /// Appends the step `world` has just taken with `solver`.
  void afterStep(const dynamics::World& world, const MixedLCP& solver) {
    if (m_csv) writeCsvRows(m_csv->stream(), world);
    if (m_stats) m_stats->stream() << stepStatisticsRow(world, solver) << '\n';
  }
  /// Puts the files in place. @throws std::runtime_error as AtomicFile::commit
  void commit() {
    if (m_csv) m_csv->commit();
    if (m_stats) m_stats->commit();
  }

 private:
  std::unique_ptr<AtomicFile> m_csv;
  std::unique_ptr<AtomicFile> m_stats;
};

/// Figures gathered over the run's completed steps.
struct RunFigures {
  double initialEnergy = 0.0;  ///< J
  std::vector<Eigen::Vector3d> watchedStart;
  int completed = 0;            ///< steps completed
  double time = 0.0;            ///< s, after the completed steps
  double maxPenetration = 0.0;  ///< m
  double maxJointError = 0.0;   ///< m or rad
  int solves = 0;
  int converged = 0;
  double worstResidual = 0.0;
  int worstStep = -1;
  std::string worstRow;
  double solverSeconds = 0.0;
  int maxRows = 0;

  /// Adds the step `world` has just taken.
  void record(const dynamics::World& world) {
    const dynamics::StepStatistics& s = world.lastStatistics();
    completed = world.stepCount();
    time = world.time();
    maxPenetration = std::max(maxPenetration, world.lastProblem().maxPenetration());
    maxJointError = std::max(maxJointError, world.lastProblem().maxJointError());
    maxRows = std::max(maxRows, s.rows);
    if (s.rows == 0) return;
    ++solves;
    if (s.status == Status::Converged) ++converged;
    if (s.relativeResidual > worstResidual) {
      worstResidual = s.relativeResidual;
      worstStep = world.stepCount();
      worstRow = s.worstRow;
    }
    solverSeconds += s.solveSeconds;
  }
};

/// The rows of the --stats file after `completed` steps: "steps 1 to K", or "no step".
std::string statisticsSteps(int completed) {
  return completed == 0 ? std::string("no step") : fmt::format("steps 1 to {}", completed);
}

/// The end-of-run report on stdout. After a stop with a non-finite state the figures of the
/// final state (energy, penetration at the end, watched bodies) are left out, after a failing
/// step the penetration and joint error at the end.
void printSummary(dynamics::Scene& scene,
                  const MixedLCP& solver,
                  const SimulateArguments& args,
                  double h,
                  const RunFigures& figures,
                  const std::optional<RunStop>& stop) {
  dynamics::World& world = scene.world;
  const bool finite = nonFiniteState(world).empty();
  fmt::print("scene        {} {}\n", scene.name, scene.parameters);
  fmt::print("solver       {}, {} steps of h = {:.6g} s ({:.6g} s), {} rows at most{}\n",
             solver.name(), figures.completed, h, figures.time, figures.maxRows,
             !stop               ? std::string()
             : stop->signal != 0 ? std::string(" (interrupted)")
                                 : fmt::format(" (step {} failed)", stop->completed + 1));
  if (finite) {
    const double kinetic = world.kineticEnergy(), potential = world.potentialEnergy();
    fmt::print(
        "energy       kinetic {:.6g} J + potential {:.6g} J = {:.6g} J (initial {:.6g} J, "
        "change {:+.6g} J)\n",
        kinetic, potential, kinetic + potential, figures.initialEnergy,
        kinetic + potential - figures.initialEnergy);
    // The final state's penetration and joint error (assembling changes nothing); not after a
    // failing step, whose assembly may be what failed.
    const bool assemble = !stop || stop->signal != 0;
    const dynamics::StepProblem* last = assemble ? &world.prepareStep(h) : nullptr;
    const auto atTheEnd = [last](double (dynamics::StepProblem::*figure)() const,
                                 const char* unit) {
      return last ? fmt::format(", {:.6g}{} at the end", (last->*figure)(), unit) : std::string();
    };
    fmt::print("penetration  max {:.6g} m over the run{}\n", figures.maxPenetration,
               atTheEnd(&dynamics::StepProblem::maxPenetration, " m"));
    fmt::print("drift        joint rows: max |C| {:.6g} over the run{} (m or rad)\n",
               figures.maxJointError, atTheEnd(&dynamics::StepProblem::maxJointError, ""));
    for (size_t i = 0; i < scene.watchedBodies.size(); ++i) {
      const dynamics::Body& body = world.body(scene.watchedBodies[i]);
      fmt::print("watched      {} moved {:.6g} m from its start\n", body.name,
                 (body.p_WB - figures.watchedStart[i]).norm());
    }
  }
  fmt::print(
      "solves       {} of {} converged, worst relative residual {:.3g}{}, {:.6g} s in the "
      "solver\n",
      figures.converged, figures.solves, figures.worstResidual,
      figures.worstStep < 0 ? std::string()
                            : fmt::format(" (step {}{})", figures.worstStep,
                                          figures.worstRow.empty() ? "" : ": " + figures.worstRow),
      figures.solverSeconds);
  if (!args.csv.empty())
    fmt::print("trajectory   {} (steps 0 to {})\n", args.csv, figures.completed);
  if (!args.stats.empty())
    fmt::print("statistics   {} ({})\n", args.stats, statisticsSteps(figures.completed));
}

void simulate(const SimulateArguments& args, int& exitCode) {
  dynamics::Scene scene = dynamics::makeScene(args.scene.scene, args.scene.parameters);
  const double h = args.scene.dt > 0.0 ? args.scene.dt : scene.timeStep;
  requireSettingsTaken({args.solver}, args.settings);
  const std::unique_ptr<MixedLCP> solver = makeSolver(args.solver, args.settings);
  dynamics::World& world = scene.world;
  world.setSolver(*solver);

  SimulationFiles files(args, world);
  RunFigures figures;
  figures.initialEnergy = world.kineticEnergy() + world.potentialEnergy();
  for (int body : scene.watchedBodies) figures.watchedStart.push_back(world.body(body).p_WB);
  const std::optional<RunStop> stop = runSteps(
      args.steps, [&] { world.step(h); }, [&] { return nonFiniteState(world); },
      [&] {
        figures.record(world);
        files.afterStep(world, *solver);
      });
  files.commit();  // the completed steps, also when the run stopped early
  printSummary(scene, *solver, args, h, figures, stop);
  if (stop) {
    std::fflush(stdout);
    fmt::print(stderr, "mlcp: simulate {}{}{}\n", stop->describe(),
               args.csv.empty()
                   ? std::string()
                   : fmt::format("; {} holds steps 0 to {}", args.csv, figures.completed),
               args.stats.empty()
                   ? std::string()
                   : fmt::format("; {} holds {}", args.stats, statisticsSteps(figures.completed)));
    exitCode = stop->exitCode();
    return;
  }
  exitCode = figures.converged == figures.solves ? 0 : 1;
}

}  // namespace

void addSimulateCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<SimulateArguments>();
  CLI::App* cmd = app.add_subcommand(
      "simulate", "Step a scene with a solver in an engine; write the trajectory as CSV");
  addSceneOptions(*cmd, args->scene, false);
  cmd->add_option(
      "--engine", args->engine,
      "Engine stepping the scene: " + fmt::format("{}", fmt::join(simulationEngineNames(), ", ")) +
          " (default libdynamics; docs/physics-validation.md)");
  cmd->add_option("--solver", args->solver,
                  "Solver name (see `mlcp compare --help`); with --engine ode its own steppers "
                  "dantzig (dWorldStep) or quickstep (dWorldQuickStep)");
  cmd->add_option("--steps", args->steps, "Number of steps")->check(CLI::NonNegativeNumber);
  cmd->add_option("--csv", args->csv,
                  "Trajectory file: one row per body per step, columns " +
                      std::string(kTrajectoryCsvHeader.substr(0, kTrajectoryCsvHeader.size() - 1)));
  cmd->add_option(
      "--stats", args->stats,
      std::string("Per-step solver file: one row per step, columns ") + kStepStatisticsHeader);
  cmd->add_flag("--list-scenes", args->listScenes, "Print the scenes and their parameters");
  addSolverSettingsOptions(*cmd, args->settings);
  cmd->callback([args, &exitCode] {
    if (args->listScenes) {
      fmt::print("{}", sceneCatalogText());
      return;
    }
    if (args->scene.scene.empty()) throw CLI::RequiredError("--scene");
    if (args->engine == "libdynamics")
      simulate(*args, exitCode);
    else
      exitCode = simulateWithEngine(*args);
  });
}

}  // namespace mlcp::app
