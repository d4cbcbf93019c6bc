// Degenerate problems (issue "Reliability"): every registered solver returns a status and a
// finite x in bounded time on each, with A in every form (dense, sparse, and the factors J, M^-1
// of the cases assembled from bodies: the 4-bar loops, the chains, the redundant contacts)
// (test/common/degenerate_problems.hpp, shared with the adapters' test); Dantzig solves the
// well-posed ones exactly. On Siconos' hard files a solver may refuse a class it does not take
// (non-symmetric A).

#include "degenerate_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

BOOST_AUTO_TEST_SUITE(Degenerate)

BOOST_AUTO_TEST_CASE(every_solver_returns_a_status_and_a_finite_x) {
  int factorRuns = 0;
  for (const mlcp::test::DegenerateCase& c : mlcp::test::degenerateCases()) {
    for (const auto& [form, problem] : mlcp::test::everyForm(c.problem)) {
      for (const std::string& name : mlcp::solverNames()) {
        mlcp::SolverSettings settings;
        settings.maxSeconds = 5.0;
        auto solver = mlcp::makeSolver(name, settings);
        solver->setProblem(problem);
        const mlcp::SolveReport& report = solver->solve();
        BOOST_TEST_CONTEXT(form << " A") {
          // bpp refuses, as its capabilities say, a problem without a low-rank form
          const bool mayRefuse = c.refusable || solver->capabilities().requiresLowRankForm;
          mlcp::test::checkDegenerateResult(c, name, *solver, report, mayRefuse);
        }
        factorRuns += problem.A.form() == mlcp::MatrixForm::Factors ? 1 : 0;
        if (name == "dantzig" && c.wellPosed) {
          BOOST_TEST_INFO(c.name << " (" << form << "): " << report.status << " "
                                 << report.message);
          BOOST_TEST(report.status == mlcp::Status::Converged);
          BOOST_TEST_INFO(c.name << " (" << form << "): residual " << report.relativeResidual);
          BOOST_TEST(report.relativeResidual <= 1e-9);
        }
      }
    }
  }
  // Every solver on the factors of the 4-bar loops, chains and redundant contacts.
  BOOST_TEST(factorRuns >= static_cast<int>(mlcp::solverNames().size()) * 7);
}

// The singular-degenerate family (zero rows of A, test/common/degenerate_problems.hpp): PGS and
// APGD return the unique solution as Converged, in every form of A, or, when a zero row has no
// finite answer, say so naming the row.
BOOST_AUTO_TEST_CASE(pgs_and_apgd_solve_zero_rows_or_name_the_row) {
  int cases = 0;
  for (const mlcp::test::DegenerateCase& c : mlcp::test::degenerateCases()) {
    if (!c.zeroRows) continue;
    ++cases;
    for (const auto& [form, problem] : mlcp::test::everyForm(c.problem)) {
      for (const char* name : {"pgs", "apgd"}) {
        auto solver = mlcp::makeSolver(name);
        solver->setProblem(problem);
        const mlcp::SolveReport& report = solver->solve();
        BOOST_TEST_CONTEXT(c.name << ", " << form << " A, " << name << ": " << report.status << " "
                                  << report.message) {
          if (c.noFiniteSolution) {
            BOOST_TEST(report.status == mlcp::Status::Unbounded);
            BOOST_TEST(report.message.find(fmt::format("row {} of A is zero", c.zeroRow)) !=
                       std::string::npos);
            BOOST_TEST(report.iterations == 0);  // known before the first sweep
            continue;
          }
          BOOST_REQUIRE(c.solution.has_value());
          BOOST_TEST(report.status == mlcp::Status::Converged);
          BOOST_TEST(report.scaledResidual <= 1e-6);
          const Eigen::VectorXd error = solver->getLambda() - *c.solution;
          BOOST_TEST(error.lpNorm<Eigen::Infinity>() <=
                     1e-5 * c.solution->lpNorm<Eigen::Infinity>());
        }
      }
    }
  }
  BOOST_TEST(cases == 7);
}

BOOST_AUTO_TEST_CASE(empty_problem_for_every_solver) {
  for (const std::string& name : mlcp::solverNames()) {
    auto solver = mlcp::makeSolver(name);
    mlcp::Problem empty;
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
