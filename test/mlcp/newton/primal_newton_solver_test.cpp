// PrimalNewtonSolver: Newton on the body-space dual of the box QP, A = G G^T + diag(C)
// (docs/newton.md, "Primal Newton").

#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>
#include <string>

namespace {

/// Box columns with `cfm` (s/kg at h = 0.01 s) and friction coefficient mu.
mlcp::Problem columns(double cfm, double mu, std::uint64_t seed) {
  return mlcp::test::sceneProblem(
      "columns", {fmt::format("cfm={}", cfm * 0.01), fmt::format("mu={}", mu),
                  fmt::format("seed={}", seed), fmt::format("ratio={}", seed % 2 ? 1.0 : 10.0)});
}

const mlcp::SolveReport& solve(mlcp::MixedLCP& solver, const mlcp::Problem& problem) {
  solver.setProblem(problem);
  return solver.solve();
}

void requireExact(const mlcp::SolveReport& report, double tolerance = 1e-9) {
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.scaledResidual <= tolerance);
  BOOST_TEST(report.relativeResidual <= tolerance);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(PrimalNewtonSolver)

BOOST_AUTO_TEST_CASE(registered_as_newton_primal) {
  const auto solver = mlcp::makeSolver("newton-primal");
  BOOST_TEST(solver->name() == "newton-primal");
  BOOST_TEST(solver->capabilities().usesInitialGuess);
  BOOST_TEST(solver->capabilities().requiresLowRankForm);
}

BOOST_AUTO_TEST_CASE(same_answer_as_lemke_and_bpp_without_friction) {
  // mu = 1e-9 and A positive definite (CFM 1e-7): the answer is unique up to the friction rows'
  // 1e-9 bounds, so x must agree with both references, dense (r small) and sparse H
  // (simplicial or supernodal) alike.
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const mlcp::Problem problem =
        mlcp::test::sceneProblem("columns", {"cfm=1e-7", "mu=1e-9", fmt::format("seed={}", seed)});
    for (const int variant : {0, 1, 2}) {  // dense H; sparse, simplicial; sparse, supernodal
      mlcp::PrimalNewtonOptions options;
      options.sparseAboveRank = variant == 0 ? 300 : 0;
      options.supernodal = variant == 2;
      mlcp::PrimalNewtonSolver primal(options);
      BOOST_TEST_INFO("seed " << seed << ", variant " << variant << ": "
                              << solve(primal, problem).message);
      requireExact(primal.report());
      BOOST_TEST(primal.statistics().sparse == (variant > 0));
      for (const char* name : {"lemke", "bpp"}) {
        const auto reference = mlcp::makeSolver(name);
        BOOST_TEST_INFO(name << ": " << solve(*reference, problem).message);
        BOOST_REQUIRE(reference->report().succeeded());
        const double scale = reference->getLambda().lpNorm<Eigen::Infinity>();
        BOOST_TEST((primal.getLambda() - reference->getLambda()).lpNorm<Eigen::Infinity>() <=
                   1e-6 * scale);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(solves_with_friction_wherever_lemke_or_bpp_solve) {
  // With friction (mu = 0.5) the answer need not be unique (ODE's friction bounds): the check is
  // an exact answer wherever a reference finds one, with CFM and without (the proximal term).
  int compared = 0;
  for (const double cfm : {1e-5, 0.0}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const mlcp::Problem problem = columns(cfm, 0.5, seed);
      for (const char* name : {"lemke", "bpp"}) {
        const auto reference = mlcp::makeSolver(name);
        if (!solve(*reference, problem).succeeded()) continue;
        ++compared;
        mlcp::PrimalNewtonSolver primal;
        BOOST_TEST_INFO("cfm " << cfm << ", seed " << seed << ", " << name
                               << " solves: " << solve(primal, problem).message);
        requireExact(primal.report());
        BOOST_TEST(primal.statistics().rounds >= 2);  // friction bounds read off the normals
      }
    }
  }
  BOOST_TEST(compared >= 8);
}

// A nearly singular A (the tests' CFM 1e-6 on box faces with four coplanar contacts): with the
// proximal delta at 1e-6 A_ii the Tresca rounds alternated between two answers (relative 0.85
// and 1.2e-4 in turn); 1e-5 A_ii covers these rows.
BOOST_AUTO_TEST_CASE(nearly_singular_columns_converge) {
  mlcp::PrimalNewtonSolver solver;
  const auto& report = solve(solver, mlcp::test::sceneProblem("columns", {"nx=2", "layers=2"}));
  BOOST_TEST_INFO(report.message);
  requireExact(report);
}

BOOST_AUTO_TEST_CASE(both_friction_updates_converge) {
  const mlcp::Problem problem = columns(1e-5, 0.5, 1);
  for (const auto update : {mlcp::FrictionUpdate::Round}) {
    mlcp::PrimalNewtonOptions options;
    options.frictionUpdate = update;
    mlcp::PrimalNewtonSolver solver(options);
    BOOST_TEST_INFO(static_cast<int>(update) << ": " << solve(solver, problem).message);
    requireExact(solver.report());
  }
}

BOOST_AUTO_TEST_CASE(warm_start_from_the_answer_takes_at_most_one_step) {
  for (const double cfm : {1e-5, 0.0}) {
    const mlcp::Problem problem = columns(cfm, 0.5, 2);
    mlcp::PrimalNewtonSolver solver;
    BOOST_REQUIRE(solve(solver, problem).status == mlcp::Status::Converged);
    const Eigen::VectorXd answer = solver.getLambda();
    solver.setInitialGuess(answer);
    const auto& warm = solver.solve();
    BOOST_TEST_INFO("cfm " << cfm << ": " << warm.message);
    requireExact(warm);
    BOOST_TEST(solver.statistics().warmStarted);
    BOOST_TEST(solver.statistics().formReused);
    BOOST_TEST(solver.statistics().newtonIterations <= 1);
  }
}

BOOST_AUTO_TEST_CASE(never_converged_above_the_tolerance) {
  // Cut short (one Newton step, one round): the status must say so, and a Converged report must
  // hold the scaled and relative residual of the original A.
  for (const int steps : {1, 2, 500}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      mlcp::PrimalNewtonOptions options;
      options.maxIterations = steps;
      mlcp::PrimalNewtonSolver solver(options);
      const auto& report = solve(solver, columns(0.0, 0.5, seed));
      BOOST_TEST_INFO(steps << " steps, seed " << seed << ": " << report.message);
      const bool within = report.scaledResidual <= options.relativeTolerance &&
                          report.relativeResidual <= options.relativeTolerance;
      BOOST_TEST((report.status == mlcp::Status::Converged) == within);
      if (steps == 1) BOOST_TEST(report.status != mlcp::Status::Converged);
    }
  }
}

BOOST_AUTO_TEST_CASE(polish_takes_it_as_its_first_stage) {
  const auto polish = mlcp::makeSolver("polish", {{"first_stage", "newton-primal"}});
  const auto& report = solve(*polish, columns(1e-5, 0.5, 1));
  BOOST_TEST_INFO(report.message);
  requireExact(report);
  BOOST_TEST(static_cast<const mlcp::PolishSolver&>(*polish).statistics().sweeps >= 1);
}

BOOST_AUTO_TEST_CASE(full_rank_a_is_unsupported_with_the_reason) {
  mlcp::PrimalNewtonSolver solver;
  const auto& report = solve(solver, mlcp::test::randomProblem(30, 7));
  BOOST_TEST(report.status == mlcp::Status::Unsupported);
  BOOST_TEST(report.message.find("no low-rank form") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_input_is_an_invalid_problem) {
  mlcp::Problem problem = columns(1e-5, 0.5, 1);
  problem.b[3] = std::numeric_limits<double>::quiet_NaN();
  mlcp::PrimalNewtonSolver solver;
  const auto& report = solve(solver, problem);
  BOOST_TEST(report.status == mlcp::Status::InvalidProblem);
  BOOST_TEST(report.message.find("b") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_options_are_named) {
  mlcp::PrimalNewtonOptions options;
  options.proximal = 0.0;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::PrimalNewtonSolver>(options).find("proximal") !=
             std::string::npos);
  options = {};
  options.maxRounds = 0;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::PrimalNewtonSolver>(options).find("maxRounds") !=
             std::string::npos);
  BOOST_CHECK_THROW(mlcp::makeSolver("newton-primal", {{"friction_update", "sometimes"}}),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
