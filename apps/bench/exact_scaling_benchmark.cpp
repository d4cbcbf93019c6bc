// Exact answers at scale: time of one exact solve (relative and scaled residual <= 1e-8)
// against the rows, 100 .. 100,000, on two families of contact problems, and the fitted exponent
// of time ~ rows^p per solver and family (docs/bpp.md, docs/performance.md):
//  - stacks: libdynamics' columns scene, columns of 4 cubes with 4 contacts per face (48 rows a
//    column, mu 0.5, random sliding), as many columns as the size needs; every column is an
//    island; the world's CFM is --stack-cfm (0: CFM-free, A singular);
//  - piles: libdynamics' pile scene (spheres dropped into a bin) with `count` bodies, stepped
//    60 steps of 1/60 s with real-time PGS (20 sweeps; only the state matters) and the MLCP of
//    the next step captured; one island or a few.
// The problems are given as factors (J, M^-1, CFM), as a simulator has them. Each solve has a
// time limit (--max-seconds); a solve that misses 1e-8 is printed with its status and left out
// of the fit, and its solver is not run on the larger cases of that family. Prints where the
// time went (polish: first stage and bpp; bpp: rounds, factorizations, refinement solves) and
// the goal row: the 1000-sphere pile at step 60 exact in at most 1 s. Besides the registered
// solvers, polish/apgd, polish/nncg, polish/stable and polish/stable-1e-3 name polish with
// another first stage or schedule (registerPolishVariants); polish/newton-primal has
// mlcp::PrimalNewtonSolver as its first stage, newton-primal/0.01 and newton-primal/0.001 are
// newton-primal with the proximal delta 1e-2 and 1e-3.
//
//   ./build/apps/bench/mlcp_bench_exact_scaling [--quick] [--solvers a,b] [--data FILE]
//       [--stacks 100,300] [--piles 100,1000]   (sizes to run instead of the default ones;
//                                                "none" runs no case of that family)
//       [--stack-cfm 0] [--tolerance 1e-11] [--max-seconds 10]

#include "bench_problems.hpp"
#include "bench_timing.hpp"

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace mb = mlcp::bench;

namespace {

/// The solve counts as exact at or below this residual (relative and scaled).
constexpr double kExact = 1e-8;
constexpr int kPileSteps = 60;

struct Case {
  std::string family;  // "stacks" or "pile" (BenchProblem::set)
  std::string name;
  mlcp::Problem problem;
};

struct Result {
  int rows = 0;
  std::string family, name, solver;
  mlcp::Status status = mlcp::Status::NotSolved;
  double seconds = 0.0;
  double residual = 0.0;  // max(relative, scaled)
  int islands = 0;
  std::string detail;  // where the time went (polish: its stages; bpp: rounds, factorizations)
  bool exact() const { return status == mlcp::Status::Converged && residual <= kExact; }
};

Case stacks(int targetRows, double cfm) {
  mb::BenchProblem p = mb::columnStacks(targetRows, cfm);
  return {p.set, p.label, std::move(p.problem)};
}

Case pile(int count) {
  mb::BenchProblem p = mb::settledPile(count, kPileSteps);
  return {p.set, p.label, std::move(p.problem)};
}

/// The first stages and schedules of `polish` compared here, registered under names of their
/// own: polish/apgd, polish/nncg and polish/newton-primal (APGD, NNCG or primal Newton instead
/// of PGS as the first stage), and
/// polish/stable and polish/stable-1e-3 (PGS stopped as soon as its partition holds between
/// two checks 50 sweeps apart, at a relative residual of at most 1e-2 or 1e-3).
void registerPolishVariants() {
  const auto variant = [](const std::string& name, mlcp::FirstStage stage, int checkInterval,
                          double ceiling) {
    mlcp::PolishOptions preset;
    preset.firstStage = stage;
    preset.partitionCheckInterval = checkInterval;
    preset.stableCeiling = ceiling;
    mlcp::registerSolver(mlcp::solverEntry<mlcp::PolishSolver>(
        name, "polish with another first stage or schedule", preset));
  };
  variant("polish/apgd", mlcp::FirstStage::Apgd, 0, 1e-2);
  variant("polish/nncg", mlcp::FirstStage::Nncg, 0, 1e-2);
  variant("polish/newton-primal", mlcp::FirstStage::NewtonPrimal, 0, 1e-2);
  variant("polish/stable", mlcp::FirstStage::Pgs, 50, 1e-2);
  for (const double delta : {1e-2, 1e-3}) {
    mlcp::PrimalNewtonOptions preset;
    preset.proximal = delta;
    mlcp::registerSolver(mlcp::solverEntry<mlcp::PrimalNewtonSolver>(
        fmt::format("newton-primal/{:g}", delta), "newton-primal with another proximal delta",
        preset));
  }
  variant("polish/stable-1e-3", mlcp::FirstStage::Pgs, 50, 1e-3);
}

Result solve(const Case& c, const std::string& name, double maxSeconds, double tolerance) {
  mlcp::SolverSettings settings;
  settings.maxSeconds = maxSeconds;
  settings.relativeTolerance = tolerance;  // "exact" is asked for, not only counted
  std::unique_ptr<mlcp::MixedLCP> solver = mlcp::makeSolver(name, settings);
  solver->setProblem(c.problem);
  const double start = mb::threadSeconds();
  const mlcp::SolveReport& report = solver->solve();
  Result r;
  r.seconds = mb::threadSeconds() - start;
  r.rows = c.problem.size();
  r.family = c.family;
  r.name = c.name;
  r.solver = name;
  r.status = report.status;
  r.residual = std::max(report.relativeResidual, report.scaledResidual);
  if (const auto* islands = dynamic_cast<const mlcp::IslandSolver*>(solver.get()))
    r.islands = islands->islandCount();
  if (const auto* polish = dynamic_cast<const mlcp::PolishSolver*>(solver.get())) {
    const mlcp::PolishStatistics& s = polish->statistics();
    r.detail = fmt::format("first stage {} it. {:.3g} s, bpp {} rounds {:.3g} s", s.sweeps,
                           s.firstOrderSeconds, s.polishRounds, s.polishSeconds);
  }
  if (const auto* bpp = dynamic_cast<const mlcp::BppSolver*>(solver.get())) {
    const mlcp::BppStatistics& s = bpp->statistics();
    r.detail = fmt::format("r = {}, {} rounds, {} factorizations, {} updates, {} refinement solves",
                           s.rank, s.rounds, s.factorizations, s.updates, s.refinementSteps);
  }
  if (const auto* primal = dynamic_cast<const mlcp::PrimalNewtonSolver*>(solver.get())) {
    const mlcp::PrimalNewtonStatistics& s = primal->statistics();
    r.detail = fmt::format(
        "r = {}, {} Newton steps, {} rounds, {} factorizations {:.3g} s, "
        "line search {:.3g} s",
        s.rank, s.newtonIterations, s.rounds, s.factorizations, s.factorSeconds,
        s.lineSearchSeconds);
  }
  if (!r.exact()) r.detail += (r.detail.empty() ? "" : "; ") + report.message;
  return r;
}

/// time ~ c rows^p fitted by least squares in log-log.
struct Fit {
  double p = std::nan("");  ///< NaN with fewer than two points
  double logC = 0.0;
  int points = 0;
  int minRows = 0, maxRows = 0;
};

/// The fit over the exact results of `solver` on `family` with at least 1000 rows.
Fit fitted(const std::vector<Result>& results,
           const std::string& family,
           const std::string& solver) {
  Fit fit;
  std::vector<std::pair<double, double>> points;
  for (const Result& r : results)
    if (r.family == family && r.solver == solver && r.exact() && r.rows >= 1000) {
      points.emplace_back(std::log(r.rows), std::log(std::max(r.seconds, 1e-9)));
      fit.minRows = fit.points++ == 0 ? r.rows : std::min(fit.minRows, r.rows);
      fit.maxRows = std::max(fit.maxRows, r.rows);
    }
  if (points.size() < 2) return fit;
  double mx = 0.0, my = 0.0;
  for (const auto& [x, y] : points) {
    mx += x;
    my += y;
  }
  mx /= static_cast<double>(points.size());
  my /= static_cast<double>(points.size());
  double sxy = 0.0, sxx = 0.0;
  for (const auto& [x, y] : points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) * (x - mx);
  }
  if (sxx > 0.0) {
    fit.p = sxy / sxx;
    fit.logC = my - fit.p * mx;
  }
  return fit;
}

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> names;
  std::stringstream stream(list);
  for (std::string item; std::getline(stream, item, ',');)
    if (!item.empty()) names.push_back(item);
  return names;
}

/// The sizes of a comma-separated list ("none": no size).
std::vector<int> sizes(const std::string& list) {
  std::vector<int> values;
  if (list == "none") return values;
  for (const std::string& item : split(list)) values.push_back(std::stoi(item));
  return values;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  std::string data;
  std::string solverList = "bpp,islands:bpp,polish,islands:polish,auto,islands:auto,newton,pgs";
  double maxSeconds = 10.0;
  CLI::App app{"mlcp_bench_exact_scaling: exact-solve time against rows, stacks and piles"};
  app.add_flag("--quick", quick, "Up to about 10,000 rows");
  app.add_option("--solvers", solverList, "Comma-separated solver names");
  app.add_option("--max-seconds", maxSeconds, "Time limit of one solve (s)");
  app.add_option("--data", data, "File for the plot series (rows seconds per family/solver)");
  std::string stackList, pileList;
  double stackCfm = 1e-5;
  double tolerance = kExact;
  app.add_option("--tolerance", tolerance, "Tolerance asked of every solver (exact: <= 1e-8)");
  app.add_option("--stack-cfm", stackCfm, "The stacks' world CFM (s/kg; 0: CFM-free)");
  app.add_option("--stacks", stackList, "Comma-separated stack rows instead of the default ones");
  app.add_option("--piles", pileList, "Comma-separated sphere counts instead of the default ones");
  CLI11_PARSE(app, argc, argv);
  registerPolishVariants();

  std::vector<int> stackRows = {100, 300, 1000, 3000, 10000, 30000, 100000};
  std::vector<int> pileCounts = {10, 30, 100, 300, 1000, 3000, 10000};
  if (quick) {
    stackRows.resize(5);
    pileCounts.resize(5);
  }
  if (!stackList.empty()) stackRows = sizes(stackList);
  if (!pileList.empty()) pileCounts = sizes(pileList);
  std::vector<Case> cases;
  for (const int rows : stackRows) cases.push_back(stacks(rows, stackCfm));
  for (const int count : pileCounts) cases.push_back(pile(count));

  const std::vector<std::string> solvers = split(solverList);
  std::vector<Result> results;
  fmt::print(
      "| family | problem | rows | solver | status | time | residual | islands | where the time "
      "went |\n");
  fmt::print("|---|---|--:|---|---|--:|--:|--:|---|\n");
  const auto missedBefore = [&results](const Case& c, const std::string& name) {
    for (const Result& r : results)
      if (r.family == c.family && r.solver == name && r.rows >= 1000 && !r.exact()) return true;
    return false;
  };
  for (const Case& c : cases) {
    for (const std::string& name : solvers) {
      // A dense method's O(n^3) beyond 5000 rows only measures the time limit; a solver that
      // missed at 1000 rows or more is not run on larger cases of the family.
      const bool dense = mlcp::makeSolver(name)->capabilities().denseA;
      if ((dense && c.problem.size() > 5000) || missedBefore(c, name)) continue;
      const Result r = solve(c, name, maxSeconds, tolerance);
      results.push_back(r);
      fmt::print("| {} | {} | {} | {} | {} | {:.4g} s | {:.1e}{} | {} | {} |\n", r.family, r.name,
                 r.rows, r.solver, r.status, r.seconds, r.residual, r.exact() ? "" : " ✗",
                 r.islands > 0 ? std::to_string(r.islands) : "", r.detail);
      std::fflush(stdout);
    }
  }

  fmt::print(
      "\nFitted exponent p of time ~ rows^p (least squares in log-log over the exact solves of "
      "1000 rows or more, their rows in brackets; '-': fewer than two):\n\n");
  fmt::print("| solver | stacks | pile |\n|---|--:|--:|\n");
  const auto exponent = [&results](const std::string& family, const std::string& name) {
    const Fit fit = fitted(results, family, name);
    return std::isnan(fit.p) ? std::string("-")
                             : fmt::format("{:.2f} ({} points, {}..{})", fit.p, fit.points,
                                           fit.minRows, fit.maxRows);
  };
  for (const std::string& name : solvers)
    fmt::print("| {} | {} | {} |\n", name, exponent("stacks", name), exponent("pile", name));
  for (const Result& r : results)
    if (r.family == "pile" && r.name.rfind("1000 spheres", 0) == 0)
      fmt::print(
          "\nGoal, the default pile (1000 spheres, {} rows) exact in <= 1 s: {} {} in "
          "{:.3g} s ({})\n",
          r.rows, r.solver, r.status, r.seconds, r.exact() && r.seconds <= 1.0 ? "met" : "not met");

  if (!data.empty()) {
    // Per result: the fitted time at its rows (column 6, NaN where no fit or fewer than 1000
    // rows); per fit a line "fit family solver p" for the plot's titles.
    std::ofstream out(data);
    out << "# family solver rows seconds exact fitted_seconds\n";
    for (const Result& r : results) {
      const Fit fit = fitted(results, r.family, r.solver);
      const bool onFit = !std::isnan(fit.p) && r.rows >= fit.minRows && r.rows <= fit.maxRows;
      out << fmt::format(
          "{} {} {} {:.6g} {} {}\n", r.family, r.solver, r.rows, r.seconds, r.exact() ? 1 : 0,
          onFit ? fmt::format("{:.6g}", std::exp(fit.logC + fit.p * std::log(r.rows)))
                : std::string("NaN"));
    }
    for (const char* family : {"stacks", "pile"})
      for (const std::string& name : solvers) {
        const Fit fit = fitted(results, family, name);
        if (!std::isnan(fit.p)) out << fmt::format("# fit {} {} {:.2f}\n", family, name, fit.p);
      }
  }
  return 0;
}
