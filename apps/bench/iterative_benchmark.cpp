// Time per iteration of the iterative solvers' back ends on a contact problem of n rows:
// PGS and APGD on the assembled A (dense, O(n^2) per sweep or product) and on J, M^-1, cfm
// (matrix-free, O(12 n)). The counters give seconds per sweep/iteration (`per_iteration`) and
// per row and iteration (`per_row`): flat in n means linear cost.
//
//   ./build/apps/bench/mlcp_bench_iterative [--benchmark_filter=Factors]
//
// Problem: libdynamics' columns scene, columns of 2 cubes with 4 contacts per face (24 rows a
// column, friction mu 0.5, random sliding), as many columns as needed for n. Each benchmark
// iteration is one solve() of kIterations sweeps or steps with the tolerance off (status
// MaxIterations); the per-solve overhead (validation, the starting product, the final residual:
// about three iterations' worth) is included, spread over the kIterations.

#include <mlcp/dynamics/scene_stepper.hpp>
#include <mlcp/mlcp.hpp>

#include <benchmark/benchmark.h>

#include <memory>

namespace {

constexpr int kIterations = 50;
constexpr int kRowsPerColumn = 24;

std::shared_ptr<const mlcp::Factors> contactProblem(int rows) {
  return std::make_shared<const mlcp::Factors>(
      mlcp::dynamics::sceneStepProblem("columns",
                                       {fmt::format("nx={}", std::max(1, rows / kRowsPerColumn)),
                                        "ny=1", "layers=2", "slide=0.5"},
                                       0)
          .problem);
}

template <class Solver, class Options>
void run(benchmark::State& state, mlcp::MatrixForm form) {
  const auto factors = contactProblem(static_cast<int>(state.range(0)));
  Options options;
  options.maxIterations = kIterations;
  options.relativeTolerance = 0.0;
  Solver solver(options);
  mlcp::Problem problem = mlcp::toProblem(factors);
  if (form == mlcp::MatrixForm::Dense) problem.A = problem.A.toDense();
  if (form == mlcp::MatrixForm::Sparse) problem.A = problem.A.toSparse();
  solver.setProblem(problem);
  solver.solve();  // the first solve may size the report's buffers
  for (auto _ : state) {
    const mlcp::SolveReport& report = solver.solve();
    benchmark::DoNotOptimize(report.relativeResidual);
  }
  const double n = factors->size();
  state.counters["n"] = n;
  state.counters["per_iteration"] = benchmark::Counter(
      kIterations, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["per_row"] = benchmark::Counter(
      kIterations * n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["residual"] = solver.report().relativeResidual;
}

void PgsDense(benchmark::State& state) {
  run<mlcp::PgsSolver, mlcp::PgsOptions>(state, mlcp::MatrixForm::Dense);
}
void PgsSparse(benchmark::State& state) {
  run<mlcp::PgsSolver, mlcp::PgsOptions>(state, mlcp::MatrixForm::Sparse);
}
void PgsFactors(benchmark::State& state) {
  run<mlcp::PgsSolver, mlcp::PgsOptions>(state, mlcp::MatrixForm::Factors);
}
void ApgdDense(benchmark::State& state) {
  run<mlcp::ApgdSolver, mlcp::ApgdOptions>(state, mlcp::MatrixForm::Dense);
}
void ApgdSparse(benchmark::State& state) {
  run<mlcp::ApgdSolver, mlcp::ApgdOptions>(state, mlcp::MatrixForm::Sparse);
}
void ApgdFactors(benchmark::State& state) {
  run<mlcp::ApgdSolver, mlcp::ApgdOptions>(state, mlcp::MatrixForm::Factors);
}

// Dense stops at 3000 rows (A alone is 72 MB there, 7.2 GB at 30000).
BENCHMARK(PgsDense)->Arg(100)->Arg(300)->Arg(1000)->Arg(3000)->Unit(benchmark::kMillisecond);
BENCHMARK(PgsSparse)->Arg(100)->Arg(300)->Arg(1000)->Arg(3000)->Arg(10000)->Arg(30000)->Unit(
    benchmark::kMillisecond);
BENCHMARK(PgsFactors)
    ->Arg(100)
    ->Arg(300)
    ->Arg(1000)
    ->Arg(3000)
    ->Arg(10000)
    ->Arg(30000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(ApgdDense)->Arg(100)->Arg(300)->Arg(1000)->Arg(3000)->Unit(benchmark::kMillisecond);
BENCHMARK(ApgdSparse)
    ->Arg(100)
    ->Arg(300)
    ->Arg(1000)
    ->Arg(3000)
    ->Arg(10000)
    ->Arg(30000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(ApgdFactors)
    ->Arg(100)
    ->Arg(300)
    ->Arg(1000)
    ->Arg(3000)
    ->Arg(10000)
    ->Arg(30000)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
