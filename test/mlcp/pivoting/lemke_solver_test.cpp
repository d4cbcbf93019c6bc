#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <random>

namespace bdata = boost::unit_test::data;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

using mlcp::test::lcp;

const mlcp::SolveReport& solve(mlcp::MixedLCP& solver, const mlcp::Problem& p) {
  solver.setProblem(p);
  return solver.solve();
}

/// A positive definite but non-symmetric A = R R^T + S - S^T + I (x^T A x = |R^T x|^2 + |x|^2).
Eigen::MatrixXd nonSymmetric(int n, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const Eigen::MatrixXd R = Eigen::MatrixXd::NullaryExpr(n, n, [&] { return u(random); });
  const Eigen::MatrixXd S = Eigen::MatrixXd::NullaryExpr(n, n, [&] { return u(random); });
  return R * R.transpose() + S - S.transpose() + Eigen::MatrixXd::Identity(n, n);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(LemkeSolver)

BOOST_AUTO_TEST_CASE(small_non_symmetric_lcp) {
  // w = A x - b: x2 = 0 because w2 = x2 + 1 > 0; then w1 = x1 - 1 = 0, so x = (1, 0), w = (0, 1).
  Eigen::Matrix2d A;
  A << 1, 2, 0, 1;
  mlcp::LemkeSolver solver;
  const auto& report = solve(solver, lcp(A, Eigen::Vector2d(1, -1)));
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(solver.getLambda()[0] == 1.0);
  BOOST_TEST(solver.getLambda()[1] == 0.0);
  BOOST_TEST(solver.ref_w()[1] == 1.0);
  BOOST_TEST(report.pivots > 0);
  // Dantzig refuses the same problem and points here.
  mlcp::DantzigSolver dantzig;
  const auto& refused = solve(dantzig, lcp(A, Eigen::Vector2d(1, -1)));
  BOOST_TEST(refused.status == mlcp::Status::Unsupported);
  BOOST_TEST(refused.message.find("try lemke") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(q_nonnegative_needs_no_pivot) {
  mlcp::LemkeSolver solver;
  const auto& report = solve(solver, lcp(Eigen::Matrix2d::Identity(), Eigen::Vector2d(-1, -2)));
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.pivots == 0);
  BOOST_TEST(solver.getLambda().cwiseAbs().maxCoeff() == 0.0);
}

BOOST_AUTO_TEST_CASE(infeasible_lcp_ends_on_a_secondary_ray) {
  // w = -x - 1 < 0 for every x >= 0: no solution.
  mlcp::LemkeSolver solver;
  const auto& report =
      solve(solver, lcp(Eigen::Matrix<double, 1, 1>(-1.0), Eigen::Matrix<double, 1, 1>(1.0)));
  BOOST_TEST(report.status == mlcp::Status::Unbounded);
  BOOST_TEST(report.message.find("secondary ray") != std::string::npos);
  BOOST_TEST(solver.getLambda().allFinite());
}

BOOST_AUTO_TEST_CASE(degenerate_psd_lcp) {
  // A = [1 1; 1 1] singular, b = (1, 1): every x >= 0 with x1 + x2 = 1 solves it. The
  // lexicographic rule must terminate on a solution despite the tie in the first ratio test.
  Eigen::Matrix2d A;
  A << 1, 1, 1, 1;
  mlcp::LemkeSolver solver;
  const auto& report = solve(solver, lcp(A, Eigen::Vector2d(1, 1)));
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(std::abs(solver.getLambda().sum() - 1.0) <= 1e-15);
}

BOOST_AUTO_TEST_CASE(mixed_lcp_eliminates_the_free_rows) {
  // Rows 0, 1 free with a zero diagonal entry (Gauss-Seidel cannot start); row 2 complementary.
  Eigen::Matrix3d A;
  A << 0, 1, 1, 1, 0, 0, -1, 0, 2;
  mlcp::Problem p = lcp(A, Eigen::Vector3d(1, 2, -1));
  p.nub = 2;
  p.lo.head(2).setConstant(-kInf);
  mlcp::LemkeSolver solver;
  const auto& report = solve(solver, p);
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.message.find("2 free unknowns eliminated") != std::string::npos);
  BOOST_TEST(solver.ref_w().head(2).cwiseAbs().maxCoeff() <= 1e-14);
  BOOST_TEST(report.relativeResidual <= 1e-14);
}

BOOST_AUTO_TEST_CASE(singular_free_block_is_split_and_still_solved) {
  // A(F,F) = 0 (rank 0): both free unknowns are split y+ - y-. Rows 0 and 1 give x2 = 1, then
  // w2 = x1 - x0 + x2 = 0 gives x0 - x1 = 1 (a line of solutions). The coupling is skew, so
  // (A + A^T) / 2 = diag(0, 0, 1) is positive semi-definite and Lemke must find one.
  Eigen::Matrix3d A;
  A << 0, 0, 1, 0, 0, -1, -1, 1, 1;
  mlcp::Problem p = lcp(A, Eigen::Vector3d(1, -1, 0));
  p.nub = 2;
  p.lo.head(2).setConstant(-kInf);
  mlcp::LemkeSolver solver;
  const auto& report = solve(solver, p);
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.message.find("0 free unknowns eliminated") != std::string::npos);
  BOOST_TEST(report.relativeResidual <= 1e-14);
}

BOOST_DATA_TEST_CASE(non_symmetric_boxed_problems,
                     bdata::make({4, 10, 40}) * bdata::make({1, 2}),
                     n,
                     seed) {
  // Boxes, one-sided rows, free rows and a fixed row with a positive definite non-symmetric A.
  mlcp::Problem p = lcp(nonSymmetric(n, static_cast<unsigned>(seed)), Eigen::VectorXd::Zero(n));
  std::mt19937 random(static_cast<unsigned>(seed) + 100);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int i = 0; i < n; ++i) {
    p.b[i] = 3.0 * u(random);
    switch (i % 5) {
      case 0:
        p.lo[i] = -0.5;
        p.hi[i] = 0.5;
        break;  // box containing 0
      case 1:
        p.lo[i] = 0.2;
        p.hi[i] = 1.0;
        break;  // box not containing 0
      case 2:
        p.lo[i] = -kInf;
        p.hi[i] = 0.3;
        break;  // upper bound only
      case 3:
        p.lo[i] = -kInf;
        p.hi[i] = kInf;
        break;  // free, not leading (nub = 0)
      default:
        p.lo[i] = p.hi[i] = 0.25;
        break;  // fixed
    }
  }
  mlcp::LemkeSolver solver;
  const auto& report = solve(solver, p);
  BOOST_TEST_INFO("n = " << n << ", seed = " << seed << ": " << report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.relativeResidual <= 1e-10);
  BOOST_TEST(report.maxBoundViolation <= 1e-12);
}

BOOST_DATA_TEST_CASE(friction_is_exact_without_rounds,
                     bdata::make({12, 30, 60, 120}) * bdata::make({1, 2, 3}),
                     n,
                     seed) {
  mlcp::RandomProblemOptions options;
  options.n = n;
  options.seed = static_cast<std::uint64_t>(seed);
  const mlcp::Problem p = mlcp::randomProblem(options);
  BOOST_REQUIRE(p.frictionRows() > 0);
  mlcp::LemkeSolver solver;
  const auto& report = solve(solver, p);
  BOOST_TEST_INFO("n = " << n << ", seed = " << seed << ": " << report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  // Friction bounds are linear in the normal force inside the LCP: no rounds, full accuracy.
  BOOST_TEST(report.relativeResidual <= 1e-12);
  BOOST_TEST(std::abs(mlcp::computeResiduals(p, solver.getLambda()).relative -
                      report.relativeResidual) <= 1e-15);
}

BOOST_DATA_TEST_CASE(warm_basis_at_the_answer_takes_one_pivot_and_a_poor_one_still_solves,
                     bdata::make({30, 120}),
                     n) {
  mlcp::RandomProblemOptions options;
  options.n = n;
  const mlcp::Problem p = mlcp::randomProblem(options);
  mlcp::LemkeSolver cold;
  const int coldPivots = solve(cold, p).pivots;
  BOOST_REQUIRE(cold.report().status == mlcp::Status::Converged);
  BOOST_REQUIRE(coldPivots > 1);
  const Eigen::VectorXd answer = cold.getLambda();

  // At the answer's partition the transformed q' is feasible up to rounding: at most z0's entry
  // and exit (a row at 0 in both x and w may round to a negative q'_i).
  mlcp::LemkeSolver warm;
  warm.setProblem(p);
  warm.setInitialGuess(answer);
  const mlcp::SolveReport& atAnswer = warm.solve();
  BOOST_TEST_INFO(atAnswer.message);
  BOOST_TEST(atAnswer.status == mlcp::Status::Converged);
  BOOST_TEST(atAnswer.pivots <= 2);
  BOOST_TEST(atAnswer.message.find("warm-started") != std::string::npos);
  BOOST_TEST((warm.getLambda() - answer).cwiseAbs().maxCoeff() <= 1e-9);

  // A guess with every row off its answer's state: exact, warm or from scratch.
  warm.setInitialGuess(Eigen::VectorXd::Constant(n, 1.0) - answer);
  const mlcp::SolveReport& poor = warm.solve();
  BOOST_TEST_INFO(poor.message);
  BOOST_TEST(poor.status == mlcp::Status::Converged);
  BOOST_TEST(poor.relativeResidual <= 1e-10);

  // warm_basis off: the guess is not read, Lemke's own start.
  mlcp::LemkeOptions off;
  off.warmBasis = false;
  warm.setOptions(off);
  BOOST_TEST(!warm.capabilities().usesInitialGuess);
  warm.setInitialGuess(answer);
  BOOST_TEST(warm.solve().pivots == coldPivots);
}

BOOST_AUTO_TEST_CASE(refusals_name_the_reason) {
  mlcp::RandomProblemOptions options;
  options.n = 12;
  mlcp::Problem p = mlcp::randomProblem(options);
  const int friction = [&] {
    for (int i = 0; i < p.size(); ++i)
      if (p.findex[i] >= 0) return i;
    return -1;
  }();
  BOOST_REQUIRE(friction >= 0);
  mlcp::LemkeSolver solver;
  // A normal row that may be negative: |x_i| <= mu |x_k| is not linear then.
  mlcp::Problem negativeNormal = p;
  negativeNormal.lo[p.findex[friction]] = -1.0;
  const auto& first = solve(solver, negativeNormal);
  BOOST_TEST(first.status == mlcp::Status::Unsupported);
  BOOST_TEST(first.message.find(fmt::format("friction row {}", friction)) != std::string::npos);
  // A normal row that is free.
  mlcp::Problem freeNormal = p;
  freeNormal.findex[friction] = 0;  // row 0 < nub is free
  const auto& second = solve(solver, freeNormal);
  BOOST_TEST(second.status == mlcp::Status::Unsupported);
  BOOST_TEST(second.message.find("free") != std::string::npos);
  // Too large for the dense tableau.
  mlcp::LemkeOptions small;
  small.maxRows = 5;
  mlcp::LemkeSolver limited(small);
  const auto& third = solve(limited, p);
  BOOST_TEST(third.status == mlcp::Status::Unsupported);
  BOOST_TEST(third.message.find("maxRows = 5") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(options_are_checked) {
  mlcp::LemkeOptions options;
  options.pivotTolerance = 1.5;
  BOOST_CHECK_THROW(mlcp::LemkeSolver{options}, std::invalid_argument);
  options = {};
  options.maxPivots = -1;
  BOOST_CHECK_THROW(mlcp::LemkeSolver{options}, std::invalid_argument);
  BOOST_TEST(mlcp::makeSolver("lemke")->name() == "lemke");
  BOOST_TEST(!mlcp::makeSolver("lemke")->capabilities().requiresSymmetricA);
}

BOOST_AUTO_TEST_CASE(pivot_limit_is_a_status) {
  mlcp::LemkeOptions options;
  options.maxPivots = 2;
  mlcp::LemkeSolver solver(options);
  const auto& report = solve(solver, mlcp::randomProblem({}));
  BOOST_TEST(report.status == mlcp::Status::MaxIterations);
  BOOST_TEST(report.pivots == 2);
  BOOST_TEST(solver.getLambda().allFinite());
}

BOOST_AUTO_TEST_SUITE_END()
