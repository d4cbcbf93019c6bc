// Iterations of PGS (omega 1.3) and APGD to relative residual 1e-6 on heavy-on-light problems:
// columns of cubes whose top cube is 1, 100 or 1000 times heavier than the others, and a chain
// of cubes on the ground with a heavy last link (mlcp::boxStacks, mlcp::boxChain). Both run
// matrix-free with a limit of 100000 iterations; a count printed as ">100000" did not converge
// (the residual reached is printed). Cost: a PGS sweep and an APGD iteration each take about
// one pass over J (APGD: one product A x plus backtracks, counted in `products`).
// Prints a markdown table with the goal of issue 7 per problem: on the 1:100 and 1:1000
// problems, APGD's iterations at most a third of PGS's (when PGS stops at the limit, the ratio
// is an upper bound, printed as "<= r").
//
//   ./build/apps/bench/mlcp_bench_mass_ratio > docs/performance/mass_ratio.md

#include <mlcp/mlcp.hpp>

#include <fmt/format.h>

#include <memory>
#include <string>

namespace {

constexpr int kLimit = 100000;

/// APGD's iterations over PGS's; an upper bound when PGS did not converge.
std::string ratio(const mlcp::SolveReport& pgs, const mlcp::SolveReport& apgd) {
  const double r = static_cast<double>(apgd.iterations) / pgs.iterations;
  return fmt::format("{}{:.3f}", pgs.status == mlcp::Status::Converged ? "" : "<= ", r);
}

/// The goal's verdict for a heavy-on-light problem (massRatio >= 100); empty for 1:1.
std::string goal(double massRatio, const mlcp::SolveReport& pgs, const mlcp::SolveReport& apgd) {
  if (massRatio < 100.0) return "";
  const bool met = apgd.status == mlcp::Status::Converged && 3 * apgd.iterations <= pgs.iterations;
  return met ? "✓" : "✗";
}

std::string count(const mlcp::SolveReport& report) {
  return report.status == mlcp::Status::Converged ? fmt::format("{}", report.iterations)
                                                  : fmt::format(">{}", report.iterations);
}

void compare(const std::string& label, double massRatio, const mlcp::MatrixFreeProblem& factors) {
  const auto shared = std::make_shared<const mlcp::MatrixFreeProblem>(factors);
  mlcp::PgsOptions pgsOptions;
  pgsOptions.maxIterations = kLimit;
  mlcp::ApgdOptions apgdOptions;
  apgdOptions.maxIterations = kLimit;
  mlcp::PgsSolver pgs(pgsOptions);
  mlcp::ApgdSolver apgd(apgdOptions);
  const mlcp::Problem problem = mlcp::toProblem(shared);
  pgs.setProblem(problem);
  apgd.setProblem(problem);
  const mlcp::SolveReport pgsReport = pgs.solve();
  const mlcp::SolveReport apgdReport = apgd.solve();
  fmt::print("| {} | {} | {} | {:.2e} | {:.1f} | {} | {:.2e} | {:.1f} | {} | {} | {} |\n", label,
             factors.size(), count(pgsReport), pgsReport.relativeResidual,
             1e3 * pgsReport.solveSeconds, count(apgdReport), apgdReport.relativeResidual,
             1e3 * apgdReport.solveSeconds, apgd.statistics().products,
             ratio(pgsReport, apgdReport), goal(massRatio, pgsReport, apgdReport));
}

}  // namespace

int main() {
  fmt::print(
      "| problem | n | pgs sweeps | residual | ms | apgd iterations | residual | ms | "
      "apgd products | apgd / pgs | goal: <= 1/3 |\n");
  fmt::print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
  for (const int contacts : {1, 4}) {
    for (const int layers : {2, 4, 8}) {
      for (const double ratio : {1.0, 100.0, 1000.0}) {
        mlcp::BoxStackOptions options;
        options.columnsX = 1;
        options.columnsY = 1;
        options.layers = layers;
        options.contactsPerFace = contacts;
        options.topMassRatio = ratio;
        compare(fmt::format("stack {} cubes, {} contacts, 1:{}", layers, contacts, ratio), ratio,
                mlcp::boxStacks(options));
      }
    }
  }
  for (const double ratio : {1.0, 100.0, 1000.0}) {
    mlcp::BoxChainOptions options;
    options.links = 8;
    options.contactsPerFace = 1;
    options.endMassRatio = ratio;
    compare(fmt::format("chain 8 cubes, heavy end 1:{}", ratio), ratio, mlcp::boxChain(options));
  }
  return 0;
}
