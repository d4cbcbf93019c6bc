#include "test_data.hpp"

#include <mlcp/mlcp.hpp>

#include <Eigen/Cholesky>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>

namespace bdata = boost::unit_test::data;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

mlcp::Problem smallProblem(const Eigen::MatrixXd& A,
                           const Eigen::VectorXd& b,
                           const Eigen::VectorXd& lo,
                           const Eigen::VectorXd& hi,
                           Eigen::VectorXi findex = {}) {
  mlcp::Problem p;
  p.A = A;
  p.b = b;
  p.lo = lo;
  p.hi = hi;
  p.findex = findex.size() ? findex : Eigen::VectorXi::Constant(b.size(), -1);
  return p;
}

const mlcp::SolveReport& solve(mlcp::DantzigSolver& solver, const mlcp::Problem& p) {
  solver.setProblem(p);
  return solver.solve();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(DantzigSolver)

BOOST_AUTO_TEST_CASE(nub_only_is_a_linear_solve) {
  Eigen::Matrix3d A;
  A << 4, 1, 0, 1, 4, 1, 0, 1, 4;
  const Eigen::Vector3d b(1, 2, 3);
  mlcp::Problem p =
      smallProblem(A, b, Eigen::Vector3d::Constant(-kInf), Eigen::Vector3d::Constant(kInf));
  p.nub = 3;
  mlcp::DantzigSolver solver;
  const auto& report = solve(solver, p);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  const Eigen::Vector3d expected = A.ldlt().solve(b);
  BOOST_TEST((solver.getLambda() - expected).norm() < 1e-14);
  BOOST_TEST(solver.ref_w().cwiseAbs().maxCoeff() < 1e-14);
}

BOOST_AUTO_TEST_CASE(one_row_at_each_bound) {
  // Diagonal A: x_i = b_i / A_ii clamped; row 0 hits hi, row 1 hits lo, row 2 is interior.
  const Eigen::Matrix3d A = Eigen::Vector3d(2, 1, 4).asDiagonal();
  const Eigen::Vector3d b(10, -5, 2);
  const mlcp::Problem p = smallProblem(A, b, Eigen::Vector3d(-1, -1, -1), Eigen::Vector3d(1, 1, 1));
  mlcp::DantzigSolver solver;
  BOOST_TEST(solve(solver, p).status == mlcp::Status::Converged);
  const Eigen::VectorXd& x = solver.getLambda();
  const Eigen::VectorXd& w = solver.ref_w();
  BOOST_TEST(x[0] == 1.0);  // at hi: w = 2 - 10 < 0
  BOOST_TEST(w[0] == -8.0);
  BOOST_TEST(x[1] == -1.0);  // at lo: w = -1 + 5 > 0
  BOOST_TEST(w[1] == 4.0);
  BOOST_TEST(std::abs(x[2] - 0.5) < 1e-15);
  BOOST_TEST(std::abs(w[2]) < 1e-15);
  BOOST_TEST(solver.validSolution(1e-12));
}

BOOST_AUTO_TEST_CASE(box_not_containing_zero_is_shifted) {
  const Eigen::Matrix2d A = Eigen::Vector2d(1, 1).asDiagonal();
  const mlcp::Problem p =
      smallProblem(A, Eigen::Vector2d(0, 0), Eigen::Vector2d(2, -5), Eigen::Vector2d(3, -4));
  mlcp::DantzigSolver solver;
  BOOST_TEST(solve(solver, p).status == mlcp::Status::Converged);
  BOOST_TEST(solver.getLambda()[0] == 2.0);
  BOOST_TEST(solver.getLambda()[1] == -4.0);
}

// One contact: normal row 0 (lo = 0) and a friction row 1 with mu = 0.5, findex = 0.
// A = I: the normal force is b_0 = 2, so |friction| <= 1.
BOOST_AUTO_TEST_CASE(friction_row_sticking_and_sliding) {
  const Eigen::Matrix2d A = Eigen::Matrix2d::Identity();
  const Eigen::Vector2i findex(-1, 0);
  mlcp::DantzigSolver solver;
  // Sticking: the tangential demand 0.4 is inside the cone.
  auto stick = smallProblem(A, Eigen::Vector2d(2, 0.4), Eigen::Vector2d(0, -0.5),
                            Eigen::Vector2d(kInf, 0.5), findex);
  BOOST_TEST(solve(solver, stick).status == mlcp::Status::Converged);
  BOOST_TEST(std::abs(solver.getLambda()[1] - 0.4) < 1e-15);
  BOOST_TEST(std::abs(solver.ref_w()[1]) < 1e-15);
  // Sliding: the demand 3 exceeds mu * 2 = 1: friction saturates at the bound, w < 0.
  auto slide = smallProblem(A, Eigen::Vector2d(2, 3), Eigen::Vector2d(0, -0.5),
                            Eigen::Vector2d(kInf, 0.5), findex);
  BOOST_TEST(solve(solver, slide).status == mlcp::Status::Converged);
  BOOST_TEST(std::abs(solver.getLambda()[1] - 1.0) < 1e-15);
  BOOST_TEST(solver.ref_w()[1] < 0.0);
}

BOOST_AUTO_TEST_CASE(singular_matrix_reports_a_status) {
  // Two identical contact rows: A is singular; both rows want to push.
  Eigen::Matrix2d A;
  A << 1, 1, 1, 1;
  const auto p =
      smallProblem(A, Eigen::Vector2d(1, 1), Eigen::Vector2d(0, 0), Eigen::Vector2d(kInf, kInf));
  mlcp::DantzigSolver solver;
  const auto& report = solve(solver, p);
  // Either solved (x0 + x1 = 1 is a solution set) or a named failure, never a silent NaN.
  BOOST_TEST(solver.getLambda().allFinite());
  if (report.status == mlcp::Status::Converged) {
    BOOST_TEST(report.relativeResidual <= 1e-12);
  } else {
    BOOST_TEST(report.status == mlcp::Status::SingularPivot);
    BOOST_TEST(report.message.find("row") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(friction_rounds_settle_on_contact_only_problems) {
  // Contacts only (normal + 2 friction rows each, no unbounded rows): the friction bounds take
  // several rounds on some, whose passes after round 1 start warm from the previous one. Each
  // answer must meet the tolerance with bounds consistent with its own normals.
  int multiRound = 0;
  for (const int n : {60, 120}) {
    for (int seed = 1; seed <= 12; ++seed) {
      mlcp::RandomProblemOptions options;
      options.n = n;
      options.nub = 0;
      options.contacts = n / 3;
      options.seed = static_cast<std::uint64_t>(seed);
      const mlcp::Problem p = mlcp::randomProblem(options);
      mlcp::DantzigSolver solver;
      const auto& report = solve(solver, p);
      BOOST_TEST_INFO("n = " << n << ", seed = " << seed << ": " << report.message);
      BOOST_TEST(report.status == mlcp::Status::Converged);
      BOOST_TEST(mlcp::computeResiduals(p, solver.getLambda()).relative <= 1e-12);
      if (report.frictionRounds >= 2) ++multiRound;
    }
  }
  // Warm passes ran: a second friction round follows one.
  BOOST_TEST(multiRound >= 3);
}

BOOST_DATA_TEST_CASE(random_ode_style_problems,
                     bdata::make({3, 6, 12, 30, 60, 100, 200, 400, 600}) * bdata::make({1, 2, 3}),
                     n,
                     seed) {
  mlcp::RandomProblemOptions options;
  options.n = n;
  options.seed = static_cast<std::uint64_t>(seed);
  options.contacts = n / 6;
  const mlcp::Problem p = mlcp::randomProblem(options);
  mlcp::DantzigSolver solver;
  const auto& report = solve(solver, p);
  BOOST_TEST_INFO("n = " << n << ", seed = " << seed << ": " << report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.relativeResidual <= 1e-9);
  // The report's residual is the spec's, recomputed independently here.
  BOOST_TEST(std::abs(mlcp::computeResiduals(p, solver.getLambda()).relative -
                      report.relativeResidual) <= 1e-15);
}

BOOST_AUTO_TEST_SUITE_END()
