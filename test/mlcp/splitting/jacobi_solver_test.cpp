// JacobiSolver: bitwise the same answer for every thread count (point and blocked), the second
// solve allocating nothing with threads, the automatic damping, options.

#include "allocation_counter.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <memory>
#include <stdexcept>

namespace {

/// Box stacks of 1632 rows (enough for 3 threads of 512 rows) in the given form.
mlcp::Problem stacks(mlcp::MatrixForm form) {
  mlcp::Problem p = mlcp::test::sceneProblem("columns", {"nx=17", "ny=4", "layers=2", "shape=box"});
  if (form == mlcp::MatrixForm::Dense) p.A = p.A.toDense();
  if (form == mlcp::MatrixForm::Sparse) p.A = p.A.toSparse();
  return p;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(JacobiSolver)

BOOST_AUTO_TEST_CASE(options_are_checked_with_a_message_naming_the_field) {
  mlcp::JacobiOptions options;
  BOOST_TEST(options.isValid(nullptr));
  options.relaxation = 1.5;
  std::string why;
  BOOST_TEST(!options.isValid(&why));
  BOOST_TEST(why.find("JacobiOptions::relaxation") != std::string::npos);
  BOOST_CHECK_THROW(mlcp::JacobiSolver{options}, std::invalid_argument);
  options.relaxation = 0.0;
  options.blocks = true;
  BOOST_TEST(mlcp::JacobiSolver(options).name() == "blocked-jacobi");
}

BOOST_AUTO_TEST_CASE(bitwise_the_same_answer_for_every_thread_count) {
  for (const mlcp::MatrixForm form :
       {mlcp::MatrixForm::Dense, mlcp::MatrixForm::Sparse, mlcp::MatrixForm::Factors}) {
    const mlcp::Problem problem = stacks(form);
    for (const bool blocks : {false, true}) {
      Eigen::VectorXd reference;
      int referenceIterations = -1;
      for (const int threads : {1, 2, 3}) {
        mlcp::JacobiOptions options;
        options.blocks = blocks;
        options.threads = threads;
        options.maxIterations = 40;
        options.recordHistory = true;
        mlcp::JacobiSolver solver(options);
        solver.setProblem(problem);
        const mlcp::SolveReport& report = solver.solve();
        BOOST_TEST_CONTEXT(toString(form) << (blocks ? " blocked" : " point") << ", " << threads
                                          << " threads: " << report.message) {
          BOOST_TEST(solver.statistics().threads == threads);
          BOOST_TEST(report.residualHistory.size() > 1u);
          if (referenceIterations < 0) {
            reference = solver.getLambda();
            referenceIterations = report.iterations;
          } else {
            BOOST_TEST(report.iterations == referenceIterations);
            BOOST_TEST((solver.getLambda().array() == reference.array()).all());
          }
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(second_solve_on_threads_allocates_nothing) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocations cannot be counted in this build: skipped");
    return;
  }
  for (const bool blocks : {false, true}) {
    mlcp::JacobiOptions options;
    options.blocks = blocks;
    options.threads = 2;
    options.maxIterations = 50;
    mlcp::JacobiSolver solver(options);
    solver.setProblem(stacks(mlcp::MatrixForm::Factors));
    solver.solve();
    const mlcp::test::AllocationCounter counter;
    solver.solve();
    BOOST_TEST(counter.count() == 0);
    BOOST_TEST(solver.statistics().threads == 2);
  }
}

BOOST_AUTO_TEST_CASE(automatic_damping_converges_on_a_contact_problem) {
  const mlcp::Problem problem =
      mlcp::test::sceneProblem("columns", {"nx=2", "ny=1", "layers=2", "shape=sphere"});
  for (const char* name : {"jacobi", "blocked-jacobi"}) {
    auto solver = mlcp::makeSolver(name);
    solver->setProblem(problem);
    const mlcp::SolveReport& report = solver->solve();
    BOOST_TEST_INFO(name << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
  }
  mlcp::JacobiSolver solver;
  solver.setProblem(problem);
  solver.solve();
  BOOST_TEST(solver.statistics().relaxation > 0.0);
  BOOST_TEST(solver.statistics().relaxation <= 1.0);
}

BOOST_AUTO_TEST_SUITE_END()
