// BppSolver: block principal pivoting in the low-rank form A = G G^T + diag(C) (docs/bpp.md).

#include "test_data.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <memory>

namespace {

/// Box columns whose A has `cfm` on its diagonal (the world's CFM is cfm h, h = 0.01 s).
std::shared_ptr<const mlcp::Factors> stacks(double cfm, std::uint64_t seed = 1) {
  return mlcp::test::sceneFactors("columns",
                                  {fmt::format("cfm={}", cfm * 0.01), fmt::format("seed={}", seed),
                                   fmt::format("ratio={}", seed % 2 ? 1.0 : 10.0)});
}

/// The CFM-free stacks with DART's relative CFM (A_ii scaled by 1 + 1e-5) as a dense or sparse
/// A: the entries carry the low-rank form (Bullet's constant CFM too: low_rank_form_test).
mlcp::Problem dartStyle(std::uint64_t seed, mlcp::MatrixForm form) {
  mlcp::Problem problem = mlcp::toProblem(stacks(0.0, seed));
  Eigen::MatrixXd A = problem.A.toDense();
  A.diagonal() *= 1.0 + 1e-5;
  problem.A = A;
  if (form == mlcp::MatrixForm::Sparse) problem.A = problem.A.toSparse();
  return problem;
}

const mlcp::SolveReport& solve(mlcp::MixedLCP& solver, const mlcp::Problem& problem) {
  solver.setProblem(problem);
  return solver.solve();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(BppSolver)

BOOST_AUTO_TEST_CASE(registered_as_bpp) {
  const auto solver = mlcp::makeSolver("bpp");
  BOOST_TEST(solver->name() == "bpp");
  BOOST_TEST(solver->capabilities().usesInitialGuess);
}

BOOST_AUTO_TEST_CASE(solves_regularized_stacks_in_every_form) {
  for (const auto form :
       {mlcp::MatrixForm::Factors, mlcp::MatrixForm::Dense, mlcp::MatrixForm::Sparse}) {
    mlcp::BppSolver solver;
    const mlcp::Problem problem =
        form == mlcp::MatrixForm::Factors ? mlcp::toProblem(stacks(1e-5)) : dartStyle(1, form);
    const auto& report = solve(solver, problem);
    BOOST_TEST_INFO(mlcp::toString(form) << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(report.scaledResidual <= 1e-9);
    BOOST_TEST(report.relativeResidual <= 1e-9);
    BOOST_TEST(solver.statistics().rank > 0);
    BOOST_TEST(solver.statistics().rank < solver.size());
  }
}

BOOST_AUTO_TEST_CASE(solves_wherever_dantzig_lemke_or_newton_solve) {
  // Differential check with friction: where a reference solves, bpp solves too (the answers may
  // differ: ODE's friction bounds make the solution set non-convex).
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const mlcp::Problem problem = dartStyle(seed, mlcp::MatrixForm::Dense);
    mlcp::BppSolver bpp;
    const auto& report = solve(bpp, problem);
    for (const char* name : {"dantzig", "lemke", "newton"}) {
      const auto reference = mlcp::makeSolver(name);
      if (!solve(*reference, problem).succeeded()) continue;
      ++compared;
      BOOST_TEST_INFO("seed " << seed << ", " << name << " solves: " << report.message);
      BOOST_TEST(report.status == mlcp::Status::Converged);
      BOOST_TEST(report.scaledResidual <= 1e-9);
    }
  }
  BOOST_TEST(compared >= 12);
}

BOOST_AUTO_TEST_CASE(same_answer_as_dantzig_without_friction) {
  // mu = 1e-9 and A positive definite: the answer is unique up to the friction rows' 1e-9
  // bounds, so x must agree. (At mu = 0 a scene has no friction rows, and the normal rows alone,
  // fewer than 6 per body, leave A without a low-rank form.)
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const mlcp::Problem problem =
        mlcp::test::sceneProblem("columns", {"cfm=1e-7", "mu=1e-9", fmt::format("seed={}", seed)});
    mlcp::BppSolver bpp;
    mlcp::DantzigSolver dantzig;
    BOOST_TEST_INFO("bpp: " << solve(bpp, problem).message);
    BOOST_REQUIRE(bpp.report().succeeded());
    BOOST_REQUIRE(solve(dantzig, problem).succeeded());
    const double scale = dantzig.getLambda().lpNorm<Eigen::Infinity>();
    BOOST_TEST((bpp.getLambda() - dantzig.getLambda()).lpNorm<Eigen::Infinity>() <= 1e-7 * scale);
  }
}

BOOST_AUTO_TEST_CASE(warm_start_from_the_answer_takes_one_round) {
  const mlcp::Problem problem = mlcp::toProblem(stacks(1e-5));
  mlcp::BppOptions options;
  options.keepPartition = false;
  mlcp::BppSolver solver(options);
  BOOST_REQUIRE(solve(solver, problem).succeeded());
  const Eigen::VectorXd answer = solver.getLambda();
  solver.setInitialGuess(answer);
  const auto& warm = solver.solve();
  BOOST_TEST(warm.status == mlcp::Status::Converged);
  BOOST_TEST(solver.statistics().warmStarted);
  BOOST_TEST(solver.statistics().rounds == 1);
  BOOST_TEST(warm.pivots == 0);
}

BOOST_AUTO_TEST_CASE(next_step_starts_from_the_last_partition) {
  // keepPartition: the same rows and findex again (a simulator's next step) reuse the
  // partition, and the form when A did not change.
  const mlcp::Problem problem = mlcp::toProblem(stacks(1e-5));
  mlcp::BppSolver solver;
  BOOST_REQUIRE(solve(solver, problem).succeeded());
  BOOST_TEST(!solver.statistics().warmStarted);
  solver.clearInitialGuess();
  const auto& again = solver.solve();
  BOOST_TEST(again.status == mlcp::Status::Converged);
  BOOST_TEST(solver.statistics().warmStarted);
  BOOST_TEST(solver.statistics().formReused);
  BOOST_TEST(solver.statistics().rounds == 1);
}

BOOST_AUTO_TEST_CASE(captured_dart_problems_exact) {
  const auto files = mlcp::test::sharedBlcpFiles("captured/dart");
  if (files.empty()) {
    BOOST_TEST_MESSAGE("../shared/data/captured/dart is absent: skipped");
    return;
  }
  int solved = 0;
  for (const auto& file : files) {
    mlcp::Problem problem = mlcp::readBlcp(file);
    problem.x.reset();  // cold
    mlcp::BppSolver solver;
    const auto& report = solve(solver, problem);
    BOOST_TEST_INFO(file.filename().string() << ": " << report.message);
    if (report.status == mlcp::Status::Unsupported) {
      // the small chains: r close to n, no saving over the n x n dual
      BOOST_TEST(report.message.find("low-rank form") != std::string::npos);
      continue;
    }
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(report.scaledResidual <= 1e-8);
    BOOST_TEST(report.relativeResidual <= 1e-8);
    ++solved;
  }
  BOOST_TEST(solved >= 4);  // both stack_fcl steps and both stack steps
}

// No floor on singular A: CFM-free columns (four coplanar contacts a face, C = 0) to 1e-10,
// the proximal term fixed and refined on the same factorization (docs/bpp.md).
BOOST_AUTO_TEST_CASE(cfm_free_redundant_stacks_reach_1e_10) {
  for (const std::uint64_t seed : {1, 2, 3}) {
    const mlcp::Problem problem = mlcp::toProblem(stacks(0.0, seed));
    mlcp::BppOptions options;
    options.relativeTolerance = 1e-11;
    mlcp::BppSolver solver(options);
    const auto& report = solve(solver, problem);
    BOOST_TEST_INFO("seed " << seed << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(report.scaledResidual <= 1e-10);
    BOOST_TEST(report.relativeResidual <= 1e-10);
    BOOST_TEST(solver.statistics().refinementSteps > 0);  // the proximal term was active
  }
}

// A small CFM (1e-8 s/kg at h = 1/60 s) that regularizes A by itself (no proximal term) but
// leaves Woodbury's solve eps A_ii / C_i of |x| off: the refinement's corrections recover the
// tolerance (before: a feasible partition, inaccurate at 2e-9..4e-9 with 1e-9 asked).
BOOST_AUTO_TEST_CASE(small_cfm_stacks_meet_the_tolerance) {
  for (const int columns : {2, 4, 6}) {
    const mlcp::Problem problem = mlcp::toProblem(mlcp::test::sceneFactors(
        "columns", {fmt::format("nx={}", columns), "ny=1", "layers=4", "slide=0.5", "cfm=1e-8"},
        1.0 / 60.0));
    mlcp::BppSolver solver;
    const auto& report = solve(solver, problem);
    BOOST_TEST_INFO(columns << " columns: " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(report.scaledResidual <= 1e-9);
    BOOST_TEST(report.relativeResidual <= 1e-9);
    BOOST_TEST(solver.statistics().refinementSteps > 0);
  }
}

// The friction rounds of a stalled coupled pivoting settle: 208 columns of 4 cubes (CFM 1e-5,
// 9,984 rows), where one column's undamped rounds alternated between two partitions and the
// solve cycled until its budget (before: max-iterations for both).
BOOST_AUTO_TEST_CASE(friction_rounds_settle_on_the_208_column_stacks) {
  const mlcp::Problem problem = mlcp::toProblem(mlcp::test::sceneFactors(
      "columns", {"nx=208", "ny=1", "layers=4", "slide=0.5", "cfm=1e-5"}, 1.0 / 60.0));
  for (const char* name : {"bpp", "islands:bpp"}) {
    const auto solver = mlcp::makeSolver(name);
    const auto& report = solve(*solver, problem);
    BOOST_TEST_INFO(name << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(report.scaledResidual <= 1e-9);
    BOOST_TEST(report.relativeResidual <= 1e-9);
  }
}

// A column of 4 cubes whose coupled pivoting stalls and goes through fixed-bound friction
// passes: from one pass to the next the factorization of the free system serves again (before,
// each of the 46 rounds factored K anew).
BOOST_AUTO_TEST_CASE(friction_passes_reuse_the_factorization) {
  const mlcp::Problem problem = mlcp::toProblem(mlcp::test::sceneFactors(
      "columns", {"nx=1", "ny=1", "layers=4", "slide=0.5", "cfm=1e-5", "seed=8"}, 1.0 / 60.0));
  mlcp::BppSolver solver;
  const auto& report = solve(solver, problem);
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.scaledResidual <= 1e-9);
  BOOST_TEST(report.relativeResidual <= 1e-9);
  BOOST_TEST(solver.statistics().fixedFrictionPasses > 0);
  BOOST_TEST(solver.statistics().factorizations < solver.statistics().rounds);
}

BOOST_AUTO_TEST_CASE(captured_cfm_free_bullet_stacks_reach_1e_10) {
  int solved = 0;
  for (const auto& file : mlcp::test::sharedBlcpFiles("captured/bullet")) {
    const std::string name = file.filename().string();
    if (name.rfind("stack_step", 0) != 0) continue;  // the CFM-free box stacks
    mlcp::Problem problem = mlcp::readBlcp(file);
    problem.x.reset();  // cold
    mlcp::BppOptions options;
    options.relativeTolerance = 1e-11;
    mlcp::BppSolver solver(options);
    const auto& report = solve(solver, problem);
    BOOST_TEST_INFO(name << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(report.scaledResidual <= 1e-10);
    BOOST_TEST(report.relativeResidual <= 1e-10);
    ++solved;
  }
  if (solved == 0) BOOST_TEST_MESSAGE("../shared/data/captured/bullet is absent: skipped");
}

BOOST_AUTO_TEST_CASE(full_rank_a_is_unsupported_with_the_reason) {
  mlcp::BppSolver solver;
  const auto& report = solve(solver, mlcp::test::randomProblem(30, 7));
  BOOST_TEST(report.status == mlcp::Status::Unsupported);
  BOOST_TEST(report.message.find("no low-rank form") != std::string::npos);
  BOOST_TEST(solver.getLambda().isZero(0.0));
}

BOOST_AUTO_TEST_CASE(bad_input_is_an_invalid_problem) {
  mlcp::Problem problem = mlcp::toProblem(stacks(1e-5));
  problem.b[3] = std::numeric_limits<double>::quiet_NaN();
  mlcp::BppSolver solver;
  const auto& report = solve(solver, problem);
  BOOST_TEST(report.status == mlcp::Status::InvalidProblem);
  BOOST_TEST(report.message.find("b") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_given_form_replaces_the_search) {
  const mlcp::Problem problem = dartStyle(1, mlcp::MatrixForm::Dense);
  mlcp::BppSolver searched;
  BOOST_TEST_REQUIRE(solve(searched, problem).status == mlcp::Status::Converged);
  BOOST_TEST_REQUIRE(searched.lowRankForm().has_value());
  mlcp::BppSolver given;
  given.setProblem(problem);
  given.setLowRankForm(*searched.lowRankForm());
  const auto& report = given.solve();
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(given.statistics().formReused);  // no search of its own
  BOOST_TEST((given.getLambda() - searched.getLambda()).cwiseAbs().maxCoeff() <= 1e-10);
}

BOOST_AUTO_TEST_CASE(a_given_form_of_the_wrong_size_is_rejected) {
  mlcp::BppSolver found;
  BOOST_TEST_REQUIRE(solve(found, dartStyle(1, mlcp::MatrixForm::Dense)).status ==
                     mlcp::Status::Converged);
  mlcp::BppSolver empty;  // no matrix yet
  BOOST_CHECK_THROW(empty.setLowRankForm(*found.lowRankForm()), std::invalid_argument);
  mlcp::BppSolver other;
  other.setProblem(mlcp::test::randomProblem(30, 7));
  BOOST_CHECK_THROW(other.setLowRankForm(*found.lowRankForm()), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(options_are_checked) {
  mlcp::BppOptions options;
  options.nonImprovingRounds = -1;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::BppSolver>(options).find("nonImprovingRounds") !=
             std::string::npos);
  options = {};
  options.proximal = 1.0;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::BppSolver>(options).find("proximal") !=
             std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
