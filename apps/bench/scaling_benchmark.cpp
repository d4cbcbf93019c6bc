// Time per sweep and per row of the matrix-free PGS and APGD from 100 to 100,000 rows: the cost
// of a sweep should grow linearly with the rows (a flat time per row). Problem: libdynamics'
// columns scene, columns of 2 cubes with 4 contacts per face (24 rows a column, mu 0.5, random
// sliding), as many columns as needed. Time per sweep = (t(K2) - t(K1)) / (K2 - K1), the least CPU
// time of solves with K1 and K2 sweeps (tolerance off), so what a solve does once (binding the
// factors is done before; validation, the starting product and the final residual are in both)
// cancels. Prints a markdown table; with --data FILE also the series for the plot.
//
//   ./build/apps/bench/mlcp_bench_scaling [--quick] [--data FILE]

#include "bench_timing.hpp"

#include <mlcp/dynamics/scene_stepper.hpp>
#include <mlcp/mlcp.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

namespace mb = mlcp::bench;

namespace {

constexpr int kRowsPerColumn = 24;

struct Point {
  int rows = 0;
  double pgsSweep = 0.0;   // s per sweep
  double apgdSweep = 0.0;  // s per iteration
  double pgsResidual = 0.0;
  double apgdResidual = 0.0;
};

template <class Solver, class Options>
std::unique_ptr<mlcp::MixedLCP> make(const std::shared_ptr<const mlcp::Factors>& f, int sweeps) {
  Options options;
  options.maxIterations = sweeps;
  options.relativeTolerance = 0.0;
  auto solver = std::make_unique<Solver>(options);
  solver->setProblem(mlcp::toProblem(f));
  return solver;
}

Point measure(int target, int sweepsShort, int sweepsLong, const mb::TimingBudget& budget) {
  const auto factors = std::make_shared<const mlcp::Factors>(
      mlcp::dynamics::sceneStepProblem("columns",
                                       {fmt::format("nx={}", std::max(1, target / kRowsPerColumn)),
                                        "ny=1", "layers=2", "slide=0.5"},
                                       0)
          .problem);
  std::vector<std::unique_ptr<mlcp::MixedLCP>> solvers;
  for (const int sweeps : {sweepsShort, sweepsLong}) {
    solvers.push_back(make<mlcp::PgsSolver, mlcp::PgsOptions>(factors, sweeps));
    solvers.push_back(make<mlcp::ApgdSolver, mlcp::ApgdOptions>(factors, sweeps));
  }
  std::vector<mlcp::MixedLCP*> list;
  for (auto& s : solvers) list.push_back(s.get());
  const std::vector<mb::TimedSolve> t = mb::timeInterleaved(list, budget);
  const double span = sweepsLong - sweepsShort;
  Point p;
  p.rows = factors->size();
  p.pgsSweep = (t[2].minSeconds - t[0].minSeconds) / span;
  p.apgdSweep = (t[3].minSeconds - t[1].minSeconds) / span;
  p.pgsResidual = t[2].report.relativeResidual;
  p.apgdResidual = t[3].report.relativeResidual;
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  std::string data;
  CLI::App app{"mlcp_bench_scaling: matrix-free PGS and APGD time per sweep and row"};
  app.add_flag("--quick", quick, "Up to 30,000 rows and a shorter budget");
  app.add_option("--data", data, "File for the plot series");
  CLI11_PARSE(app, argc, argv);

  std::vector<int> targets = {100, 300, 1000, 3000, 10000, 30000, 100000};
  if (quick) targets.pop_back();
  mb::TimingBudget budget;
  budget.seconds = quick ? 0.2 : 1.0;
  budget.minRepeats = 5;
  const int sweepsShort = 10;
  const int sweepsLong = 60;

  std::vector<Point> points;
  for (const int target : targets)
    points.push_back(measure(target, sweepsShort, sweepsLong, budget));

  fmt::print(
      "| rows | pgs-matrix-free per sweep | per row | apgd-matrix-free per iteration | "
      "per row | pgs residual | apgd residual |\n|--:|--:|--:|--:|--:|--:|--:|\n");
  for (const Point& p : points)
    fmt::print("| {} | {:.3g} us | {:.1f} ns | {:.3g} us | {:.1f} ns | {:.1e} | {:.1e} |\n", p.rows,
               1e6 * p.pgsSweep, 1e9 * p.pgsSweep / p.rows, 1e6 * p.apgdSweep,
               1e9 * p.apgdSweep / p.rows, p.pgsResidual, p.apgdResidual);
  double lo = 1e300;
  double hi = 0.0;
  for (const Point& p : points) {
    if (p.rows < 1000) continue;
    lo = std::min(lo, p.pgsSweep / p.rows);
    hi = std::max(hi, p.pgsSweep / p.rows);
  }
  fmt::print(
      "\nGoal: pgs-matrix-free time per row flat within 2x from 1,000 rows up: max/min = "
      "{:.2f} ({})\nResiduals after {} sweeps.\n",
      hi / lo, hi / lo <= 2.0 ? "met" : "not met", sweepsLong);

  if (!data.empty()) {
    mlcp::AtomicFile file(data);
    std::ostream& out = file.stream();
    out << "# rows pgs_ns_per_row apgd_ns_per_row pgs_us_per_sweep apgd_us_per_iteration\n";
    for (const Point& p : points)
      out << fmt::format("{} {:.6g} {:.6g} {:.6g} {:.6g}\n", p.rows, 1e9 * p.pgsSweep / p.rows,
                         1e9 * p.apgdSweep / p.rows, 1e6 * p.pgsSweep, 1e6 * p.apgdSweep);
    file.commit();
  }
  return 0;
}
