// FallbackSolver and AutoSolver, the solver chains: the answer of the first stage that
// converges, else the best answer of any stage with its status; refusals passed over and never
// an invalid-problem after a search; auto says what it chose and why.

#include "known_solution_problems.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <limits>
#include <memory>
#include <string>

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// A non-symmetric LCP (Dantzig and APGD refuse it; Lemke solves it).
mlcp::Problem nonSymmetric() {
  Eigen::Matrix3d A;
  A << 2.0, 1.0, 0.0, -0.5, 3.0, 0.4, 0.3, 0.0, 1.5;
  mlcp::Problem p;
  p.A = Eigen::MatrixXd(A);
  p.b = Eigen::Vector3d(1.0, -0.5, 2.0);
  p.lo = Eigen::Vector3d::Zero();
  p.hi = Eigen::Vector3d::Constant(kInf);
  p.findex = Eigen::VectorXi::Constant(3, -1);
  return p;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(SolverChain)

BOOST_AUTO_TEST_CASE(fallback_passes_refusals_over_to_the_next_stage) {
  auto solver = mlcp::makeSolver("fallback");
  solver->setProblem(nonSymmetric());
  const mlcp::SolveReport& report = solver->solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(contains(report.message, "dantzig: unsupported"));
  BOOST_TEST(contains(report.message, "newton: converged"));  // the stage after dantzig
  const auto& fallback = dynamic_cast<const mlcp::FallbackSolver&>(*solver);
  BOOST_TEST(fallback.stage(fallback.usedStage()).name() == "newton");
  BOOST_TEST(fallback.fallbackCount() == 1);
}

BOOST_AUTO_TEST_CASE(fallback_stages_are_one_list) {
  const auto& names = mlcp::fallbackStageNames();
  BOOST_TEST(names.front() == "dantzig");
  BOOST_TEST((std::find(names.begin(), names.end(), "lemke") != names.end()));
  const auto fallback = mlcp::makeSolver("fallback");
  BOOST_TEST(dynamic_cast<const mlcp::FallbackSolver&>(*fallback).stageCount() ==
             static_cast<int>(names.size()));
}

BOOST_AUTO_TEST_CASE(no_converged_stage_gives_the_best_answer_with_its_status) {
  // Two iterations of Jacobi, then two sweeps of NSGS: neither converges; the answer with the lower
  // residual is returned, with its stage's status, and both are in the message.
  mlcp::SolverSettings settings;
  settings.maxIterations = 2;
  std::vector<std::unique_ptr<mlcp::MixedLCP>> stages;
  stages.push_back(mlcp::makeSolver("jacobi", settings));
  stages.push_back(mlcp::makeSolver("nsgs", settings));
  mlcp::FallbackSolver solver(std::move(stages));
  const mlcp::test::KnownSolutionCase c = mlcp::test::knownSolutionBaseCases()[3];  // mass ratio
  solver.setProblem(c.problem);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::MaxIterations);
  BOOST_TEST(contains(report.message, "jacobi: max-iterations"));
  BOOST_TEST(contains(report.message, "nsgs: max-iterations"));
  BOOST_TEST(solver.usedStage() >= 0);
}

BOOST_AUTO_TEST_CASE(every_stage_refusing_is_unsupported_not_invalid) {
  // A negative diagonal: APGD, PGS and NSGS refuse it; with only those, the chain answers
  // Unsupported (the input is valid).
  mlcp::Problem p = nonSymmetric();
  Eigen::MatrixXd A = p.A.dense();
  A = -0.5 * (A + A.transpose()).eval();
  p.A = A;
  std::vector<std::unique_ptr<mlcp::MixedLCP>> stages;
  for (const char* name : {"apgd", "pgs", "nsgs"}) stages.push_back(mlcp::makeSolver(name));
  mlcp::FallbackSolver solver(std::move(stages));
  solver.setProblem(p);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Unsupported);
  BOOST_TEST(solver.usedStage() == -1);
  // Bad input stays InvalidProblem, found before any stage runs.
  p.lo[0] = 1.0;
  p.hi[0] = 0.0;
  solver.setProblem(p);
  BOOST_TEST(solver.solve().status == mlcp::Status::InvalidProblem);
}

BOOST_AUTO_TEST_CASE(auto_says_what_it_chose_and_why) {
  auto solver = mlcp::makeSolver("auto");
  solver->setProblem(nonSymmetric());
  const mlcp::SolveReport& a = solver->solve();
  BOOST_TEST_INFO(a.message);
  BOOST_TEST(a.status == mlcp::Status::Converged);
  BOOST_TEST(contains(a.message, "not symmetric"));
  BOOST_TEST(contains(a.message, "chose lemke"));
  const auto& chooser = dynamic_cast<const mlcp::AutoSolver&>(*solver);
  BOOST_TEST(chooser.usedStage() == "lemke");

  for (const mlcp::test::KnownSolutionCase& c : mlcp::test::knownSolutionCases()) {
    if (c.family != "friction" || (c.scaling != "" && c.scaling != "rows x 1e8")) continue;
    solver->setProblem(c.problem);
    const mlcp::SolveReport& r = solver->solve();
    BOOST_TEST_INFO(c.name << ": " << r.message);
    BOOST_TEST(r.status == mlcp::Status::Converged);
    BOOST_TEST(contains(r.message, c.scaling.empty() ? "chose dantzig" : "row scaling"));
    BOOST_TEST(mlcp::test::relativeError(solver->getLambda(), c.xStar) <= 1e-6);
  }
}

BOOST_AUTO_TEST_CASE(auto_plans_iterative_solvers_for_large_coupled_problems) {
  mlcp::SolverSettings settings;
  settings.maxIterations = 20;  // the plan is what is tested here
  mlcp::AutoSolver solver(settings);
  solver.setProblem(
      mlcp::test::sceneProblem("columns", {"nx=1", "ny=1", "layers=100", "shape=box"}));
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  // As factors: PGS with an exact polish in body space first, then APGD.
  BOOST_TEST(solver.plan().stages.front() == "polish");
  BOOST_TEST(solver.plan().stages.at(1) == "apgd");
  BOOST_TEST(contains(report.message, "largest island 1200"));
  // 1440 rows in 60 islands of 24
  solver.setProblem(
      mlcp::test::sceneProblem("columns", {"nx=60", "ny=1", "layers=2", "shape=box"}));
  const mlcp::SolveReport& islands = solver.solve();
  BOOST_TEST_INFO(islands.message);
  BOOST_TEST(solver.plan().stages.front() == "islands:dantzig");
  BOOST_TEST(islands.status == mlcp::Status::Converged);
}

BOOST_AUTO_TEST_CASE(auto_plans_mid_size_problems_by_density_and_low_rank_form) {
  mlcp::AutoSolver solver;
  auto expectPlan = [&solver](const mlcp::Problem& p, const std::string& first,
                              const std::string& why) {
    solver.setProblem(p);
    const mlcp::SolveReport& r = solver.solve();
    BOOST_TEST_INFO(r.message);
    BOOST_TEST(solver.plan().stages.front() == first);
    BOOST_TEST(contains(r.message, why));
    BOOST_TEST(r.status == mlcp::Status::Converged);
    BOOST_TEST(solver.usedStage() == first);
  };
  // A = R R^T + 1e-3 I: every entry nonzero; PGS answers within its trial of sweeps.
  mlcp::RandomProblemOptions random;
  random.n = 60;
  expectPlan(mlcp::randomProblem(random), "pgs", "pgs (40 sweeps), then dantzig");
  // Factors of boxes (r = n / 2): bpp in the bodies' space.
  const mlcp::Problem columns = mlcp::test::sceneProblem(
      "columns", {"nx=2", "ny=1", "layers=3", "shape=box", "cfm=1e-5"}, 1.0 / 60.0);
  expectPlan(columns, "bpp", "(the factors, <= n / 2)");
  // Spheres: three rows a contact, r = 6 x bodies > n, so PGS first, then the polish.
  expectPlan(mlcp::test::sceneProblem(
                 "columns", {"nx=2", "ny=2", "layers=8", "shape=sphere", "cfm=1e-5"}, 1.0 / 60.0),
             "polish", "> n / 2 (a pile)");
  // The same A assembled dense: no CFM-free low-rank form below n / 4, sparse, so Newton.
  mlcp::Problem dense = columns;
  dense.A = columns.A.factors().toDense().A;
  expectPlan(dense, "newton", "sparse (");
}

BOOST_AUTO_TEST_SUITE_END()
