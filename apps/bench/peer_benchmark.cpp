// Our solvers against the peers' (Bullet, DART, Siconos: the adapters) in one process and one
// run, on the same problems: the ODE-style random set (n = 12 .. 1000, mixed and pure LCP), the
// problems captured from Bullet and DART scenes (../shared/data/captured, solved cold) and
// synthetic box stacks that also carry J and M^-1 (matrix-free solvers). Prints markdown tables:
// per problem and solver the median CPU time of a solve (pivoting) or of a sweep (iterative, at
// the same sweep count for all), its ratio to the fastest peer of the family, and the residual
// reached (marked ✗ above 1e-6: a fast wrong answer shows as wrong), plus the speed goals of
// docs/performance.md. The section of the exact solvers (bpp, polish, islands:bpp, auto, newton,
// newton-primal) times cold solves on the captured problems with n >= 100 and on generated box
// stacks and sphere piles up to about 10,000 rows against the peers' Dantzig, each solve with a
// time limit (exact_against_peers.hpp). With --data DIR it also writes the series the plots are
// drawn from.
//
//   ./build/apps/bench/mlcp_bench_peers [--quick] [--data DIR] [--filter TEXT]
//                                       [--exact-limit SECONDS] [--exact-only]
//
// The Siconos LCP and relay problems (../shared/data/siconos/{lcp,relay}, n = 1 .. 40) are in
// both tables; a file the reader cannot take is named and left out.

#include "bench_problems.hpp"
#include "bench_solvers.hpp"
#include "bench_timing.hpp"
#include "exact_against_peers.hpp"
#include "peer_tables.hpp"

#include <mlcp/mlcp.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace mb = mlcp::bench;

namespace {

struct Arguments {
  bool quick = false;
  std::string data;
  std::string filter;
  int sweeps = 60;
  double budget = 0.5;
  double exactLimit = 20.0;
  std::string exactSolvers;  // comma-separated; empty: ExactSectionOptions' own
  bool exactOnly = false;
};

bool selected(const Arguments& args, const mb::BenchProblem& p) {
  return args.filter.empty() || p.label.find(args.filter) != std::string::npos;
}

void load(std::vector<mb::Contender>& contenders, const mlcp::Problem& problem) {
  for (mb::Contender& c : contenders) {
    c.solver->setProblem(mb::inForm(problem, c.form));
    c.solver->clearInitialGuess();
  }
}

std::vector<mlcp::MixedLCP*> pointers(std::vector<mb::Contender>& contenders) {
  std::vector<mlcp::MixedLCP*> list;
  for (mb::Contender& c : contenders) list.push_back(c.solver.get());
  return list;
}

mb::Row pivotingRow(const mb::BenchProblem& p,
                    std::vector<mb::Contender>& contenders,
                    const mb::TimingBudget& budget) {
  load(contenders, p.problem);
  const std::vector<mb::TimedSolve> timed = mb::timeInterleaved(pointers(contenders), budget);
  mb::Row row{p.label, p.problem.size(), 0, {}};
  for (size_t k = 0; k < contenders.size(); ++k)
    row.cells.push_back({contenders[k].label, contenders[k].peer, timed[k], 0.0});
  return row;
}

// Two lineups, K1 and K2 sweeps, timed together; time per sweep = (t(K2) - t(K1)) / (K2 - K1)
// cancels what a solve does once (validation, copies, the final residual). t is the least time
// of the repeats: other processes only ever add time, and the difference of two medians is
// noisy when the once-per-solve part is large (the peers copy A, O(n^2), at every solve).
mb::Row iterativeRow(const mb::BenchProblem& p,
                     int sweepsShort,
                     int sweepsLong,
                     const mb::TimingBudget& budget) {
  const bool factorForm = p.problem.A.form() == mlcp::MatrixForm::Factors;
  std::vector<mb::Contender> shortRun = mb::iterativeContenders(sweepsShort, factorForm);
  std::vector<mb::Contender> longRun = mb::iterativeContenders(sweepsLong, factorForm);
  load(shortRun, p.problem);
  load(longRun, p.problem);
  std::vector<mlcp::MixedLCP*> all = pointers(shortRun);
  for (mlcp::MixedLCP* s : pointers(longRun)) all.push_back(s);
  const std::vector<mb::TimedSolve> timed = mb::timeInterleaved(all, budget);
  mb::Row row{p.label, p.problem.size(), sweepsLong, {}};
  const size_t m = shortRun.size();
  for (size_t k = 0; k < m; ++k) {
    const double extra = timed[m + k].minSeconds - timed[k].minSeconds;
    // A solver whose time does not grow with the sweeps does not sweep (DART's PGS factors A
    // when every row is unbounded): no time per sweep (0).
    const double perSweep = extra > 0.02 * timed[m + k].minSeconds
                                ? extra / static_cast<double>(sweepsLong - sweepsShort)
                                : 0.0;
    row.cells.push_back({longRun[k].label, longRun[k].peer, timed[m + k], perSweep});
  }
  return row;
}

std::string columnName(std::string label) {
  std::replace(label.begin(), label.end(), ' ', '_');
  return label;
}

// One line per row of the set: n, then value(cell) per solver ("nan" when it did not run).
void writeSeries(const std::filesystem::path& path,
                 const std::vector<mb::Row>& rows,
                 const std::function<double(const mb::Cell&)>& value) {
  if (rows.empty()) return;
  mlcp::AtomicFile file(path);
  std::ostream& out = file.stream();
  out << "# n";
  for (const mb::Cell& cell : rows.front().cells) out << ' ' << columnName(cell.label);
  out << '\n';
  for (const mb::Row& row : rows) {
    out << row.n;
    for (const mb::Cell& cell : row.cells)
      out << ' ' << (cell.timing.ran ? fmt::format("{:.6g}", value(cell)) : "nan");
    out << '\n';
  }
  file.commit();
}

std::vector<mb::Row> only(const std::vector<mb::Row>& rows, const std::string& prefix) {
  std::vector<mb::Row> kept;
  for (const mb::Row& row : rows)
    if (row.problem.rfind(prefix, 0) == 0) kept.push_back(row);
  return kept;
}

// Residual after each iteration of pgs and apgd (recorded) and after k sweeps of the peers (one
// solve per k), on one problem: the data of the residual-vs-iteration plot.
void writeHistory(const std::filesystem::path& dir,
                  const std::string& tag,
                  const mlcp::Problem& problem,
                  int iterations) {
  const bool factorForm = problem.A.form() == mlcp::MatrixForm::Factors;
  std::vector<mb::Contender> ours;
  for (mb::Contender& c : mb::iterativeContenders(iterations, factorForm))
    if (!c.peer) ours.push_back(std::move(c));
  mlcp::AtomicFile ownFile(dir / fmt::format("history_{}.dat", tag));
  std::ostream& out = ownFile.stream();
  out << "# iteration";
  std::vector<std::vector<double>> histories;
  for (mb::Contender& c : ours) {
    out << ' ' << columnName(c.label);
    c.solver->setProblem(mb::inForm(problem, c.form));
    c.solver->clearInitialGuess();
    if (auto* pgs = dynamic_cast<mlcp::PgsSolver*>(c.solver.get())) {
      mlcp::PgsOptions o = pgs->options();
      o.recordHistory = true;
      o.residualInterval = 1;
      pgs->setOptions(o);
    } else if (auto* apgd = dynamic_cast<mlcp::ApgdSolver*>(c.solver.get())) {
      mlcp::ApgdOptions o = apgd->options();
      o.recordHistory = true;
      apgd->setOptions(o);
    }
    histories.push_back(c.solver->solve().residualHistory);
  }
  out << '\n';
  for (int k = 0; k <= iterations; ++k) {
    out << k;
    for (const std::vector<double>& h : histories)
      out << ' ' << (k < static_cast<int>(h.size()) ? fmt::format("{:.6g}", h[k]) : "nan");
    out << '\n';
  }
  ownFile.commit();

  mlcp::AtomicFile peersFile(dir / fmt::format("history_{}_peers.dat", tag));
  std::ostream& peers = peersFile.stream();
  bool first = true;
  for (const int k : {1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000, 2000, 5000}) {
    if (k > iterations) break;
    std::vector<mb::Contender> list;
    for (mb::Contender& c : mb::iterativeContenders(k, false))
      if (c.peer) list.push_back(std::move(c));
    if (first) {
      peers << "# sweeps";
      for (const mb::Contender& c : list) peers << ' ' << columnName(c.label);
      peers << '\n';
      first = false;
    }
    peers << k;
    for (mb::Contender& c : list) {
      c.solver->setProblem(problem);
      c.solver->clearInitialGuess();
      peers << ' ' << fmt::format("{:.6g}", c.solver->solve().relativeResidual);
    }
    peers << '\n';
  }
  peersFile.commit();
}

// The scaled residual after each step of newton (interior-point and semismooth Newton steps) on
// every problem of the set: one block per problem, its first line the label (gnuplot reads it
// with `index` and `columnheader`), then "step residual" lines.
void writeNewtonHistories(const std::filesystem::path& path,
                          const std::vector<mb::BenchProblem>& problems) {
  std::ofstream out(path);
  mlcp::NewtonOptions options;
  options.recordHistory = true;
  mlcp::NewtonSolver newton(options);
  for (const mb::BenchProblem& p : problems) {
    newton.setProblem(p.problem);
    newton.clearInitialGuess();
    const mlcp::SolveReport& report = newton.solve();
    out << "step \"" << p.label << (report.succeeded() ? "" : " (not converged)") << "\"\n";
    for (size_t k = 0; k < report.residualHistory.size(); ++k)
      out << k << ' ' << fmt::format("{:.6g}", report.residualHistory[k]) << '\n';
    out << "\n\n";
  }
}

/// The exact solvers' problems: the captured ones with n >= 100, then generated box stacks
/// (world CFM 1e-5 and CFM-free) and settled sphere piles up to about 10,000 rows.
std::vector<mb::BenchProblem> exactSet(const Arguments& args,
                                       const std::vector<mb::BenchProblem>& captured) {
  std::vector<mb::BenchProblem> problems;
  for (const mb::BenchProblem& p : captured)
    if (p.problem.size() >= 100) problems.push_back(p);
  const std::vector<int> stackRows =
      args.quick ? std::vector<int>{1000} : std::vector<int>{1000, 3000, 10000};
  for (const double cfm : {1e-5, 0.0})
    for (const int rows : stackRows) problems.push_back(mb::columnStacks(rows, cfm));
  constexpr int kPileSteps = 60;
  const std::vector<int> spheres =
      args.quick ? std::vector<int>{100} : std::vector<int>{100, 300, 1000};
  for (const int count : spheres) problems.push_back(mb::settledPile(count, kPileSteps));
  std::vector<mb::BenchProblem> kept;
  for (mb::BenchProblem& p : problems)
    if (selected(args, p)) kept.push_back(std::move(p));
  return kept;
}

void printExactSection(const Arguments& args, const std::vector<mb::BenchProblem>& captured) {
  mb::ExactSectionOptions options;
  options.limitSeconds = args.quick ? std::min(args.exactLimit, 5.0) : args.exactLimit;
  options.budgetSeconds = args.quick ? 0.2 * args.budget : args.budget;
  if (!args.exactSolvers.empty()) {
    options.solvers.clear();
    std::stringstream names(args.exactSolvers);
    for (std::string name; std::getline(names, name, ',');) options.solvers.push_back(name);
  }
  fmt::print("## Exact solvers against the peers' Dantzig\n\n{}\n",
             mb::exactAgainstPeers(exactSet(args, captured), options));
}

}  // namespace

int main(int argc, char** argv) {
  Arguments args;
  CLI::App app{"mlcp_bench_peers: our solvers against Bullet's, DART's and Siconos' in one run"};
  app.add_flag("--quick", args.quick, "n up to 600 and a shorter time budget per problem");
  app.add_option("--data", args.data, "Folder for the plot series (*.dat)");
  app.add_option("--filter", args.filter, "Only problems whose label contains this text");
  app.add_option("--sweeps", args.sweeps,
                 "Sweeps of the iterative methods (per-sweep time from "
                 "this and a sixth of it)")
      ->check(CLI::Range(12, 100000));
  app.add_option("--budget", args.budget, "Seconds of solving per problem and section")
      ->check(CLI::PositiveNumber);
  app.add_option("--exact-limit", args.exactLimit,
                 "Time limit of one solve in the exact section (s; the peers' solves are ended "
                 "there)")
      ->check(CLI::PositiveNumber);
  app.add_flag("--exact-only", args.exactOnly, "Only the section of the exact solvers");
  app.add_option("--exact-solvers", args.exactSolvers,
                 "Comma-separated solvers of the exact section instead of the default ones");
  CLI11_PARSE(app, argc, argv);

  const std::vector<int> sizes =
      args.quick ? std::vector<int>{12, 60, 200, 600} : std::vector<int>{12, 60, 200, 600, 1000};
  mb::TimingBudget budget;
  budget.seconds = args.quick ? 0.2 * args.budget : args.budget;
  const std::filesystem::path dataDir = mb::defaultDataDir();

  fmt::print("# mlcp against the peers\n\n");
  if (!mb::peersAvailable())
    fmt::print("No peer adapters in this build (Bullet, DART): ratios are left out.\n\n");

  std::vector<mb::BenchProblem> pivotingSet = mb::randomSet(sizes);
  for (mb::BenchProblem& p : mb::randomLcpSet(sizes)) pivotingSet.push_back(std::move(p));
  const std::vector<mb::BenchProblem> captured = mb::capturedSet(dataDir);
  if (captured.empty())
    fmt::print("{} is absent: captured problems skipped.\n\n", (dataDir / "captured").string());
  if (args.exactOnly) {
    printExactSection(args, captured);
    return 0;
  }
  for (const mb::BenchProblem& p : captured) pivotingSet.push_back(p);
  std::vector<std::string> siconosSkipped;
  const std::vector<mb::BenchProblem> siconos = mb::siconosSet(dataDir, siconosSkipped);
  for (const mb::BenchProblem& p : siconos) pivotingSet.push_back(p);

  std::vector<mb::Row> pivotingRows;
  std::vector<mb::Contender> pivoting = mb::pivotingContenders();
  for (const mb::BenchProblem& p : pivotingSet)
    if (selected(args, p)) pivotingRows.push_back(pivotingRow(p, pivoting, budget));
  fmt::print(
      "## Pivoting methods\n\nMedian CPU time of one solve, × its ratio to the faster of "
      "bullet-dantzig and dart-dantzig, · relative residual (✗: above {:g}).\n\n{}\n",
      mb::kWrongResidual, mb::pivotingTable(pivotingRows));
  fmt::print("### Dantzig's friction rounds\n\n{}\n", mb::roundsTable(pivotingRows));
  printExactSection(args, captured);

  std::vector<mb::BenchProblem> iterativeSet = mb::randomSet(sizes);
  for (const mb::BenchProblem& p : captured) iterativeSet.push_back(p);
  for (const mb::BenchProblem& p : siconos) iterativeSet.push_back(p);
  const std::vector<int> contactRows =
      args.quick ? std::vector<int>{600, 1200} : std::vector<int>{600, 1200, 2400};
  for (mb::BenchProblem& p : mb::contactSet(contactRows)) iterativeSet.push_back(std::move(p));
  const int sweepsShort = args.sweeps / 6;
  std::vector<mb::Row> iterativeRows;
  mb::TimingBudget iterativeBudget = budget;
  for (const mb::BenchProblem& p : iterativeSet) {
    if (!selected(args, p)) continue;
    // The same sweeps everywhere: once x stops changing, a sweep of ours skips the column
    // updates, so longer runs would flatter it. From n = 1000 the peers' per-solve copy of A
    // outweighs the sweeps: more repeats instead.
    iterativeBudget.minRepeats = p.problem.size() >= 1000 ? 9 : 5;
    iterativeRows.push_back(iterativeRow(p, sweepsShort, args.sweeps, iterativeBudget));
  }
  fmt::print(
      "## Iterative methods\n\nCPU time per sweep (least of the repeats), × its ratio to "
      "the faster of bullet-pgs and dart-pgs, · relative residual after the sweeps of the "
      "sweeps column (✗: above {:g}).\n\n{}\n",
      mb::kWrongResidual, mb::iterativeTable(iterativeRows));

  fmt::print("## Siconos problems\n\n");
  if (siconos.empty() && siconosSkipped.empty())
    fmt::print("{} has no lcp/relay problems: skipped.\n", (dataDir / "siconos").string());
  else
    fmt::print(
        "{} LCP and relay problems of Siconos' test set are in the tables above "
        "(siconos/...).\n",
        siconos.size());
  for (const std::string& why : siconosSkipped) fmt::print("- not readable, left out: {}\n", why);

  if (!args.data.empty()) {
    const std::filesystem::path out = args.data;
    std::filesystem::create_directories(out);
    auto ms = [](const mb::Cell& c) { return 1e3 * c.timing.medianSeconds; };
    auto us = [](const mb::Cell& c) { return 1e6 * c.perSweepSeconds; };
    writeSeries(out / "pivoting_random.dat", only(pivotingRows, "random n="), ms);
    writeSeries(out / "pivoting_lcp.dat", only(pivotingRows, "random LCP"), ms);
    writeSeries(out / "iterative_random.dat", only(iterativeRows, "random n="), us);
    mlcp::RandomProblemOptions random;
    random.n = 200;
    writeHistory(out, "random200", mlcp::randomProblem(random), 2000);
    const std::vector<mb::BenchProblem> stacks = mb::contactSet({600});
    writeHistory(out, "boxstacks600", stacks.front().problem, 2000);
    writeNewtonHistories(out / "history_newton_captured.dat", captured);
  }
  return 0;
}
