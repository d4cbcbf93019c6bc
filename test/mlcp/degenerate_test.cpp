// Degenerate problems (issue "Reliability"): every registered solver returns a status and a
// finite x in bounded time on each (test/common/degenerate_problems.hpp, shared with the adapters'
// test); Dantzig solves the well-posed ones exactly. The matrix-free solvers run on the cases
// assembled from bodies (J, M^-1: the 4-bar loops, the chains, the redundant contacts). On
// Siconos' hard files a solver may refuse a class it does not take (non-symmetric A).

#include "degenerate_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

BOOST_AUTO_TEST_SUITE(Degenerate)

BOOST_AUTO_TEST_CASE(every_solver_returns_a_status_and_a_finite_x) {
  int matrixFreeRuns = 0;
  for (const mlcp::test::DegenerateCase& c : mlcp::test::degenerateCases()) {
    for (const std::string& name : mlcp::solverNames()) {
      mlcp::SolverSettings settings;
      settings.maxSeconds = 5.0;
      auto solver = mlcp::makeSolver(name, settings);
      if (solver->capabilities().requiresMatrixFree) {
        if (!c.problem.matrixFree) continue;  // a bare A: no J, M^-1 to run on
        ++matrixFreeRuns;
      }
      solver->setProblem(c.problem);
      const mlcp::SolveReport& report = solver->solve();
      mlcp::test::checkDegenerateResult(c, name, *solver, report, c.refusable);
      if (name == "dantzig" && c.wellPosed) {
        BOOST_TEST_INFO(c.name << ": " << report.status << " " << report.message);
        BOOST_TEST(report.status == mlcp::Status::Converged);
        BOOST_TEST_INFO(c.name << ": residual " << report.relativeResidual);
        BOOST_TEST(report.relativeResidual <= 1e-9);
      }
    }
  }
  // pgs-matrix-free and apgd-matrix-free on the 4-bar loops, chains and redundant contacts.
  BOOST_TEST(matrixFreeRuns >= 2 * 7);
}

BOOST_AUTO_TEST_CASE(empty_problem_for_every_solver) {
  for (const std::string& name : mlcp::solverNames()) {
    auto solver = mlcp::makeSolver(name);
    if (solver->capabilities().requiresMatrixFree) continue;
    mlcp::Problem empty;
    empty.A.resize(0, 0);
    empty.b.resize(0);
    empty.lo.resize(0);
    empty.hi.resize(0);
    empty.findex.resize(0);
    solver->setProblem(empty);
    BOOST_TEST_INFO(name);
    BOOST_TEST(solver->solve().status == mlcp::Status::Converged);
  }
}

BOOST_AUTO_TEST_SUITE_END()
