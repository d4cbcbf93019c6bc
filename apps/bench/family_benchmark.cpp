// Iterations and time to a relative and scaled residual of 1e-6 of every solver family behind
// MixedLCP (the pivoting dantzig and lemke, the iterative pgs, apgd, nsgs, nncg, pgs-sm, jacobi,
// blocked-jacobi, and the chains auto and fallback) on three sets: the problems captured from
// Bullet and DART (../shared/data/captured), the heavy-on-light stacks and chain of
// mlcp_bench_mass_ratio (matrix-free), and the libdynamics `pile` scene (when built with
// libdynamics). Prints markdown tables: per problem, each solver's iterations (pivots for the
// pivoting methods, "p") and CPU time; "✗" marks a solve that did not converge (its status);
// then per set and solver the problems converged and the geometric mean, over the problems it
// converged on, of its time over the fastest converged solver's.
//
//   ./build/apps/bench/mlcp_bench_families [--quick] [--data DIR] > docs/performance/families.md

#include "bench_problems.hpp"
#include "bench_timing.hpp"

#include <mlcp/dynamics/scene_stepper.hpp>
#include <mlcp/mlcp.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#ifdef MLCP_HAS_DYNAMICS
#include <mlcp/dynamics/scene.hpp>
#endif

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

const std::vector<std::string> kFamilies = {"dantzig",        "lemke", "pgs",     "apgd",
                                            "nsgs",           "nncg",  "pgs-sm",  "jacobi",
                                            "blocked-jacobi", "auto",  "fallback"};

struct Outcome {
  bool converged = false;
  std::string cell;
  double seconds = 0.0;
};

/// One solve (repeated up to 0.2 s when it is quick, the median taken) of `name` on problem.
Outcome run(const std::string& name, const mlcp::Problem& problem, double maxSeconds) {
  mlcp::SolverSettings settings;
  settings.relativeTolerance = 1e-6;
  settings.maxSeconds = maxSeconds;
  auto probe = mlcp::makeSolver(name);
  if (probe->capabilities().iterative && name != "auto" && name != "fallback")
    settings.maxIterations = 100000;
  auto solver = mlcp::makeSolver(name, settings);
  solver->setProblem(problem);
  solver->clearInitialGuess();
  std::vector<double> times;
  double total = 0.0;
  do {
    const double start = mlcp::bench::threadSeconds();
    solver->solve();
    times.push_back(mlcp::bench::threadSeconds() - start);
    total += times.back();
  } while (total < 0.2 && times.size() < 15);
  std::sort(times.begin(), times.end());
  const mlcp::SolveReport& r = solver->report();
  Outcome o;
  o.converged = r.status == mlcp::Status::Converged;
  o.seconds = times[times.size() / 2];
  const bool pivoting = !solver->capabilities().iterative;
  const int count = pivoting ? r.pivots : r.iterations;
  o.cell = fmt::format("{}{}{} · {:.3g} ms", o.converged ? "" : "✗ ", count, pivoting ? "p" : "",
                       1e3 * o.seconds);
  if (!o.converged) o.cell += fmt::format(" ({})", r.status);
  return o;
}

struct Named {
  std::string label;
  mlcp::Problem problem;
};

/// Prints one set's table and its summary.
void table(const std::string& title, const std::vector<Named>& problems, double maxSeconds) {
  if (problems.empty()) return;
  fmt::print("\n### {}\n\n| problem | n |", title);
  for (const std::string& f : kFamilies) fmt::print(" {} |", f);
  fmt::print("\n|---|--:|");
  for (size_t k = 0; k < kFamilies.size(); ++k) fmt::print("---|");
  fmt::print("\n");
  std::map<std::string, int> converged;
  std::map<std::string, double> logRatio;
  for (const Named& p : problems) {
    std::vector<Outcome> outcomes;
    double fastest = std::numeric_limits<double>::infinity();
    for (const std::string& f : kFamilies) {
      outcomes.push_back(run(f, p.problem, maxSeconds));
      if (outcomes.back().converged) fastest = std::min(fastest, outcomes.back().seconds);
    }
    fmt::print("| {} | {} |", p.label, p.problem.size());
    for (size_t k = 0; k < kFamilies.size(); ++k) {
      fmt::print(" {} |", outcomes[k].cell);
      if (!outcomes[k].converged) continue;
      ++converged[kFamilies[k]];
      logRatio[kFamilies[k]] += std::log(outcomes[k].seconds / fastest);
    }
    fmt::print("\n");
    std::fflush(stdout);
  }
  fmt::print("\n| {} | converged of {} | time / fastest (geometric mean) |\n|---|--:|--:|\n", title,
             problems.size());
  for (const std::string& f : kFamilies) {
    const int c = converged[f];
    fmt::print("| {} | {} | {} |\n", f, c,
               c > 0 ? fmt::format("{:.2f}", std::exp(logRatio[f] / c)) : std::string("—"));
  }
}

std::vector<Named> massRatioSet(bool quick) {
  std::vector<Named> set;
  for (const int contacts : {1, 4}) {
    for (const int layers : quick ? std::vector<int>{4} : std::vector<int>{2, 4, 8}) {
      for (const double ratio : {1.0, 100.0, 1000.0}) {
        set.push_back(
            {fmt::format("stack {} cubes, {} contacts, 1:{}", layers, contacts, ratio),
             mlcp::dynamics::sceneStepProblem(
                 "columns",
                 {"nx=1", "ny=1", fmt::format("layers={}", layers),
                  contacts == 1 ? "shape=sphere" : "shape=box", fmt::format("ratio={}", ratio)},
                 0)
                 .toProblem()});
      }
    }
  }
  for (const double ratio : {1.0, 100.0, 1000.0}) {
    set.push_back(
        {fmt::format("chain 8 cubes, heavy end 1:{}", ratio),
         mlcp::dynamics::sceneStepProblem(
             "ground-chain", {"links=8", "shape=sphere", fmt::format("ratio={}", ratio)}, 0)
             .toProblem()});
  }
  return set;
}

std::vector<Named> pileSet([[maybe_unused]] bool quick) {
  std::vector<Named> set;
#ifdef MLCP_HAS_DYNAMICS
  // Stepped with PGS (ODE quickstep's 20 sweeps, omega 1.3) to the steps measured: a Dantzig
  // solve per step would take longer than the benchmark.
  const int count = quick ? 50 : 200;
  for (const int step : {60, 180}) {
    mlcp::dynamics::Scene scene =
        mlcp::dynamics::makeScene("pile", {fmt::format("count={}", count), "shape=box"});
    mlcp::PgsSolver stepper(mlcp::PgsOptions::realTime());
    const mlcp::dynamics::StepProblem s = mlcp::dynamics::sceneStepProblem(scene, step, stepper);
    set.push_back({fmt::format("pile {} boxes, step {}", count, step), s.toProblem()});
  }
#endif
  return set;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Iterations and time to 1e-6 of every solver family"};
  bool quick = false;
  std::string data = mlcp::bench::defaultDataDir().string();
  double maxSeconds = 20.0;
  app.add_flag("--quick", quick, "Fewer stacks, a smaller pile");
  app.add_option("--data", data, "The shared data folder (captured problems)");
  app.add_option("--max-seconds", maxSeconds, "Time limit of one solve (s)");
  CLI11_PARSE(app, argc, argv);

  fmt::print(
      "Tolerance 1e-6 (relative and scaled residual), cold starts, at most 100000 "
      "iterations and {} s per solve; cells: iterations (pivots \"p\") · median CPU ms; "
      "✗ = not converged (status).\n",
      maxSeconds);
  std::vector<Named> captured;
  for (mlcp::bench::BenchProblem& p : mlcp::bench::capturedSet(data))
    captured.push_back({p.label, std::move(p.problem)});
  table("captured (Bullet, DART)", captured, maxSeconds);
  table("mass ratio (matrix-free)", massRatioSet(quick), maxSeconds);
  table("pile scene (matrix-free)", pileSet(quick), maxSeconds);
  return 0;
}
