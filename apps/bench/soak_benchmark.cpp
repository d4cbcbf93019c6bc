// mlcp_bench_soak: long runs of libdynamics scenes (box-stack, pile) with every registered solver,
// one child process per (scene, solver): resident memory after warm-up and at the end (it must
// stay flat: solve() allocates nothing once set up), steps whose lambda or state went NaN or
// Inf, non-converged steps and drift (the watched body's displacement, the energy change). The
// table goes to stdout as markdown (docs/soak.md holds one, with the command).
//
//   mlcp_bench_soak                                   (100,000 steps or 10 minutes per run)
//   mlcp_bench_soak --steps 20000 --seconds 60        (shortened)
//   mlcp_bench_soak --solvers pgs,apgd --scene "pile count=400"

#include <mlcp/core/solver_factory.hpp>
#include <mlcp/dynamics/scene.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

struct Arguments {
  int steps = 100000;
  double seconds = 600.0;  ///< wall-time limit per (scene, solver) run (unit: s)
  /// Steps before the first memory reading; the warm-up also ends after a tenth of --steps or of
  /// --seconds, whichever comes first.
  int warmUp = 1000;
  std::vector<std::string> scenes = {"box-stack", "pile count=30"};
  std::string solvers;  ///< comma-separated; empty = every registered solver
};

/// What one run measured. Plain data: the child writes it to a pipe as bytes.
struct SoakResult {
  int steps = 0;
  int warmUpSteps = 0;  ///< steps of the warm-up (readings below start after it)
  double wallSeconds = 0.0;
  int maxRows = 0;
  double rssWarmKb = 0.0;     ///< resident memory after the warm-up (unit: KiB)
  double rssPeakKb = 0.0;     ///< largest reading after the warm-up, every 500 steps (unit: KiB)
  double rssEndKb = 0.0;      ///< at the end (unit: KiB)
  int nonFiniteSteps = 0;     ///< steps whose lambda or body state held NaN or Inf
  int notConverged = 0;       ///< steps with rows whose status was not Converged
  double drift = 0.0;         ///< watched body's displacement from the end of the warm-up (unit: m)
  double energyChange = 0.0;  ///< kinetic + potential energy, end minus after warm-up (unit: J)
  double kineticEnd = 0.0;    ///< (unit: J)
  char note[256] = {};        ///< why the run stopped early, if it did
};

/// Resident set size of this process (unit: KiB), from /proc/self/statm.
double residentKb() {
  std::FILE* file = std::fopen("/proc/self/statm", "r");
  if (file == nullptr) return std::nan("");
  long size = 0;
  long resident = 0;
  const int read = std::fscanf(file, "%ld %ld", &size, &resident);
  std::fclose(file);
  return read == 2
             ? static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / 1024.0
             : std::nan("");
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

bool finiteState(const mlcp::dynamics::World& world) {
  if (!world.lastLambda().allFinite()) return false;
  for (const mlcp::dynamics::Body& b : world.bodies())
    if (!b.p_WB.allFinite() || !b.v_WB.allFinite() || !b.w_WB.allFinite()) return false;
  return true;
}

void setNote(SoakResult& result, const std::string& text) {
  std::snprintf(result.note, sizeof(result.note), "%s", text.c_str());
}

/// Steps the scene `spec` ("NAME key=value ...") with `solverName` until args.steps or
/// args.seconds, measuring as SoakResult says.
SoakResult soak(const std::string& spec, const std::string& solverName, const Arguments& args) {
  SoakResult result;
  const std::vector<std::string> parts = words(spec);
  mlcp::dynamics::Scene scene =
      mlcp::dynamics::makeScene(parts.at(0), {parts.begin() + 1, parts.end()});
  const auto solver = mlcp::makeSolver(solverName);
  mlcp::dynamics::World& world = scene.world;
  world.setSolver(*solver);
  const int warmUpSteps = std::min(args.warmUp, std::max(1, args.steps / 10));
  bool warm = false;
  const int watched = scene.watchedBodies.empty() ? 0 : scene.watchedBodies.front();
  Eigen::Vector3d start = Eigen::Vector3d::Zero();
  double energyAfterWarmUp = 0.0;
  const auto begin = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  };
  for (int k = 1; k <= args.steps; ++k) {
    try {
      world.step(scene.timeStep);
    } catch (const std::exception& e) {
      ++result.nonFiniteSteps;  // step() throws on NumericalFailure (NaN or Inf in lambda)
      setNote(result, fmt::format("stopped at step {}: {}", k, e.what()));
      break;
    }
    const mlcp::dynamics::StepStatistics& s = world.lastStatistics();
    result.steps = k;
    result.maxRows = std::max(result.maxRows, s.rows);
    if (s.status == mlcp::Status::Unsupported) {
      setNote(result, fmt::format("n/a: {}", solver->report().message));
      break;
    }
    if (!finiteState(world)) ++result.nonFiniteSteps;
    if (s.rows > 0 && s.status != mlcp::Status::Converged) ++result.notConverged;
    const double seconds = elapsed();
    if (!warm && (k == warmUpSteps || seconds > args.seconds / 10.0)) {
      warm = true;
      result.warmUpSteps = k;
      result.rssWarmKb = result.rssPeakKb = residentKb();
      start = world.body(watched).p_WB;
      energyAfterWarmUp = world.kineticEnergy() + world.potentialEnergy();
    }
    if (warm && k % 500 == 0) result.rssPeakKb = std::max(result.rssPeakKb, residentKb());
    if (seconds > args.seconds) break;
  }
  result.wallSeconds = elapsed();
  result.rssEndKb = residentKb();
  result.rssPeakKb = std::max(result.rssPeakKb, result.rssEndKb);
  if (warm) {
    result.drift = (world.body(watched).p_WB - start).norm();
    result.energyChange = world.kineticEnergy() + world.potentialEnergy() - energyAfterWarmUp;
  }
  result.kineticEnd = world.kineticEnergy();
  return result;
}

/// Runs soak() in a child process (its memory readings are its own, and a crash stays there).
SoakResult soakInChild(const std::string& spec, const std::string& solver, const Arguments& args) {
  int channel[2];
  SoakResult result;
  if (pipe(channel) != 0) {
    setNote(result, "pipe() failed");
    return result;
  }
  std::fflush(stdout);
  const pid_t child = fork();
  if (child == 0) {
    close(channel[0]);
    SoakResult measured;
    try {
      measured = soak(spec, solver, args);
    } catch (const std::exception& e) {
      setNote(measured, e.what());
    }
    const ssize_t written = write(channel[1], &measured, sizeof(measured));
    _exit(written == static_cast<ssize_t>(sizeof(measured)) ? 0 : 1);
  }
  close(channel[1]);
  size_t got = 0;
  auto* bytes = reinterpret_cast<char*>(&result);
  while (child > 0 && got < sizeof(result)) {
    const ssize_t n = read(channel[0], bytes + got, sizeof(result) - got);
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  close(channel[0]);
  int status = 0;
  if (child > 0) waitpid(child, &status, 0);
  if (got != sizeof(result)) {
    result = SoakResult{};
    setNote(result, child < 0             ? std::string("fork() failed")
                    : WIFSIGNALED(status) ? fmt::format("crashed (signal {})", WTERMSIG(status))
                                          : std::string("no result"));
  }
  return result;
}

std::string megabytes(double kb) { return fmt::format("{:.1f}", kb / 1024.0); }

}  // namespace

int main(int argc, char** argv) {
  Arguments args;
  CLI::App app{
      "mlcp_bench_soak: scenes stepped for a long time with every registered solver; resident "
      "memory, NaN, drift"};
  app.add_option("--steps", args.steps, "Steps per run (default 100000)")
      ->check(CLI::PositiveNumber);
  app.add_option("--seconds", args.seconds, "Wall-time limit per run in s (default 600)")
      ->check(CLI::PositiveNumber);
  app.add_option("--warm-up", args.warmUp,
                 "Steps before the first memory reading (at most a tenth of --steps)")
      ->check(CLI::PositiveNumber);
  app.add_option("--scene", args.scenes, "Scenes as \"NAME key=value ...\" (repeatable)");
  app.add_option("--solvers", args.solvers, "Solvers, comma-separated (default: all registered)");
  CLI11_PARSE(app, argc, argv);

  std::vector<std::string> solvers = mlcp::solverNames();
  if (!args.solvers.empty()) {
    solvers.clear();
    std::istringstream list(args.solvers);
    for (std::string name; std::getline(list, name, ',');) solvers.push_back(name);
  }
  fmt::print(
      "Soak: each run steps the scene until {} steps or {:g} s of wall time. The warm-up ends "
      "after {} steps or a tenth of the run (in steps or in time), whichever comes first; "
      "memory is read then, every 500 steps after it and at the end; drift and energy change "
      "are measured from the end of the warm-up.\n\n",
      args.steps, args.seconds, args.warmUp);
  fmt::print(
      "| scene | solver | steps | warm-up | wall (s) | rows (max) | RSS after warm-up (MB) | "
      "RSS peak (MB) | "
      "RSS end (MB) | NaN/Inf steps | not converged | watched body moved (m) | energy change "
      "(J) | kinetic at end (J) | note |\n");
  fmt::print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const std::string& scene : args.scenes) {
    for (const std::string& solver : solvers) {
      const SoakResult r = soakInChild(scene, solver, args);
      fmt::print(
          "| {} | {} | {} | {} | {:.0f} | {} | {} | {} | {} | {} | {} | {:.3g} | {:.3g} | {:.3g} | "
          "{} "
          "|\n",
          scene, solver, r.steps, r.warmUpSteps, r.wallSeconds, r.maxRows, megabytes(r.rssWarmKb),
          megabytes(r.rssPeakKb), megabytes(r.rssEndKb), r.nonFiniteSteps, r.notConverged, r.drift,
          r.energyChange, r.kineticEnd, r.note);
      std::fflush(stdout);
    }
  }
  return 0;
}
