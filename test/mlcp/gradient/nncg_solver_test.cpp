// NncgSolver: fewer sweeps than PGS where PGS is slow (heavy-on-light stacks), the same answer,
// a PGS iterate (within bounds) as the answer, options, restarts and row-scale invariance.

#include "known_solution_problems.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <memory>
#include <stdexcept>

namespace {

mlcp::Problem stack(double ratio) {
  return mlcp::test::sceneProblem(
      "columns", {"nx=1", "ny=1", "layers=4", "shape=sphere", fmt::format("ratio={}", ratio)});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(NncgSolver)

BOOST_AUTO_TEST_CASE(options_are_checked_with_a_message_naming_the_field) {
  mlcp::NncgOptions options;
  BOOST_TEST(options.isValid(nullptr));
  options.restartThreshold = 0.0;
  std::string why;
  BOOST_TEST(!options.isValid(&why));
  BOOST_TEST(why.find("NncgOptions::restartThreshold") != std::string::npos);
  BOOST_CHECK_THROW(mlcp::NncgSolver{options}, std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(needs_a_fraction_of_pgs_sweeps_on_a_heavy_top) {
  const mlcp::Problem problem = stack(1000.0);
  mlcp::PgsOptions pgsOptions;
  pgsOptions.maxIterations = 100000;
  mlcp::PgsSolver pgs(pgsOptions);
  pgs.setProblem(problem);
  const mlcp::SolveReport pgsReport = pgs.solve();
  mlcp::NncgOptions options;
  options.maxIterations = 100000;
  mlcp::NncgSolver nncg(options);
  nncg.setProblem(problem);
  const mlcp::SolveReport& report = nncg.solve();
  BOOST_TEST_INFO(report.message << " / pgs: " << pgsReport.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(pgsReport.status == mlcp::Status::Converged);
  BOOST_TEST(3 * report.iterations <= pgsReport.iterations);
  BOOST_TEST(nncg.statistics().restarts > 0);
  BOOST_TEST((nncg.getLambda() - pgs.getLambda()).cwiseAbs().maxCoeff() <=
             1e-3 * pgs.getLambda().cwiseAbs().maxCoeff());
  BOOST_TEST(report.maxBoundViolation == 0.0);  // the answer is a PGS iterate
}

BOOST_AUTO_TEST_CASE(the_papers_forward_sweeps_are_an_option) {
  const mlcp::Problem problem = stack(100.0);
  mlcp::NncgOptions options;
  options.maxIterations = 100000;
  mlcp::NncgSolver symmetric(options);
  options.symmetricSweeps = false;
  mlcp::NncgSolver forward(options);
  symmetric.setProblem(problem);
  forward.setProblem(problem);
  const mlcp::SolveReport a = symmetric.solve();
  const mlcp::SolveReport& b = forward.solve();
  BOOST_TEST(a.status == mlcp::Status::Converged);
  BOOST_TEST(b.status == mlcp::Status::Converged);
  BOOST_TEST(a.iterations % 2 == 0);
  BOOST_TEST(a.iterations < b.iterations);  // sweeps, both
}

BOOST_AUTO_TEST_CASE(scaling_rows_changes_nothing) {
  for (const mlcp::test::KnownSolutionCase& c : mlcp::test::knownSolutionCases()) {
    if (c.family != "friction") continue;
    mlcp::NncgSolver solver;
    solver.setProblem(c.problem);
    const mlcp::SolveReport& report = solver.solve();
    BOOST_TEST_INFO(c.name << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(mlcp::test::relativeError(solver.getLambda(), c.xStar) <= 1e-4);
  }
}

BOOST_AUTO_TEST_CASE(limits_are_reported_honestly) {
  mlcp::NncgOptions options;
  options.maxIterations = 3;
  mlcp::NncgSolver solver(options);
  solver.setProblem(stack(100.0));
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::MaxIterations);
  BOOST_TEST(report.iterations == 2);  // one iteration: a forward and a backward sweep
  BOOST_TEST(report.maxBoundViolation == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()
