// The spec's residuals (docs/conventions.md, "Residuals"): the worked example of the scaled
// residual reproduced exactly, its invariance to scaling the problem or single rows, and the
// promise built on it: a Converged answer is accurate whatever the scaling, for every solver.

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <string>

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

mlcp::Problem workedExample() {
  mlcp::Problem p;
  Eigen::MatrixXd A(2, 2);
  A << 4, 1, 1, 3;
  p.A = A;
  p.b = Eigen::Vector2d(1, 2);
  p.lo = Eigen::Vector2d::Zero();
  p.hi = Eigen::Vector2d::Constant(kInf);
  p.findex = Eigen::Vector2i::Constant(-1);
  return p;
}

/// Row `row` (or every row, row = -1) of A and b times `factor`: the solution is unchanged.
mlcp::Problem scaled(const mlcp::Problem& p, int row, double factor) {
  mlcp::Problem q = p;
  Eigen::MatrixXd A = p.A.toDense();
  if (row < 0) {
    A *= factor;
    q.b *= factor;
  } else {
    A.row(row) *= factor;
    q.b[row] *= factor;
  }
  q.A = A;
  return q;
}

/// Contacts on random SPD A with known solution x*: b = A x* - w*, w* complementary to x*.
mlcp::Problem contactProblem(std::uint64_t seed) {
  mlcp::RandomProblemOptions options;
  options.n = 24;
  options.contacts = 6;
  options.nub = 3;
  options.seed = seed;
  return mlcp::randomProblem(options);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Residuals)

BOOST_AUTO_TEST_CASE(the_spec_worked_example_reproduces) {
  const Eigen::Vector2d candidate(0.0, 2.0 / 3.0);
  const auto check = [&](const mlcp::Problem& p, double absolute, double relative) {
    const mlcp::Residuals r = mlcp::computeResiduals(p, candidate);
    BOOST_TEST(r.absolute == absolute, boost::test_tools::tolerance(1e-5));
    BOOST_TEST(r.relative == relative, boost::test_tools::tolerance(1e-5));
    BOOST_TEST(r.scaled == 0.125, boost::test_tools::tolerance(1e-12));
  };
  check(workedExample(), 0.333333, 0.166667);
  check(scaled(workedExample(), 1, 1e8), 0.333333, 1.66667e-09);
  check(scaled(workedExample(), -1, 1e-6), 3.33333e-07, 3.33333e-07);
  // The solution has every residual zero.
  const Eigen::Vector2d solution(1.0 / 11.0, 7.0 / 11.0);
  BOOST_TEST(mlcp::computeResiduals(workedExample(), solution).scaled <= 1e-16);
}

BOOST_AUTO_TEST_CASE(the_per_row_residuals_are_sized_for_the_caller) {
  // The candidate of the worked example: w = (-1/3, 0), r = (1/3, 0). An empty vector (what a
  // caller naturally passes) is resized, not written past its end.
  Eigen::VectorXd perRow;
  mlcp::computeResiduals(workedExample(), Eigen::Vector2d(0.0, 2.0 / 3.0), &perRow);
  BOOST_TEST_REQUIRE(perRow.size() == 2);
  BOOST_TEST(perRow[0] == 1.0 / 3.0, boost::test_tools::tolerance(1e-15));
  BOOST_TEST(perRow[1] == 0.0);
}

BOOST_AUTO_TEST_CASE(a_zero_row_takes_its_scale_from_b) {
  mlcp::Problem p = workedExample();
  Eigen::MatrixXd A = p.A.dense();
  A.row(1).setZero();
  p.A = A;
  const Eigen::VectorXd scales = mlcp::rowScalesOf(p.A);
  BOOST_TEST(scales[0] == 4.0);
  BOOST_TEST(scales[1] == 0.0);
  BOOST_TEST(mlcp::rowScale(scales[1], p.b[1]) == 2.0);
  BOOST_TEST(mlcp::rowScale(scales[1], 0.25) == 1.0);
  // A_ii <= 0 with other entries: the row's largest |A_ij|.
  A << 0, -3, 1, 3;
  p.A = A;
  BOOST_TEST(mlcp::rowScalesOf(p.A)[0] == 3.0);
  BOOST_TEST(mlcp::rowScalesOf(p.A.toSparse())[0] == 3.0);
}

// Issue 16's silent wrong answers: on problems scaled by 1e-6 and 1e6 and with rows (normal and
// friction rows of a contact) scaled by 1e4 and 1e8, every solver that says Converged has x
// within 1e-6 of x* (exact methods) or 1e-2 (iterative ones, DART's figure), relative to
// ||x*||, and a scaled residual within its tolerance; otherwise it says something else.
BOOST_AUTO_TEST_CASE(converged_means_accurate_at_any_scale) {
  for (const std::uint64_t seed : {3u, 4u}) {
    const mlcp::Problem base = contactProblem(seed);
    mlcp::DantzigSolver reference;
    reference.setProblem(base);
    BOOST_TEST_REQUIRE(reference.solve().status == mlcp::Status::Converged);
    const Eigen::VectorXd xStar = reference.getLambda();
    const int normal = base.size() - 3;  // the last contact: normal, then two friction rows
    for (const auto& [row, factor] :
         {std::pair{-1, 1e-6}, std::pair{-1, 1e6}, std::pair{normal, 1e4},
          std::pair{normal + 1, 1e8}, std::pair{normal, 1e8}, std::pair{0, 1e-8}}) {
      const mlcp::Problem p = scaled(base, row, factor);
      for (const std::string& name : mlcp::solverNames()) {
        auto solver = mlcp::makeSolver(name);
        solver->setProblem(p);
        const mlcp::SolveReport& report = solver->solve();
        if (report.status != mlcp::Status::Converged) continue;
        const bool iterative = solver->capabilities().iterative;
        const double error =
            (solver->getLambda() - xStar).cwiseAbs().maxCoeff() / xStar.cwiseAbs().maxCoeff();
        BOOST_TEST_CONTEXT(name << ", seed " << seed << ", row " << row << " x " << factor << ": "
                                << report.message) {
          BOOST_TEST(error <= (iterative ? 1e-2 : 1e-6));
          BOOST_TEST(report.scaledResidual <= solver->commonOptions().relativeTolerance);
        }
      }
    }
  }
}

// Singular-degenerate rows: a zero row of A with a fixed w forces x to a bound, the solution
// is unique; PGS and APGD take the row's one-row answer.
BOOST_AUTO_TEST_CASE(zero_rows_take_their_one_row_answer) {
  mlcp::Problem p = workedExample();
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(3, 3);
  A.topLeftCorner<2, 2>() << 4, 1, 1, 3;
  p.A = A;
  p.b = Eigen::Vector3d(1, 2, -0.5);  // w_2 = 0.5 > 0: x_2 at its lower bound
  p.lo = Eigen::Vector3d(0, 0, -2);
  p.hi = Eigen::Vector3d(kInf, kInf, 3);
  p.findex = Eigen::Vector3i::Constant(-1);
  for (const char* name : {"pgs", "apgd"}) {
    auto solver = mlcp::makeSolver(name);
    solver->setProblem(p);
    const mlcp::SolveReport& report = solver->solve();
    BOOST_TEST_INFO(name << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(solver->getLambda()[2] == -2.0);
    BOOST_TEST(std::abs(solver->getLambda()[1] - 7.0 / 11.0) <= 1e-5);
  }
  p.b[2] = 0.5;  // w_2 < 0: to the upper bound
  for (const char* name : {"pgs", "apgd"}) {
    auto solver = mlcp::makeSolver(name);
    solver->setProblem(p);
    solver->solve();
    BOOST_TEST_INFO(name);
    BOOST_TEST(solver->getLambda()[2] == 3.0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
