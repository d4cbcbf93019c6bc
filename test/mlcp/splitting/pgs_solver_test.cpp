#include "allocation_counter.hpp"
#include "degenerate_problems.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

namespace bdata = boost::unit_test::data;

namespace {

using mlcp::test::randomProblem;
using mlcp::test::smallProblem;

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

BOOST_AUTO_TEST_SUITE(PgsSolver)

BOOST_AUTO_TEST_CASE(options_are_checked_with_a_message_naming_the_field) {
  mlcp::PgsOptions options;
  BOOST_TEST(options.isValid(nullptr));
  BOOST_TEST(options.relaxation == 1.3);  // ODE quickstep's default, documented
  options.relaxation = 2.5;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::PgsSolver>(options) ==
             "PgsOptions::relaxation = 2.5. Violated constraint: 0 < relaxation < 2");
  options = {};
  options.residualInterval = 0;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::PgsSolver>(options).find(
                 "PgsOptions::residualInterval = 0") == 0u);
  options = {};
  options.maxIterations = 0;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::PgsSolver>(options).find(
                 "SolverOptions::maxIterations = 0") == 0u);
  options = {};
  options.deltaXTolerance = -1.0;
  BOOST_TEST(mlcp::test::invalidWhy<mlcp::PgsSolver>(options).find("PgsOptions::deltaXTolerance") ==
             0u);
  mlcp::PgsSolver solver;
  options.deltaXTolerance = 0.0;
  options.relaxation = 0.0;
  BOOST_CHECK_THROW(solver.setOptions(options), std::invalid_argument);
  BOOST_TEST(solver.options().relaxation == 1.3);  // a rejected set leaves the options as they were
}

BOOST_AUTO_TEST_CASE(capabilities_and_name) {
  mlcp::PgsSolver solver;
  BOOST_TEST(solver.name() == "pgs");
  BOOST_TEST(solver.capabilities().usesInitialGuess);
  BOOST_TEST(solver.capabilities().iterative);
  BOOST_TEST(!solver.capabilities().requiresSymmetricA);
}

BOOST_AUTO_TEST_CASE(diagonal_problem_is_solved_in_one_sweep_without_relaxation) {
  // x_i = clamp(b_i / A_ii): row 0 at hi, row 1 at lo, row 2 interior.
  const Eigen::Matrix3d A = Eigen::Vector3d(2, 1, 4).asDiagonal();
  const mlcp::Problem p = smallProblem(A, Eigen::Vector3d(10, -5, 2), Eigen::Vector3d(-1, -1, -1),
                                       Eigen::Vector3d(1, 1, 1));
  mlcp::PgsOptions options;
  options.relaxation = 1.0;
  mlcp::PgsSolver solver(options);
  solver.setProblem(p);
  const auto& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.iterations == 1);
  BOOST_TEST(solver.getLambda()[0] == 1.0);
  BOOST_TEST(solver.getLambda()[1] == -1.0);
  BOOST_TEST(solver.getLambda()[2] == 0.5);
  BOOST_TEST(report.relativeResidual == 0.0);
}

// One contact, A = I: normal x_0 = b_0 = 2, friction |x_1| <= mu x_0 = 1.
BOOST_AUTO_TEST_CASE(friction_row_sticks_or_slides_with_bounds_from_the_normal) {
  const Eigen::Matrix2d A = Eigen::Matrix2d::Identity();
  const Eigen::Vector2i findex(-1, 0);
  mlcp::PgsSolver solver;
  solver.setProblem(smallProblem(A, Eigen::Vector2d(2, 0.4), Eigen::Vector2d(0, -0.5),
                                 Eigen::Vector2d(kInf, 0.5), findex));
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(std::abs(solver.getLambda()[1] - 0.4) < 1e-6);
  solver.setProblem(smallProblem(A, Eigen::Vector2d(2, 3), Eigen::Vector2d(0, -0.5),
                                 Eigen::Vector2d(kInf, 0.5), findex));
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(std::abs(solver.getLambda()[1] - 1.0) < 1e-6);
  BOOST_TEST(solver.ref_w()[1] < 0.0);
}

// Coupled normal and friction rows: the friction bound must follow the final normal force,
// which the friction row itself changes (bounds read at every row visit).
BOOST_AUTO_TEST_CASE(friction_bound_is_consistent_with_the_final_normal) {
  Eigen::Matrix2d A;
  A << 2.0, 0.8, 0.8, 1.0;
  const mlcp::Problem p = smallProblem(A, Eigen::Vector2d(1.0, 5.0), Eigen::Vector2d(0, -0.3),
                                       Eigen::Vector2d(kInf, 0.3), Eigen::Vector2i(-1, 0));
  mlcp::PgsOptions options;
  options.relativeTolerance = 1e-12;
  mlcp::PgsSolver solver(options);
  solver.setProblem(p);
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  const Eigen::VectorXd& x = solver.getLambda();
  // Sliding: x_1 = mu x_0 with 2 x_0 + 0.8 mu x_0 = 1.
  const double normal = 1.0 / (2.0 + 0.8 * 0.3);
  BOOST_TEST(std::abs(x[0] - normal) < 1e-10);
  BOOST_TEST(std::abs(x[1] - 0.3 * normal) < 1e-10);
}

BOOST_AUTO_TEST_CASE(warm_start_from_a_solution_needs_no_sweep) {
  const mlcp::Problem p = randomProblem(60, 7);
  mlcp::PgsOptions options;
  options.relativeTolerance = 1e-9;
  mlcp::PgsSolver solver(options);
  solver.setProblem(p);
  const int cold = solver.solve().iterations;
  const Eigen::VectorXd solution = solver.getLambda();
  solver.setInitialGuess(solution);
  BOOST_TEST(solver.solve().iterations == 0);
  // A nearby start needs fewer sweeps than x = 0.
  solver.setInitialGuess(solution + Eigen::VectorXd::Constant(p.size(), 1e-4));
  const auto& warm = solver.solve();
  BOOST_TEST(warm.status == mlcp::Status::Converged);
  BOOST_TEST(warm.iterations < cold);
  solver.clearInitialGuess();
  BOOST_TEST(solver.solve().iterations == cold);
}

BOOST_AUTO_TEST_CASE(shuffled_order_is_deterministic_for_a_seed) {
  const mlcp::Problem p = randomProblem(100, 3);
  mlcp::PgsOptions options;
  options.randomizeOrder = true;
  options.maxIterations = 7;
  options.relativeTolerance = 0.0;
  mlcp::PgsSolver first(options);
  mlcp::PgsSolver second(options);
  first.setProblem(p);
  second.setProblem(p);
  first.solve();
  const Eigen::VectorXd x1 = first.getLambda();
  second.solve();
  BOOST_TEST((second.getLambda() - x1).cwiseAbs().maxCoeff() == 0.0);
  first.solve();  // the generator restarts from the seed at each solve
  BOOST_TEST((first.getLambda() - x1).cwiseAbs().maxCoeff() == 0.0);
  options.seed = 2;
  second.setOptions(options);
  second.solve();
  BOOST_TEST((second.getLambda() - x1).cwiseAbs().maxCoeff() > 0.0);
  // Shuffled sweeps still converge.
  options.maxIterations = 10000;
  options.relativeTolerance = 1e-6;
  second.setOptions(options);
  BOOST_TEST(second.solve().status == mlcp::Status::Converged);
}

BOOST_AUTO_TEST_CASE(history_holds_the_spec_residual_of_every_sweep) {
  const mlcp::Problem p = randomProblem(60, 2);
  mlcp::PgsOptions options;
  options.recordHistory = true;
  mlcp::PgsSolver solver(options);
  solver.setProblem(p);
  const auto& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.residualHistory.size() == static_cast<size_t>(report.iterations) + 1);
  // Entry 0 is x = 0: the scaled residual of the start.
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(p.size());
  BOOST_TEST(std::abs(report.residualHistory.front() - mlcp::computeResiduals(p, zero).scaled) <
             1e-14);
  BOOST_TEST(std::abs(report.residualHistory.back() - report.scaledResidual) < 1e-12);
  BOOST_TEST(report.residualHistory.back() <= 1e-6);
  BOOST_TEST(report.residualHistory[report.residualHistory.size() - 2] > 1e-6);
}

BOOST_AUTO_TEST_CASE(residual_interval_tests_every_kth_sweep) {
  const mlcp::Problem p = randomProblem(60, 2);
  mlcp::PgsOptions options;
  options.residualInterval = 10;
  mlcp::PgsSolver solver(options);
  solver.setProblem(p);
  const auto& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.iterations % 10 == 0);
}

BOOST_AUTO_TEST_CASE(limits_are_reported_honestly) {
  const mlcp::Problem p = randomProblem(200, 1);
  mlcp::PgsOptions options;
  options.maxIterations = 3;
  mlcp::PgsSolver solver(options);
  solver.setProblem(p);
  const auto& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::MaxIterations);
  BOOST_TEST(report.iterations == 3);
  BOOST_TEST(report.relativeResidual > 1e-6);
  BOOST_TEST(report.maxBoundViolation == 0.0);  // x stays within its bounds
  BOOST_TEST(report.message.find("sweep limit 3") != std::string::npos);

  options.maxIterations = 1000000;
  options.relativeTolerance = 0.0;
  options.maxSeconds = 1e-9;
  solver.setOptions(options);
  BOOST_TEST(solver.solve().status == mlcp::Status::TimeLimit);
  BOOST_TEST(solver.report().iterations == 1);

  options.maxSeconds = 0.0;
  options.deltaXTolerance = 0.5;  // a loose change test stops long before the residual does
  solver.setOptions(options);
  BOOST_TEST(solver.solve().status == mlcp::Status::Inaccurate);
  BOOST_TEST(solver.report().relativeResidual > 0.0);
}

BOOST_AUTO_TEST_CASE(presets) {
  // ODE quickstep's real-time setting: a fixed 20 sweeps, reported as the limit it is.
  mlcp::PgsSolver realTime(mlcp::PgsOptions::realTime());
  realTime.setProblem(randomProblem(60, 1));
  const auto& report = realTime.solve();
  BOOST_TEST(report.status == mlcp::Status::MaxIterations);
  BOOST_TEST(report.iterations == 20);
  BOOST_TEST(realTime.options().relaxation == 1.3);
  mlcp::PgsSolver accurate(mlcp::PgsOptions::accurate());
  accurate.setProblem(randomProblem(60, 1));
  BOOST_TEST(accurate.solve().status == mlcp::Status::Converged);
  BOOST_TEST(accurate.report().relativeResidual <= 1e-10);
}

BOOST_AUTO_TEST_CASE(bad_data_is_a_status_not_a_crash) {
  mlcp::PgsSolver solver;
  solver.setProblem(smallProblem(Eigen::Matrix2d::Identity(), Eigen::Vector2d(1, 1),
                                 Eigen::Vector2d(1, 0), Eigen::Vector2d(0, 1)));
  BOOST_TEST(solver.solve().status == mlcp::Status::InvalidProblem);
  BOOST_TEST(solver.report().message.find("lo[0]") != std::string::npos);
  Eigen::Matrix2d negative;
  negative << 1, 0, 0, -1;
  solver.setProblem(
      smallProblem(negative, Eigen::Vector2d(1, 1), Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 1)));
  BOOST_TEST(solver.solve().status == mlcp::Status::Unsupported);
  BOOST_TEST(solver.report().message.find("A(1, 1) = -1 is negative") != std::string::npos);
  // A zero row (A_ii = 0) cannot move: it keeps its start, nothing turns into NaN.
  Eigen::Matrix2d zeroRow;
  zeroRow << 1, 0, 0, 0;
  solver.setProblem(smallProblem(zeroRow, Eigen::Vector2d(1, 0), Eigen::Vector2d(0, 0),
                                 Eigen::Vector2d(kInf, 1)));
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(solver.getLambda().allFinite());
}

// The ODE-style random problems (dTestSolveLCP recipe with contacts): sweeps to relative
// residual 1e-6 with the default options, pinned (+-10% + 2) so that a regression shows.
BOOST_DATA_TEST_CASE(random_ode_style_problems_pinned_sweeps,
                     bdata::make({12, 60, 200, 600}) ^ bdata::make({16, 19, 25, 28}),
                     n,
                     pinned) {
  mlcp::PgsSolver solver;
  solver.setProblem(randomProblem(n, 1));
  const auto& report = solver.solve();
  BOOST_TEST_INFO("n = " << n << ": " << report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.relativeResidual <= 1e-6);
  BOOST_TEST(std::abs(report.iterations - pinned) <= 2 + pinned / 10);
}

// Contact problems have A sparse in blocks; the sweep then updates A x only over the nonzero
// runs of a dense column, the stored entries of a sparse one, or fc on the factors. Checked, in
// every form of A, against projected SOR written out here with full dot products, on box stacks
// (block-sparse) and on a random problem with scattered zeros.
BOOST_AUTO_TEST_CASE(sparse_columns_give_the_plain_sweeps) {
  mlcp::Problem scattered = randomProblem(90, 7);
  Eigen::MatrixXd A = scattered.A.dense();
  for (int j = 0; j < scattered.size(); ++j)
    for (int i = j + 1; i < scattered.size(); ++i)
      if ((i * 7 + j * 3) % 5 != 0) A(i, j) = A(j, i) = 0.0;
  scattered.A = A;
  const mlcp::Problem stacked = mlcp::test::sceneProblem("columns", {"nx=5", "ny=2", "layers=3"});
  for (const mlcp::Problem* base :
       std::initializer_list<const mlcp::Problem*>{&stacked, &scattered}) {
    // The plain projected SOR sweeps on the dense A, ODE's order: rows with findex < 0 first.
    const mlcp::Problem& p = *base;
    const Eigen::MatrixXd dense = p.A.toDense();
    const int n = p.size();
    constexpr int kSweeps = 30;
    mlcp::PgsOptions options;
    options.maxIterations = kSweeps;
    options.relativeTolerance = 0.0;
    Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
    for (int sweep = 0; sweep < kSweeps; ++sweep) {
      for (const bool frictionPass : {false, true}) {
        for (int i = 0; i < n; ++i) {
          if ((p.findex[i] >= 0) != frictionPass) continue;
          const double u = p.findex[i] >= 0 ? std::abs(p.hi[i] * x[p.findex[i]]) : p.hi[i];
          const double l = p.findex[i] >= 0 ? -u : p.lo[i];
          const double w = dense.row(i).dot(x) - p.b[i];
          x[i] = std::clamp(x[i] - options.relaxation * w / dense(i, i), l, u);
        }
      }
    }
    for (const auto& [form, inForm] : mlcp::test::everyForm(p)) {
      mlcp::PgsSolver solver(options);
      solver.setProblem(inForm);
      solver.solve();
      const double scale = std::max(1.0, x.cwiseAbs().maxCoeff());
      BOOST_TEST_INFO(p.name << ", A " << form);
      BOOST_TEST((solver.getLambda() - x).cwiseAbs().maxCoeff() / scale <= 1e-11);
    }
  }
}

// A new A of the same size (another nonzero pattern) is analysed again: the same answer as a
// fresh solver's.
BOOST_AUTO_TEST_CASE(a_new_matrix_is_analysed_again) {
  mlcp::Problem sparse = mlcp::test::sceneProblem("columns", {"nx=4", "ny=1", "layers=2"});
  sparse.A = sparse.A.toDense();  // dense, with the zeros of the contacts' blocks
  mlcp::Problem dense = randomProblem(sparse.size(), 3);
  mlcp::PgsSolver reused;
  reused.setProblem(sparse);
  reused.solve();
  reused.setProblem(dense);
  reused.solve();
  mlcp::PgsSolver fresh;
  fresh.setProblem(dense);
  fresh.solve();
  BOOST_TEST((reused.getLambda() == fresh.getLambda()));
  BOOST_TEST(reused.report().iterations == fresh.report().iterations);
}

BOOST_AUTO_TEST_CASE(second_solve_allocates_nothing) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocation counting unavailable in this build (sanitizer or libc)");
    return;
  }
  {
    mlcp::test::AllocationCounter probe;  // the counter can fail: it sees this allocation
    auto* leak = new Eigen::VectorXd(100);
    delete leak;
    BOOST_TEST(probe.count() >= 1);
  }
  mlcp::PgsOptions options;
  options.recordHistory = true;
  options.randomizeOrder = true;
  mlcp::PgsSolver solver(options);
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
