// Dantzig's dense and sparse forms (docs/sparse-pivoting.md) against the peers' Dantzig in one
// run: on every captured and generated contact problem with n >= 100, the CPU time of one solve
// of `dantzig` with DantzigFactorization::Dense and ::Sparse, and its ratio to the faster of
// bullet-dantzig and dart-dantzig (> 1: ours is faster), with the geometric means; then the
// crossover of the two forms over n and over the density of A, from which the automatic choice
// (DantzigOptions::sparseMinRows, sparseMaxDensity, sparseMaxFill) is set.
//
//   ./build/apps/bench/mlcp_bench_sparse_dantzig [--quick] [--budget S] [--filter TEXT]

#include "bench_problems.hpp"
#include "bench_solvers.hpp"
#include "bench_timing.hpp"
#include "peer_tables.hpp"

#include <mlcp/dynamics/scene_stepper.hpp>
#include <mlcp/mlcp.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace mb = mlcp::bench;

namespace {

std::unique_ptr<mlcp::MixedLCP> dantzig(mlcp::DantzigFactorization form) {
  mlcp::DantzigOptions options;
  options.factorization = form;
  return std::make_unique<mlcp::DantzigSolver>(options);
}

/// Entries of the sparse Cholesky factor of A over n^2, as the sparse solver analysed it.
double fill(const mlcp::MixedLCP& sparse) {
  return static_cast<const mlcp::DantzigSolver&>(sparse).factorFill();
}

double density(const mlcp::Problem& problem) {
  const double n = problem.size();
  return static_cast<double>(problem.A.toSparse().nonZeros()) / (n * n);
}

std::string cell(const mlcp::bench::TimedSolve& t) {
  if (!t.ran) return "n/a";
  const bool wrong = !(t.report.relativeResidual <= mb::kWrongResidual);
  return fmt::format("{}{}", mb::formatSeconds(t.medianSeconds), wrong ? " ✗" : "");
}

/// Generated contact problems: box stacks (columns of cubes, 4 contacts per face, A singular but
/// for its cfm) and wider piles of taller columns, about `rows` rows each.
std::vector<mb::BenchProblem> generatedSet(const std::vector<int>& rows) {
  std::vector<mb::BenchProblem> problems;
  for (const int target : rows) {
    for (const int layers : {2, 5}) {
      const int rowsPerColumn = 12 * layers;  // 4 contacts per face, 3 rows each
      const int ny = layers == 2 ? 1 : 2;
      mlcp::Problem p =
          mlcp::dynamics::sceneStepProblem(
              "columns",
              {fmt::format("layers={}", layers), fmt::format("ny={}", ny),
               fmt::format("nx={}", std::max(1, target / (rowsPerColumn * ny))), "slide=0.5"},
              0)
              .toProblem();
      p.A = p.A.toSparse();
      problems.push_back({fmt::format("{} n={}", layers == 2 ? "box stacks" : "pile", p.size()),
                          "contact", std::move(p)});
    }
  }
  return problems;
}

/// Ratio of the faster peer's median time to ours (> 1: ours faster); 0 when not comparable.
double ratioToPeers(const std::vector<mb::TimedSolve>& timed, size_t ours) {
  double peer = 0.0;
  for (size_t k = 2; k < timed.size(); ++k)
    if (timed[k].ran && (peer == 0.0 || timed[k].medianSeconds < peer))
      peer = timed[k].medianSeconds;
  if (peer == 0.0 || !timed[ours].ran) return 0.0;
  return peer / timed[ours].medianSeconds;
}

void peerSection(const std::vector<mb::BenchProblem>& problems, const mb::TimingBudget& budget) {
  std::vector<mb::Contender> peers;
  for (mb::Contender& c : mb::pivotingContenders())
    if (c.peer) peers.push_back(std::move(c));
  fmt::print(
      "## Dense and sparse Dantzig against the peers (n >= 100)\n\n"
      "Median CPU time of one solve; ratio = faster of {} / ours (> 1: ours faster); ✗: "
      "relative residual above {:g}.\n\n",
      peers.empty() ? "the peers (none built)" : "bullet-dantzig, dart-dantzig",
      mb::kWrongResidual);
  fmt::print(
      "| problem | n | density | fill | dense | sparse | dense / sparse | faster peer | ratio "
      "dense "
      "| ratio sparse |\n|---|---|---|---|---|---|---|---|---|---|\n");
  double logDense = 0.0, logSparse = 0.0;
  int compared = 0;
  for (const mb::BenchProblem& p : problems) {
    std::unique_ptr<mlcp::MixedLCP> dense = dantzig(mlcp::DantzigFactorization::Dense);
    std::unique_ptr<mlcp::MixedLCP> sparse = dantzig(mlcp::DantzigFactorization::Sparse);
    std::vector<mlcp::MixedLCP*> solvers{dense.get(), sparse.get()};
    for (mb::Contender& c : peers) solvers.push_back(c.solver.get());
    for (mlcp::MixedLCP* s : solvers) s->setProblem(p.problem);
    // From 1000 rows one timed solve each (the dense form's take seconds there).
    mb::TimingBudget problemBudget = budget;
    if (p.problem.size() >= 1000) problemBudget.minRepeats = 1;
    const std::vector<mb::TimedSolve> timed = mb::timeInterleaved(solvers, problemBudget);
    const double ratioDense = ratioToPeers(timed, 0);
    const double ratioSparse = ratioToPeers(timed, 1);
    double peer = 0.0;
    std::string peerCell = "n/a";
    for (size_t k = 2; k < timed.size(); ++k) {
      if (timed[k].ran && (peer == 0.0 || timed[k].medianSeconds < peer)) {
        peer = timed[k].medianSeconds;
        peerCell = fmt::format("{} {}", peers[k - 2].label, cell(timed[k]));
      }
    }
    if (ratioDense > 0.0 && ratioSparse > 0.0) {
      logDense += std::log(ratioDense);
      logSparse += std::log(ratioSparse);
      ++compared;
    }
    fmt::print("| {} | {} | {:.3f} | {:.3f} | {} | {} | {:.2f} | {} | {:.2f} | {:.2f} |\n", p.label,
               p.problem.size(), density(p.problem), fill(*sparse), cell(timed[0]), cell(timed[1]),
               timed[0].medianSeconds / timed[1].medianSeconds, peerCell, ratioDense, ratioSparse);
  }
  if (compared > 0)
    fmt::print("\nGeometric mean of the ratio over {} problems: dense {:.2f}, sparse {:.2f}.\n\n",
               compared, std::exp(logDense / compared), std::exp(logSparse / compared));
}

/// A random contact-like problem: n / 3 contacts between random pairs of `bodies` bodies, a
/// normal row (lo = 0) and two friction rows (mu 0.5) each; A = J J^T + 1e-3 I with J's rows on
/// the 12 columns of the contact's two bodies, so nonzeros(A) / n^2 is about 4 / bodies.
mlcp::Problem randomContacts(int n, int bodies, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::uniform_int_distribution<int> body(0, bodies - 1);
  Eigen::SparseMatrix<double, Eigen::RowMajor> J(n, 6 * bodies);
  J.reserve(Eigen::VectorXi::Constant(n, 12));
  for (int c = 0; c + 2 < n; c += 3) {
    const int a = body(random);
    int b = body(random);
    if (b == a) b = (a + 1) % bodies;
    for (int r = c; r < c + 3; ++r)
      for (const int which : {a, b})
        for (int k = 0; k < 6; ++k) J.insert(r, 6 * which + k) = uniform(random);
  }
  mlcp::Operator::SparseMatrix A = J * J.transpose();
  for (int i = 0; i < n; ++i) A.coeffRef(i, i) += 1e-3;
  A.makeCompressed();
  mlcp::Problem p;
  p.A = std::move(A);
  p.b = Eigen::VectorXd::NullaryExpr(n, [&] { return uniform(random) + 0.5; });
  p.lo = Eigen::VectorXd::Zero(n);
  p.hi = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::infinity());
  p.findex = Eigen::VectorXi::Constant(n, -1);
  for (int c = 0; c + 2 < n; c += 3) {
    for (const int r : {c + 1, c + 2}) {
      p.findex[r] = c;
      p.lo[r] = -0.5;
      p.hi[r] = 0.5;
    }
  }
  return p;
}

void crossoverSection(const std::vector<int>& sizes, const mb::TimingBudget& budget) {
  fmt::print(
      "## Crossover of the dense and sparse forms\n\nRandom contact problems (n / 3 contacts "
      "between random pairs of bodies); each cell: dense time / sparse time (> 1: sparse "
      "faster), with the density of A and the fill of its factor (entries / n^2).\n\n| n |");
  const std::vector<double> targets{0.01, 0.03, 0.1, 0.2, 0.4};
  for (const double d : targets) fmt::print(" density {:g} |", d);
  fmt::print("\n|---|");
  for (size_t k = 0; k < targets.size(); ++k) fmt::print("---|");
  fmt::print("\n");
  for (const int n : sizes) {
    fmt::print("| {} |", n);
    for (const double target : targets) {
      const int bodies = std::max(2, static_cast<int>(std::lround(4.0 / target)));
      const mlcp::Problem p = randomContacts(n, bodies, 7);
      std::unique_ptr<mlcp::MixedLCP> dense = dantzig(mlcp::DantzigFactorization::Dense);
      std::unique_ptr<mlcp::MixedLCP> sparse = dantzig(mlcp::DantzigFactorization::Sparse);
      dense->setProblem(p);
      sparse->setProblem(p);
      const std::vector<mb::TimedSolve> timed =
          mb::timeInterleaved({dense.get(), sparse.get()}, budget);
      fmt::print(" {:.2f} (d {:.3f}, f {:.3f}) |", timed[0].medianSeconds / timed[1].medianSeconds,
                 density(p), fill(*sparse));
    }
    fmt::print("\n");
  }
  fmt::print("\n");
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  double budgetSeconds = 0.5;
  std::string filter;
  CLI::App app{"mlcp_bench_sparse_dantzig: dense and sparse Dantzig against the peers"};
  app.add_flag("--quick", quick, "generated problems up to 1200 rows, a shorter budget");
  app.add_option("--budget", budgetSeconds, "Seconds of solving per problem")
      ->check(CLI::PositiveNumber);
  app.add_option("--filter", filter, "Only problems whose label contains this text");
  CLI11_PARSE(app, argc, argv);
  mb::TimingBudget budget;
  budget.seconds = quick ? 0.2 * budgetSeconds : budgetSeconds;

  fmt::print("# Dantzig: dense and sparse forms\n\n");
  std::vector<mb::BenchProblem> problems;
  for (mb::BenchProblem& p : mb::capturedSet(mb::defaultDataDir()))
    if (p.problem.size() >= 100) problems.push_back(std::move(p));
  const std::vector<int> rows =
      quick ? std::vector<int>{150, 300, 600, 1200} : std::vector<int>{150, 300, 600, 1200, 2400};
  for (mb::BenchProblem& p : generatedSet(rows)) problems.push_back(std::move(p));
  std::vector<mb::BenchProblem> selected;
  for (mb::BenchProblem& p : problems)
    if (filter.empty() || p.label.find(filter) != std::string::npos)
      selected.push_back(std::move(p));
  peerSection(selected, budget);
  crossoverSection(quick ? std::vector<int>{60, 150, 300, 600}
                         : std::vector<int>{60, 100, 150, 200, 300, 600, 1200},
                   budget);
  return 0;
}
