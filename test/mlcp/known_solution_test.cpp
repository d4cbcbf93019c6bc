// Every registered built-in solver on the generated problems with a known solution x*
// (test/common/known_solution_problems.hpp: standard, boxed, friction with sticking, sliding and
// unloaded contacts, a 1:1000 mass ratio, ill-conditioned and near-singular A), each also scaled
// by 1e-6 and 1e6 and with rows scaled by 1e4 and 1e8: a solver that reports Converged has x
// within 1e-6 (pivoting) or 1e-2 (iterative, DART's figure) of x*, relative to ||x*||, and a
// scaled residual at most its tolerance; otherwise its status says it did not converge.

#include "known_solution_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <map>
#include <string>

namespace {

/// x within this of x*, relative to ||x*||, for a Converged answer.
double allowedError(const mlcp::MixedLCP& solver) {
  return solver.capabilities().iterative ? 1e-2 : 1e-6;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(KnownSolution)

BOOST_AUTO_TEST_CASE(fixtures_hold_their_solution) {
  for (const mlcp::test::KnownSolutionCase& c : mlcp::test::knownSolutionCases()) {
    const mlcp::Residuals r = mlcp::computeResiduals(c.problem, c.xStar);
    BOOST_TEST_INFO(c.name);
    BOOST_TEST(r.scaled <= 1e-12);
  }
}

BOOST_AUTO_TEST_CASE(converged_answers_are_the_solution) {
  std::map<std::string, int> converged;
  for (const mlcp::test::KnownSolutionCase& c : mlcp::test::knownSolutionCases()) {
    int solvedBy = 0;
    for (const std::string& name : mlcp::solverNames()) {
      auto solver = mlcp::makeSolver(name);
      solver->setProblem(c.problem);
      const mlcp::SolveReport& report = solver->solve();
      BOOST_TEST_INFO(name << " on " << c.name << ": " << report.status << ", " << report.message);
      BOOST_TEST(report.status != mlcp::Status::InvalidProblem);
      BOOST_TEST(solver->getLambda().allFinite());
      if (report.status != mlcp::Status::Converged) continue;
      ++solvedBy;
      ++converged[name];
      const double error = mlcp::test::relativeError(solver->getLambda(), c.xStar);
      BOOST_TEST(error <= allowedError(*solver));
      BOOST_TEST(report.scaledResidual <= solver->commonOptions().relativeTolerance);
    }
    BOOST_TEST_INFO(c.name);
    BOOST_TEST(solvedBy > 0);
  }
  for (const auto& [name, count] : converged)
    BOOST_TEST_MESSAGE(name << ": converged on " << count << " of "
                            << mlcp::test::knownSolutionCases().size());
}

BOOST_AUTO_TEST_SUITE_END()
