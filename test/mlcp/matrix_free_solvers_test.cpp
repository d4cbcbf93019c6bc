#include "allocation_counter.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <memory>
#include <string>

namespace bdata = boost::unit_test::data;

namespace {

std::shared_ptr<const mlcp::MatrixFreeProblem> stacks(double ratio = 1.0) {
  mlcp::BoxStackOptions options;
  options.columnsX = 2;
  options.columnsY = 1;
  options.layers = 3;
  options.topMassRatio = ratio;
  return std::make_shared<const mlcp::MatrixFreeProblem>(mlcp::boxStacks(options));
}

std::shared_ptr<const mlcp::MatrixFreeProblem> chain() {
  mlcp::BoxChainOptions options;
  options.links = 6;
  return std::make_shared<const mlcp::MatrixFreeProblem>(mlcp::boxChain(options));
}

double relativeDifference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1e-300, b.cwiseAbs().maxCoeff());
}

/// Runs `dense` on the assembled problem and `matrixFree` on the factors for `iterations`
/// steps (no tolerance), from the same start, and compares x and the history.
void expectSameIterates(mlcp::MixedLCP& dense,
                        mlcp::MixedLCP& matrixFree,
                        const std::shared_ptr<const mlcp::MatrixFreeProblem>& factors,
                        double tolerance) {
  const mlcp::Problem problem = mlcp::toProblem(factors);
  dense.setProblem(problem);
  matrixFree.setProblem(problem);
  const Eigen::VectorXd start = Eigen::VectorXd::Constant(problem.size(), 0.01);
  dense.setInitialGuess(start);
  matrixFree.setInitialGuess(start);
  const auto& d = dense.solve();
  const auto& m = matrixFree.solve();
  BOOST_TEST(d.status == m.status);
  BOOST_TEST(d.iterations == m.iterations);
  BOOST_TEST(relativeDifference(matrixFree.getLambda(), dense.getLambda()) <= tolerance);
  BOOST_TEST(relativeDifference(matrixFree.ref_w(), dense.ref_w()) <= 1e3 * tolerance);
  BOOST_TEST(d.residualHistory.size() == m.residualHistory.size());
  for (size_t k = 0; k < std::min(d.residualHistory.size(), m.residualHistory.size()); ++k)
    BOOST_TEST(std::abs(d.residualHistory[k] - m.residualHistory[k]) <=
               1e3 * tolerance * std::max(1e-6, d.residualHistory[k]));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(MatrixFreeSolvers)

BOOST_AUTO_TEST_CASE(operator_product_matches_the_assembled_matrix) {
  const auto factors = stacks(10.0);
  const mlcp::Problem dense = factors->toDense();
  mlcp::MatrixFreePgsSolver solver;
  solver.setMatrixFree(*factors);
  Eigen::VectorXd x(factors->size());
  for (int i = 0; i < x.size(); ++i) x[i] = std::sin(1.0 + i);
  solver.setInitialGuess(x);
  mlcp::PgsOptions options;
  options.maxIterations = 1;
  options.relativeTolerance = 0.0;
  solver.setOptions(options);
  solver.solve();  // w of the returned x comes from the matrix-free product
  const Eigen::VectorXd expected = dense.A * solver.getLambda() - dense.b;
  BOOST_TEST((solver.ref_w() - expected).cwiseAbs().maxCoeff() <= 1e-12);
}

BOOST_DATA_TEST_CASE(pgs_back_ends_give_the_same_iterates,
                     bdata::make({1, 5, 60}) * bdata::make({1.0, 1.3}),
                     sweeps,
                     omega) {
  mlcp::PgsOptions options;
  options.maxIterations = sweeps;
  options.relaxation = omega;
  options.relativeTolerance = 0.0;
  options.recordHistory = true;
  for (const auto& factors : {stacks(100.0), chain()}) {
    mlcp::PgsSolver dense(options);
    mlcp::MatrixFreePgsSolver matrixFree(options);
    expectSameIterates(dense, matrixFree, factors, 1e-11);
  }
}

BOOST_DATA_TEST_CASE(apgd_back_ends_give_the_same_iterates, bdata::make({1, 5, 60}), steps) {
  mlcp::ApgdOptions options;
  options.maxIterations = steps;
  options.relativeTolerance = 0.0;
  options.recordHistory = true;
  for (const auto& factors : {stacks(100.0), chain()}) {
    mlcp::ApgdSolver dense(options);
    mlcp::MatrixFreeApgdSolver matrixFree(options);
    expectSameIterates(dense, matrixFree, factors, 1e-9);
    BOOST_TEST(dense.statistics().restarts == matrixFree.statistics().restarts);
    BOOST_TEST(dense.statistics().backtracks == matrixFree.statistics().backtracks);
  }
}

BOOST_AUTO_TEST_CASE(factory_and_set_problem_take_the_factors) {
  const auto factors = stacks();
  // No dense A at all: the matrix-free solvers run, the dense ones report what is missing.
  const mlcp::Problem problem = mlcp::toProblem(factors, false);
  BOOST_TEST(problem.A.size() == 0);
  for (const char* name : {"pgs-matrix-free", "apgd-matrix-free"}) {
    auto solver = mlcp::makeSolver(name);
    solver->setProblem(problem);
    const auto& report = solver->solve();
    BOOST_TEST_INFO(name << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(report.relativeResidual <= 1e-6);
    BOOST_TEST(mlcp::computeResiduals(factors->toDense(), solver->getLambda()).relative <= 1e-6);
  }
  auto dense = mlcp::makeSolver("pgs");
  dense->setProblem(problem);
  BOOST_TEST(dense->solve().status == mlcp::Status::InvalidProblem);
  // Factory settings reach the options (relaxation is omega).
  mlcp::SolverSettings settings;
  settings.relaxation = 1.7;
  settings.maxIterations = 12;
  auto pgs = mlcp::makeSolver("pgs-matrix-free", settings);
  const auto& options = dynamic_cast<const mlcp::MatrixFreePgsSolver&>(*pgs).options();
  BOOST_TEST(options.relaxation == 1.7);
  BOOST_TEST(options.maxIterations == 12);
}

BOOST_AUTO_TEST_CASE(without_factors_the_status_says_what_is_missing) {
  const mlcp::Problem dense = stacks()->toDense();  // A only, no matrixFree
  mlcp::MatrixFreePgsSolver pgs;
  mlcp::MatrixFreeApgdSolver apgd;
  for (mlcp::MixedLCP* solver :
       {static_cast<mlcp::MixedLCP*>(&pgs), static_cast<mlcp::MixedLCP*>(&apgd)}) {
    solver->setProblem(dense);
    const auto& report = solver->solve();
    BOOST_TEST(report.status == mlcp::Status::InvalidProblem);
    BOOST_TEST(report.message.find("needs the factors J, M^-1 and cfm") != std::string::npos);
    BOOST_TEST(solver->getLambda().isZero());
  }
  // setMatrix() after setMatrixFree() replaces the factors by a dense A: rejected as well.
  pgs.setMatrixFree(*stacks());
  BOOST_TEST(pgs.solve().status == mlcp::Status::Converged);
  pgs.setMatrix(dense.A);
  BOOST_TEST(pgs.solve().status == mlcp::Status::InvalidProblem);
}

BOOST_AUTO_TEST_CASE(bad_factors_are_a_status_not_a_crash) {
  mlcp::MatrixFreeProblem bad = *stacks();
  bad.bodies(4, 0) = 99;
  mlcp::MatrixFreePgsSolver pgs;
  pgs.setMatrixFree(bad);
  BOOST_TEST(pgs.solve().status == mlcp::Status::InvalidProblem);
  BOOST_TEST(pgs.report().message.find("row 4: body1 = 99") != std::string::npos);
  bad = *stacks();
  bad.J(2, 3) = std::numeric_limits<double>::quiet_NaN();
  mlcp::MatrixFreeApgdSolver apgd;
  apgd.setMatrixFree(bad);
  BOOST_TEST(apgd.solve().status == mlcp::Status::InvalidProblem);
  BOOST_TEST(apgd.report().message == "J row 2 is not finite");
  bad = *stacks();
  bad.cfm.resize(3);
  apgd.setMatrixFree(bad);
  BOOST_TEST(apgd.solve().status == mlcp::Status::InvalidProblem);
  BOOST_TEST(apgd.report().message.find("cfm has 3 entries") != std::string::npos);
  BOOST_CHECK_THROW(apgd.setMatrixFree(std::shared_ptr<const mlcp::MatrixFreeProblem>()),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(second_solve_allocates_nothing) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocation counting unavailable in this build (sanitizer or libc)");
    return;
  }
  {
    mlcp::test::AllocationCounter probe;
    auto* leak = new Eigen::VectorXd(100);
    delete leak;
    BOOST_TEST(probe.count() >= 1);
  }
  mlcp::PgsOptions pgsOptions;
  pgsOptions.recordHistory = true;
  pgsOptions.randomizeOrder = true;
  mlcp::ApgdOptions apgdOptions;
  apgdOptions.recordHistory = true;
  mlcp::MatrixFreePgsSolver pgs(pgsOptions);
  mlcp::MatrixFreeApgdSolver apgd(apgdOptions);
  for (mlcp::MixedLCP* solver :
       {static_cast<mlcp::MixedLCP*>(&pgs), static_cast<mlcp::MixedLCP*>(&apgd)}) {
    solver->setProblem(mlcp::toProblem(chain(), false));
    solver->solve();
    long allocations = 0;
    {
      mlcp::test::AllocationCounter counter;
      solver->solve();
      allocations = counter.count();
    }
    BOOST_TEST_INFO(solver->name());
    BOOST_TEST(solver->report().status == mlcp::Status::Converged);
    BOOST_TEST(allocations == 0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
