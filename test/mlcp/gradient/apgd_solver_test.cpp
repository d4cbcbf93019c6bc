#include "allocation_counter.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace bdata = boost::unit_test::data;

namespace {

using mlcp::test::randomProblem;
using mlcp::test::smallProblem;

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

BOOST_AUTO_TEST_SUITE(ApgdSolver)

BOOST_AUTO_TEST_CASE(options_are_checked_with_a_message_naming_the_field) {
  mlcp::ApgdOptions options;
  BOOST_TEST(options.isValid(nullptr));
  options.backtrackFactor = 1.0;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::ApgdSolver>(options) ==
             "ApgdOptions::backtrackFactor = 1. Violated constraint: backtrackFactor > 1");
  options = {};
  options.stepGrowthFactor = 1.5;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::ApgdSolver>(options).find(
                 "ApgdOptions::stepGrowthFactor = 1.5") == 0u);
  options = {};
  options.maxBacktracks = 0;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::ApgdSolver>(options).find(
                 "ApgdOptions::maxBacktracks = 0") == 0u);
  options = {};
  options.relativeTolerance = -1.0;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::ApgdSolver>(options).find(
                 "SolverOptions::relativeTolerance = -1") == 0u);
}

BOOST_AUTO_TEST_CASE(capabilities_and_name) {
  mlcp::ApgdSolver solver;
  BOOST_TEST(solver.name() == "apgd");
  BOOST_TEST(solver.capabilities().usesInitialGuess);
  BOOST_TEST(solver.capabilities().iterative);
}

BOOST_AUTO_TEST_CASE(box_qp_reaches_the_exact_solution) {
  // Diagonal A: x_i = clamp(b_i / A_ii); with the Jacobi metric the first step is exact.
  const Eigen::Matrix3d A = Eigen::Vector3d(2, 1, 4).asDiagonal();
  const mlcp::Problem p = smallProblem(A, Eigen::Vector3d(10, -5, 2), Eigen::Vector3d(-1, -1, -1),
                                       Eigen::Vector3d(1, 1, 1));
  mlcp::ApgdOptions options;
  options.relativeTolerance = 1e-12;
  mlcp::ApgdSolver solver(options);
  solver.setProblem(p);
  const auto& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(std::abs(solver.getLambda()[0] - 1.0) < 1e-12);
  BOOST_TEST(std::abs(solver.getLambda()[1] + 1.0) < 1e-12);
  BOOST_TEST(std::abs(solver.getLambda()[2] - 0.5) < 1e-12);
}

// Coupled normal and friction rows, sliding: x_1 = mu x_0 with 2 x_0 + 0.8 mu x_0 = 1. The
// projection takes the friction bound from the candidate's own normal.
BOOST_AUTO_TEST_CASE(friction_bound_is_consistent_with_the_final_normal) {
  Eigen::Matrix2d A;
  A << 2.0, 0.8, 0.8, 1.0;
  const mlcp::Problem p = smallProblem(A, Eigen::Vector2d(1.0, 5.0), Eigen::Vector2d(0, -0.3),
                                       Eigen::Vector2d(kInf, 0.3), Eigen::Vector2i(-1, 0));
  mlcp::ApgdOptions options;
  options.relativeTolerance = 1e-12;
  mlcp::ApgdSolver solver(options);
  solver.setProblem(p);
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  const double normal = 1.0 / (2.0 + 0.8 * 0.3);
  BOOST_TEST(std::abs(solver.getLambda()[0] - normal) < 1e-10);
  BOOST_TEST(std::abs(solver.getLambda()[1] - 0.3 * normal) < 1e-10);
}

BOOST_AUTO_TEST_CASE(returns_the_best_iterate_and_records_every_step) {
  const mlcp::Problem p = randomProblem(200, 2);
  mlcp::ApgdOptions options;
  options.recordHistory = true;
  options.maxIterations = 30;  // stops early: the best iterate need not be the last
  mlcp::ApgdSolver solver(options);
  solver.setProblem(p);
  const auto& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::MaxIterations);
  BOOST_TEST(report.residualHistory.size() == 31u);
  const double best =
      *std::min_element(report.residualHistory.begin(), report.residualHistory.end());
  BOOST_TEST(std::abs(report.scaledResidual - best) <= 1e-12 * std::max(1.0, best));
  const mlcp::ApgdStatistics& s = solver.statistics();
  BOOST_TEST(report.residualHistory[s.bestIteration] == best);
  // One product per step, one for the start, one for the Lipschitz estimate, one per backtrack.
  BOOST_TEST(s.products == 30 + 2 + s.backtracks);
  BOOST_TEST(s.lipschitz > 0.0);
}

BOOST_AUTO_TEST_CASE(warm_start_from_a_solution_needs_no_step) {
  const mlcp::Problem p = randomProblem(60, 7);
  mlcp::ApgdSolver solver;
  solver.setProblem(p);
  const int cold = solver.solve().iterations;
  BOOST_TEST(solver.report().status == mlcp::Status::Converged);
  solver.setInitialGuess(solver.getLambda());
  BOOST_TEST(solver.solve().iterations == 0);
  solver.clearInitialGuess();
  BOOST_TEST(solver.solve().iterations == cold);
}

BOOST_AUTO_TEST_CASE(restart_and_preconditioning_are_options) {
  const mlcp::Problem p = randomProblem(200, 3);
  for (const bool restart : {true, false}) {
    for (const bool jacobi : {true, false}) {
      mlcp::ApgdOptions options;
      options.adaptiveRestart = restart;
      options.diagonalPreconditioning = jacobi;
      mlcp::ApgdSolver solver(options);
      solver.setProblem(p);
      const auto& report = solver.solve();
      BOOST_TEST_INFO("restart " << restart << ", jacobi " << jacobi << ": " << report.message);
      BOOST_TEST(report.status == mlcp::Status::Converged);
      BOOST_TEST(report.relativeResidual <= 1e-6);
      if (!restart) BOOST_TEST(solver.statistics().restarts == 0);
    }
  }
}

BOOST_AUTO_TEST_CASE(limits_are_reported_honestly) {
  const mlcp::Problem p = randomProblem(200, 1);
  mlcp::ApgdOptions options;
  options.maxIterations = 3;
  mlcp::ApgdSolver solver(options);
  solver.setProblem(p);
  const auto& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::MaxIterations);
  BOOST_TEST(report.iterations == 3);
  BOOST_TEST(report.relativeResidual > 1e-6);
  BOOST_TEST(report.maxBoundViolation == 0.0);
  options.maxIterations = 1000000;
  options.relativeTolerance = 0.0;
  options.maxSeconds = 1e-9;
  solver.setOptions(options);
  BOOST_TEST(solver.solve().status == mlcp::Status::TimeLimit);
  BOOST_TEST(solver.report().iterations == 1);
}

BOOST_AUTO_TEST_CASE(bad_data_is_a_status_not_a_crash) {
  mlcp::ApgdSolver solver;
  Eigen::Matrix2d negative;
  negative << 1, 0, 0, -1;
  solver.setProblem(
      smallProblem(negative, Eigen::Vector2d(1, 1), Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 1)));
  BOOST_TEST(solver.solve().status == mlcp::Status::Unsupported);
  BOOST_TEST(solver.report().message.find("A(1, 1) = -1 is negative") != std::string::npos);
  solver.setProblem(smallProblem(Eigen::Matrix2d::Identity(), Eigen::Vector2d(1, 1),
                                 Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 1),
                                 Eigen::Vector2i(1, 0)));
  BOOST_TEST(solver.solve().status == mlcp::Status::InvalidProblem);
  BOOST_TEST(solver.report().message.find("findex") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(negative_curvature_is_a_failure_naming_the_cause) {
  // Symmetric, positive diagonal, eigenvalues -1 and 3: the first step runs along (1, -1).
  Eigen::Matrix2d indefinite;
  indefinite << 1, 2, 2, 1;
  mlcp::ApgdSolver solver;
  solver.setProblem(smallProblem(indefinite, Eigen::Vector2d(1, -1), Eigen::Vector2d(-10, -10),
                                 Eigen::Vector2d(10, 10)));
  const auto& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::NumericalFailure);
  BOOST_TEST(report.message.find("not positive semi-definite") != std::string::npos);
  BOOST_TEST(solver.getLambda().allFinite());
}

BOOST_AUTO_TEST_CASE(rows_that_cannot_move_stop_the_iteration_with_a_reason) {
  // Row 0 has A_00 = 0 (a zero row) and w_0 = -1 whatever x: only x_0 = inf would meet it. The
  // problem has no finite solution, and APGD says so before iterating.
  Eigen::Matrix2d A;
  A << 0, 0, 0, 1;
  const Eigen::Vector2d infinite =
      Eigen::Vector2d::Constant(std::numeric_limits<double>::infinity());
  mlcp::ApgdSolver solver;
  solver.setProblem(smallProblem(A, Eigen::Vector2d(1, 1), Eigen::Vector2d(0, 0), infinite));
  const auto& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Unbounded);
  BOOST_TEST(report.message.find("row 0 of A is zero") != std::string::npos);
  BOOST_TEST(report.iterations == 0);
  BOOST_TEST(solver.getLambda().allFinite());
  // A_00 = 1e-15, small against other rows but the whole of its own: a row that moves (the
  // degenerate test is relative to the row itself), so the solution x_0 = 1e15 is found.
  A(0, 0) = 1e-15;
  solver.setProblem(smallProblem(A, Eigen::Vector2d(1, 1), Eigen::Vector2d(0, 0), infinite));
  const auto& tiny = solver.solve();
  BOOST_TEST_INFO(tiny.message);
  BOOST_TEST(tiny.status == mlcp::Status::Converged);
  BOOST_TEST(tiny.scaledResidual <= solver.options().relativeTolerance);
  BOOST_TEST(std::abs(solver.getLambda()[0] - 1e15) <= 1e9);
}

// The ODE-style random problems: iterations to relative residual 1e-6 with the default
// options, pinned (+-10% + 2) so that a regression shows.
BOOST_DATA_TEST_CASE(random_ode_style_problems_pinned_iterations,
                     bdata::make({12, 60, 200, 600}) ^ bdata::make({27, 37, 49, 48}),
                     n,
                     pinned) {
  mlcp::ApgdSolver solver;
  solver.setProblem(randomProblem(n, 1));
  const auto& report = solver.solve();
  BOOST_TEST_INFO("n = " << n << ": " << report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.relativeResidual <= 1e-6);
  BOOST_TEST(std::abs(report.iterations - pinned) <= 2 + pinned / 10);
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
  mlcp::ApgdOptions options;
  options.recordHistory = true;
  mlcp::ApgdSolver solver(options);
  const mlcp::Problem p = randomProblem(120, 5);
  solver.setProblem(p);
  solver.setInitialGuess(Eigen::VectorXd::Constant(p.size(), 0.1));
  solver.solve();
  long allocations = 0;
  {
    mlcp::test::AllocationCounter counter;
    solver.solve();
    allocations = counter.count();
  }
  BOOST_TEST(solver.report().status == mlcp::Status::Converged);
  BOOST_TEST(allocations == 0);
}

BOOST_AUTO_TEST_SUITE_END()
