// solve() allocates nothing once the solver is set up (style.md c.4): heap allocations counted
// around the second solve of every registered solver on the same problem, with A dense, sparse
// and as factors.

#include "allocation_counter.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <limits>
#include <memory>
#include <random>
#include <utility>

namespace {

/// Heap allocations of the second solve of `problem` (the first may size buffers: messages,
/// histories).
long allocationsOfSecondSolve(mlcp::MixedLCP& solver, const mlcp::Problem& problem) {
  solver.setProblem(problem);
  solver.solve();
  const mlcp::test::AllocationCounter counter;
  solver.solve();
  return counter.count();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Allocation)

BOOST_AUTO_TEST_CASE(second_solve_allocates_nothing) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocations cannot be counted in this build: skipped");
    return;
  }
  mlcp::RandomProblemOptions options;
  options.n = 90;
  options.seed = 3;
  const mlcp::Problem dense = mlcp::randomProblem(options);
  mlcp::Problem sparse = dense;
  sparse.A = dense.A.toSparse();
  const mlcp::Problem factors = mlcp::test::sceneProblem("columns", {"nx=2", "layers=2"});
  for (const std::string& name : mlcp::solverNames()) {
    for (const mlcp::Problem* problem :
         std::initializer_list<const mlcp::Problem*>{&dense, &sparse, &factors}) {
      auto solver = mlcp::makeSolver(name);
      const long allocated = allocationsOfSecondSolve(*solver, *problem);
      const mlcp::SolveReport& report = solver->report();
      BOOST_TEST_INFO(name << " on " << toString(problem->A.form()) << " A: " << report.status
                           << ", " << report.message);
      BOOST_TEST(allocated == 0);
      // bpp refuses, as its capabilities say, the random A (full rank): x stays 0
      if (report.status == mlcp::Status::Unsupported && solver->capabilities().requiresLowRankForm)
        continue;
      BOOST_TEST(report.relativeResidual < 1.0);
    }
  }
}

// The kernels that grow with n (Dantzig's refinement LU through matrix-vector products, PGS's
// column runs, the block, conjugate-gradient and Krylov steps of NSGS, NNCG and PGS-SM, the
// chunks of blocked Jacobi, auto's measuring) on problems large enough that a temporary would
// not fit Eigen's stack buffers.
BOOST_AUTO_TEST_CASE(large_problems_allocate_nothing) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocations cannot be counted in this build: skipped");
    return;
  }
  mlcp::RandomProblemOptions options;
  options.n = 600;
  const mlcp::Problem random = mlcp::randomProblem(options);
  const mlcp::Problem contacts = mlcp::test::sceneProblem("columns", {"nx=25", "ny=1", "layers=2"});
  // 1440 rows in 60 islands: auto plans each island on its own (islands:auto); the 600 rows of
  // `contacts` in 25 islands it pivots island by island (islands:bpp).
  const mlcp::Problem islands = mlcp::test::sceneProblem("columns", {"nx=60", "ny=1", "layers=2"});
  for (const auto& [name, problem] :
       {std::pair{"dantzig", &random}, std::pair{"pgs", &contacts}, std::pair{"apgd", &contacts},
        std::pair{"pgs-matrix-free", &contacts}, std::pair{"nsgs", &contacts},
        std::pair{"nncg", &contacts}, std::pair{"pgs-sm", &contacts},
        std::pair{"blocked-jacobi", &contacts}, std::pair{"auto", &random},
        std::pair{"auto", &contacts}, std::pair{"auto", &islands}}) {
    auto solver = mlcp::makeSolver(name);
    const long allocated = allocationsOfSecondSolve(*solver, *problem);
    const mlcp::SolveReport& report = solver->report();
    BOOST_TEST_INFO(name << ": " << report.status << ", " << report.message);
    BOOST_TEST(allocated == 0);
    BOOST_TEST(report.relativeResidual < 1e-3);
  }
}

// auto's first solve of a small problem allocates no more than its first stage alone, nor than
// Dantzig alone (the forms
// of A derived on a first solve): the stages were made and sized with the workspace
// (setMatrix()), and they solve on auto's own validated problem, not on a copy.
BOOST_AUTO_TEST_CASE(auto_first_solve_allocates_no_more_than_its_first_stage) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocations cannot be counted in this build: skipped");
    return;
  }
  mlcp::RandomProblemOptions options;
  options.n = 12;
  const mlcp::Problem random = mlcp::randomProblem(options);
  auto firstSolve = [&random](mlcp::MixedLCP& solver) {
    solver.setProblem(random);
    const mlcp::test::AllocationCounter counter;
    const mlcp::SolveReport& report = solver.solve();
    const long allocated = counter.count();
    BOOST_TEST_INFO(solver.name() << ": " << report.status << ", " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    return allocated;
  };
  mlcp::AutoSolver automatic;
  mlcp::DantzigSolver dantzig;
  const long byAuto = firstSolve(automatic);
  const long byDantzig = firstSolve(dantzig);
  // n = 12 < kTinyTrialRows, every A_ii > 0: the PGS-SM trial answers first.
  BOOST_TEST(automatic.usedStage() == automatic.plan().stages.front());
  const std::unique_ptr<mlcp::MixedLCP> first = mlcp::makeSolver(automatic.usedStage());
  const long byFirst = firstSolve(*first);
  BOOST_TEST(byAuto <= byFirst);
  BOOST_TEST(byAuto <= byDantzig);
}

namespace {

/// A monotone LCP (lo = 0, hi = inf) of n rows with A_00 = 0: A = M M^T + (B - B^T), M's first
/// row zero, so A is positive semidefinite (Lemke answers it) and its diagonal not positive; b from
/// an answer x* >= 0 perpendicular to w* >= 0.
mlcp::Problem zeroDiagonalLcp(int n) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  auto draw = [&](Eigen::Index rows, Eigen::Index cols) {
    return Eigen::MatrixXd::NullaryExpr(rows, cols, [&] { return uniform(random); }).eval();
  };
  Eigen::MatrixXd M = draw(n, n);
  M.row(0).setZero();
  const Eigen::MatrixXd B = draw(n, n);
  mlcp::Problem p;
  p.A = mlcp::Operator(Eigen::MatrixXd(M * M.transpose() + B - B.transpose()));
  Eigen::VectorXd x = Eigen::VectorXd::Zero(n), w = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < n; ++i) (i % 2 == 0 ? x : w)[i] = 1.0 + 0.5 * uniform(random);
  p.b = p.A.dense() * x - w;
  p.lo = Eigen::VectorXd::Zero(n);
  p.hi = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::infinity());
  p.findex = Eigen::VectorXi::Constant(n, -1);
  return p;
}

}  // namespace

// The same where a diagonal entry A_ii <= 0 leads to Lemke first, below and above
// kTinyRows: lemke was made and sized with the workspace.
BOOST_AUTO_TEST_CASE(auto_first_solve_with_lemke_first_allocates_no_more_than_lemke) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocations cannot be counted in this build: skipped");
    return;
  }
  for (const int n : {6, 40}) {
    const mlcp::Problem problem = zeroDiagonalLcp(n);
    auto firstSolve = [&problem](mlcp::MixedLCP& solver) {
      solver.setProblem(problem);
      const mlcp::test::AllocationCounter counter;
      const mlcp::SolveReport& report = solver.solve();
      const long allocated = counter.count();
      BOOST_TEST_INFO(solver.name() << ", n = " << problem.size() << ": " << report.status << ", "
                                    << report.message);
      BOOST_TEST(report.status == mlcp::Status::Converged);
      return allocated;
    };
    mlcp::AutoSolver automatic;
    const long byAuto = firstSolve(automatic);
    BOOST_TEST(automatic.usedStage() == "lemke");
    const std::unique_ptr<mlcp::MixedLCP> lemke = mlcp::makeSolver("lemke");
    BOOST_TEST(byAuto <= firstSolve(*lemke));
  }
}

// Dantzig's sparse form (CHOLMOD's row additions and deletions into a factor whose room comes
// from the analysis of A's pattern, docs/sparse-pivoting.md): nothing allocated on the second
// solve, nor on the first solve of a new matrix of the same pattern.
BOOST_AUTO_TEST_CASE(dantzig_sparse_form_allocates_nothing) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocations cannot be counted in this build: skipped");
    return;
  }
  const mlcp::Problem factors = mlcp::test::sceneProblem("columns", {"nx=5", "ny=2", "layers=3"});
  mlcp::Problem sparse = factors;
  sparse.A = factors.A.toSparse();
  mlcp::Problem dense = factors;
  dense.A = factors.A.toDense();
  mlcp::RandomProblemOptions options;
  options.n = 120;
  const mlcp::Problem random = mlcp::randomProblem(options);
  for (const mlcp::Problem* problem :
       std::initializer_list<const mlcp::Problem*>{&factors, &sparse, &dense, &random}) {
    for (const auto form :
         {mlcp::DantzigFactorization::Sparse, mlcp::DantzigFactorization::Automatic}) {
      mlcp::DantzigOptions dantzigOptions;
      dantzigOptions.factorization = form;
      mlcp::DantzigSolver solver(dantzigOptions);
      const long allocated = allocationsOfSecondSolve(solver, *problem);
      const mlcp::SolveReport& report = solver.report();
      BOOST_TEST_INFO(toString(problem->A.form())
                      << " A, sparse form " << solver.usedSparse() << ": " << report.status << ", "
                      << report.message);
      BOOST_TEST(allocated == 0);
      BOOST_TEST(report.status == mlcp::Status::Converged);
    }
  }
  // A new sparse A of the same pattern (a simulator's next step): its first solve allocates
  // nothing either.
  mlcp::DantzigSolver solver;
  solver.setProblem(sparse);
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(solver.usedSparse());
  mlcp::Operator::SparseMatrix next = sparse.A.sparse();
  next *= 2.0;
  solver.setMatrix(mlcp::Operator(std::move(next)));
  const mlcp::test::AllocationCounter counter;
  const mlcp::SolveReport& report = solver.solve();
  const long allocated = counter.count();
  BOOST_TEST_INFO(report.status << ", " << report.message);
  BOOST_TEST(allocated == 0);
  BOOST_TEST(report.status == mlcp::Status::Converged);
}

BOOST_AUTO_TEST_SUITE_END()
