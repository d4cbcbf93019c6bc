// solve() allocates nothing once the solver is set up (style.md c.4): heap allocations counted
// around the second solve of every registered solver on the same problem.

#include "allocation_counter.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

BOOST_AUTO_TEST_SUITE(Allocation)

BOOST_AUTO_TEST_CASE(second_solve_allocates_nothing) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocations cannot be counted in this build: skipped");
    return;
  }
  mlcp::RandomProblemOptions options;
  options.n = 90;
  options.seed = 3;
  const mlcp::Problem problem = mlcp::randomProblem(options);
  for (const std::string& name : mlcp::solverNames()) {
    auto solver = mlcp::makeSolver(name);
    if (solver->capabilities().requiresMatrixFree) continue;  // covered by their own tests
    solver->setProblem(problem);
    solver->solve();  // the first solve may size buffers (messages, histories)
    long allocated = 0;
    {
      const mlcp::test::AllocationCounter counter;
      solver->solve();
      allocated = counter.count();
    }
    const mlcp::SolveReport& report = solver->report();
    BOOST_TEST_INFO(name << ": " << report.status << ", " << report.message);
    BOOST_TEST(allocated == 0);
    BOOST_TEST(report.relativeResidual < 1.0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
