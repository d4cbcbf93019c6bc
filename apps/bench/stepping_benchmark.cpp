// Stepped scenes solved exactly and warm-started, against the peers' cold Dantzig on the same
// step problems: each scene (box-stack, box-pyramid, the pile of 100 and of 1000 spheres) is
// stepped by libdynamics' World with each of our exact solvers (bpp, polish, auto; relative
// tolerance 1e-9), the previous step's impulses handed over by persistent contact keys as the
// initial guess (World's warm start) and the solver's own state kept from step to step. Every
// step's answer is checked on the spec's natural map of the step problem (scaled and relative
// residual <= 1e-8, computed here from the factors, whatever the solver reports); a step that
// misses it is counted, never dropped. Every `--capture`-th step problem of the first solver's
// run is kept and, after the run, solved cold by bullet-dantzig and dart-dantzig on the
// assembled dense A (median of a few solves each, CPU time of the thread): the ratio divides our
// median solve time over those same steps by the faster peer's median.
//
//   ./build/apps/bench/mlcp_bench_stepping [--steps 300] [--pile-steps 300] [--capture 10]
//                                          [--solvers bpp,polish,auto] [--scenes ...]
//                                          [--option NAME=VALUE ...] [--progress]

#include "bench_solvers.hpp"
#include "bench_timing.hpp"

#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/core/residual.hpp>
#include <mlcp/core/solver_factory.hpp>
#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mb = mlcp::bench;
namespace md = mlcp::dynamics;

namespace {

constexpr double kExact = 1e-8;  // the spec's exactness: scaled and relative residual
constexpr double kTolerance = 1e-9;
bool g_progress = false;          // one line per step on stderr
mlcp::SolverSettings g_settings;  // of our solvers: the tolerance and the --option ones

/// One stepped scene: the name and parameters makeScene() takes, and its label in the tables.
struct SteppedScene {
  std::string label;
  std::string name;
  std::vector<std::string> parameters;
  bool large = false;  // stepped --pile-steps steps instead of --steps
};

/// What one solver did over one scene's steps.
struct Run {
  std::string solver;
  std::vector<double> seconds;  // CPU time of solve() per step
  std::vector<double> rows;
  double worstScaled = 0.0, worstRelative = 0.0;
  int notExact = 0;
  std::vector<int> notExactSteps;
  std::vector<double> capturedSeconds;  // our time on the captured steps
};

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const size_t m = v.size();
  return m % 2 == 1 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
}

std::string duration(double seconds) {
  if (seconds >= 1.0) return fmt::format("{:.3g} s", seconds);
  if (seconds >= 1e-3) return fmt::format("{:.3g} ms", 1e3 * seconds);
  return fmt::format("{:.3g} us", 1e6 * seconds);
}

/// The solver `name` (registered), or a FallbackSolver of the stages of "A>B>...": each tried
/// after the one before did not converge.
std::unique_ptr<mlcp::MixedLCP> makeStepSolver(const std::string& name,
                                               const mlcp::SolverSettings& settings) {
  if (name.find('>') == std::string::npos) return mlcp::makeSolver(name, settings);
  std::vector<std::unique_ptr<mlcp::MixedLCP>> stages;
  for (size_t first = 0; first <= name.size();) {
    const size_t last = std::min(name.find('>', first), name.size());
    stages.push_back(mlcp::makeSolver(name.substr(first, last - first), settings));
    first = last + 1;
  }
  return std::make_unique<mlcp::FallbackSolver>(std::move(stages));
}

/// Steps `scene` `steps` times with the solver `name`; keeps every `capture`-th step problem in
/// `captured` when given.
Run stepScene(const SteppedScene& s,
              const std::string& name,
              int steps,
              int capture,
              std::vector<mlcp::Problem>* captured) {
  md::Scene scene = md::makeScene(s.name, s.parameters);
  std::unique_ptr<mlcp::MixedLCP> solver = makeStepSolver(name, g_settings);
  scene.world.setSolver(*solver);
  Run run;
  run.solver = name;
  for (int k = 0; k < steps; ++k) {
    scene.world.step(scene.timeStep);
    const md::StepStatistics& stats = scene.world.lastStatistics();
    if (stats.rows == 0) continue;
    const md::StepProblem& step = scene.world.lastProblem();
    const mlcp::Problem problem = step.toProblem();
    const mlcp::Residuals r = mlcp::computeResiduals(problem, solver->getLambda());
    run.seconds.push_back(stats.times.solve);
    run.rows.push_back(stats.rows);
    run.worstScaled = std::max(run.worstScaled, r.scaled);
    run.worstRelative = std::max(run.worstRelative, r.relative);
    if (g_progress)
      fmt::print(stderr, "{} {} step {}: {} rows, {}, scaled {:.1e}, relative {:.1e}; {}: {}\n",
                 s.label, name, k + 1, stats.rows, duration(stats.times.solve), r.scaled,
                 r.relative, solver->report().status, solver->report().message);
    if (!(r.scaled <= kExact && r.relative <= kExact)) {
      ++run.notExact;
      run.notExactSteps.push_back(k);
    }
    if (k % capture == capture - 1) {
      run.capturedSeconds.push_back(stats.times.solve);
      if (captured) captured->push_back(problem);
    }
  }
  return run;
}

/// The faster peer's median cold time over the captured problems (per peer: the median of its
/// per-problem medians), and its name; nullopt without peers.
std::optional<std::pair<std::string, double>> peerTime(const std::vector<mlcp::Problem>& problems,
                                                       const mb::TimingBudget& budget) {
  std::vector<mb::Contender> peers;
  for (mb::Contender& c : mb::pivotingContenders())
    if (c.peer) peers.push_back(std::move(c));
  if (peers.empty() || problems.empty()) return std::nullopt;
  std::vector<std::vector<double>> times(peers.size());
  std::vector<mlcp::MixedLCP*> solvers;
  for (mb::Contender& c : peers) solvers.push_back(c.solver.get());
  for (const mlcp::Problem& p : problems) {
    const mlcp::Problem dense = mb::inForm(p, mlcp::MatrixForm::Dense);
    for (mlcp::MixedLCP* solver : solvers) solver->setProblem(dense);
    const std::vector<mb::TimedSolve> timed = mb::timeInterleaved(solvers, budget);
    for (size_t k = 0; k < peers.size(); ++k)
      if (timed[k].ran) times[k].push_back(timed[k].medianSeconds);
  }
  std::optional<std::pair<std::string, double>> best;
  for (size_t k = 0; k < peers.size(); ++k) {
    if (times[k].size() != problems.size()) continue;
    const double t = median(times[k]);
    if (!best || t < best->second) best = {peers[k].label, t};
  }
  return best;
}

std::string stepList(const std::vector<int>& steps) {
  std::string list;
  for (size_t k = 0; k < steps.size() && k < 8; ++k)
    list += fmt::format("{}{}", k ? ", " : " (steps ", steps[k] + 1);
  if (steps.size() > 8) list += ", ...";
  return steps.empty() ? list : list + ")";
}

}  // namespace

int main(int argc, char** argv) {
  int steps = 300;
  int pileSteps = 300;
  int capture = 10;
  int pileCapture = 30;
  std::vector<std::string> solverNames = {"bpp", "polish", "auto"};
  std::vector<std::string> pileSolverNames = {"polish", "auto"};
  std::vector<std::string> sceneLabels = {"box-stack", "box-pyramid", "pile-100", "pile-1000"};
  double peerSeconds = 0.05;
  CLI::App app{"mlcp_bench_stepping: warm-started exact solves per step against the peers' cold"};
  app.add_option("--steps", steps, "Steps of each scene")->check(CLI::Range(1, 100000));
  app.add_option("--pile-steps", pileSteps, "Steps of the 1000-sphere pile")
      ->check(CLI::Range(1, 100000));
  app.add_option("--capture", capture, "Every this-many-th step is solved by the peers too")
      ->check(CLI::Range(1, 100000));
  app.add_option("--pile-capture", pileCapture,
                 "The same for the 1000-sphere pile (the peers take seconds a solve there)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--solvers", solverNames,
                 "Our solvers (the first one's steps go to the peers; A>B: B where A fails)")
      ->delimiter(',');
  app.add_option("--pile-solvers", pileSolverNames, "Our solvers on the 1000-sphere pile")
      ->delimiter(',');
  app.add_option("--scenes", sceneLabels, "box-stack, box-pyramid, pile-100, pile-1000")
      ->delimiter(',');
  app.add_option("--peer-seconds", peerSeconds, "Timing budget of the peers per problem (s)")
      ->check(CLI::PositiveNumber);
  std::vector<std::string> options;
  app.add_option("--option", options,
                 "NAME=VALUE: an option of our solvers (e.g. warm_share=1; repeatable)");
  app.add_flag("--progress", g_progress, "One line per step on stderr");
  CLI11_PARSE(app, argc, argv);
  mlcp::adapters::registerAdapterSolvers();
  g_settings.relativeTolerance = kTolerance;
  try {
    for (const std::string& option : options) {
      const size_t equals = option.find('=');
      if (equals == std::string::npos)
        throw std::invalid_argument("--option " + option + ": expected NAME=VALUE");
      g_settings.set(option.substr(0, equals), option.substr(equals + 1));
    }
    std::vector<std::string> all = solverNames;
    all.insert(all.end(), pileSolverNames.begin(), pileSolverNames.end());
    mlcp::requireSettingsTaken(all, g_settings);
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  }

  const std::vector<SteppedScene> catalogue = {
      {"box-stack", "box-stack", {}, false},
      {"box-pyramid", "box-pyramid", {}, false},
      {"pile-100", "pile", {"count=100"}, false},
      {"pile-1000", "pile", {"count=1000"}, true},
  };
  mb::TimingBudget budget;
  budget.seconds = peerSeconds;
  budget.minRepeats = 1;
  budget.maxRepeats = 5;

  fmt::print(
      "# Stepping: exact solves warm-started from the previous step, against the peers' cold "
      "Dantzig\n\n"
      "Each scene stepped with libdynamics' World (h = 1/60 s; the previous step's impulses by "
      "persistent contact keys as initial guess; relative tolerance {:g}). Residuals: the "
      "spec's natural map of each step problem, scaled and relative (exact: both <= {:g}). "
      "Times: median CPU time of solve() per step. The peers (the faster of bullet-dantzig and "
      "dart-dantzig, cold, on the assembled dense A, median of up to {} solves) solve every "
      "{}-th step problem of the first solver's run (every {}-th of the 1000-sphere pile); ratio = "
      "our median on those same steps / "
      "the faster peer's median (for the other solvers: their own run's steps of the same "
      "numbers).\n\n",
      kTolerance, kExact, budget.maxRepeats, capture, pileCapture);
  fmt::print(
      "| scene | solver | steps | rows (median) | median solve | steps not exact | worst scaled "
      "| worst relative | faster peer (cold) | ratio |\n"
      "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  for (const std::string& label : sceneLabels) {
    const auto s = std::find_if(catalogue.begin(), catalogue.end(),
                                [&](const SteppedScene& c) { return c.label == label; });
    if (s == catalogue.end()) {
      fmt::print(stderr, "unknown scene {}\n", label);
      return 2;
    }
    const int count = s->large ? pileSteps : steps;
    const int every = s->large ? pileCapture : capture;
    std::vector<mlcp::Problem> captured;
    std::vector<Run> runs;
    const std::vector<std::string>& names = s->large ? pileSolverNames : solverNames;
    for (size_t k = 0; k < names.size(); ++k)
      runs.push_back(stepScene(*s, names[k], count, every, k == 0 ? &captured : nullptr));
    const auto peer = peerTime(captured, budget);
    for (const Run& run : runs) {
      const std::string peerCell =
          peer ? fmt::format("{} ({})", duration(peer->second), peer->first) : "—";
      const std::string ratio =
          peer ? fmt::format("{:.2f}x", median(run.capturedSeconds) / peer->second) : "—";
      fmt::print("| {} | {} | {} | {:.0f} | {} | {}{} | {:.1e} | {:.1e} | {} | {} |\n", s->label,
                 run.solver, run.seconds.size(), median(run.rows), duration(median(run.seconds)),
                 run.notExact, stepList(run.notExactSteps), run.worstScaled, run.worstRelative,
                 peerCell, ratio);
      std::fflush(stdout);
    }
  }
  return 0;
}
