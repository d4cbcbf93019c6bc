#include "test_data.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <Eigen/Cholesky>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>

namespace bdata = boost::unit_test::data;

namespace {

using mlcp::test::smallProblem;

constexpr double kInf = std::numeric_limits<double>::infinity();

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

// Issue 16: a friction row whose normal row has a positive lower bound (a box the solver shifts,
// x = x' + c). The friction bounds are +-mu times the normal force itself, not the shifted one.
BOOST_AUTO_TEST_CASE(friction_on_a_normal_with_positive_lower_bound) {
  Eigen::Matrix3d A;
  A << 4, 1, 0, 1, 3, 0.5, 0, 0.5, 2;
  const auto p = smallProblem(A, Eigen::Vector3d(1, 2, 0.3), Eigen::Vector3d(2, -0.5, -0.5),
                              Eigen::Vector3d(kInf, 0.5, 0.5), Eigen::Vector3i(-1, 0, 0));
  mlcp::DantzigSolver solver;
  const auto& report = solve(solver, p);
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  const Eigen::VectorXd& x = solver.getLambda();
  // Row 0 at its bound 2 (w_0 = 6.97 > 0); friction rows inside |x_i| <= 0.5 * 2 with w_i = 0:
  // [3 0.5; 0.5 2] x_12 = (2 - 1 * 2, 0.3).
  const Eigen::Vector2d friction =
      A.bottomRightCorner<2, 2>().ldlt().solve(Eigen::Vector2d(0, 0.3));
  BOOST_TEST(x[0] == 2.0);
  BOOST_TEST(std::abs(x[1] - friction[0]) < 1e-14);
  BOOST_TEST(std::abs(x[2] - friction[1]) < 1e-14);
  BOOST_TEST(std::abs(x[1] + 0.0261) < 1e-4);
  BOOST_TEST(std::abs(x[2] - 0.1565) < 1e-4);
  BOOST_TEST(std::abs(solver.ref_w()[0] - 6.97) < 0.01);
}

// Issue 16: small random problems whose contacts' normal rows have lo > 0: Dantzig solves every
// one that Lemke solves.
BOOST_AUTO_TEST_CASE(friction_on_normals_with_positive_lower_bounds_random) {
  int lemkeSolved = 0;
  for (const int n : {3, 6, 9, 12, 18}) {
    for (int seed = 1; seed <= 20; ++seed) {
      mlcp::RandomProblemOptions options;
      options.n = n;
      options.nub = 0;
      options.contacts = n / 3;
      options.seed = static_cast<std::uint64_t>(seed);
      mlcp::Problem p = mlcp::randomProblem(options);
      for (int i = 0; i < n; ++i) {
        if (p.findex[i] >= 0) continue;
        if (p.hi[i] == kInf) p.lo[i] = 0.05 + 0.1 * ((i + seed) % 5);  // a normal row: lo > 0
      }
      mlcp::LemkeSolver lemke;
      lemke.setProblem(p);
      if (lemke.solve().status != mlcp::Status::Converged) continue;
      ++lemkeSolved;
      mlcp::DantzigSolver solver;
      const auto& report = solve(solver, p);
      BOOST_TEST_INFO("n = " << n << ", seed = " << seed << ": " << report.message);
      BOOST_TEST(report.status == mlcp::Status::Converged);
      BOOST_TEST(report.scaledResidual <= 1e-10);
    }
  }
  BOOST_TEST(lemkeSolved >= 50);
}

// Issue 16: badly scaled rows. Scaling row and column i of A by c (and b_i by c: the variable
// x_i in other units, A stays symmetric) must not change the pivots taken nor the answer (x_i
// divided by c); scaling a row of A and b alone (the same solution, A no longer symmetric)
// neither: Dantzig solves T A x = T b with the T that makes A symmetric again.
BOOST_DATA_TEST_CASE(scaled_rows, bdata::make({1e4, 1e8}) * bdata::make({1, 2, 3}), c, seed) {
  mlcp::RandomProblemOptions options;
  options.n = 30;
  options.nub = 6;
  options.contacts = 6;
  options.seed = static_cast<std::uint64_t>(seed);
  const mlcp::Problem p = mlcp::randomProblem(options);
  mlcp::DantzigSolver solver;
  const mlcp::SolveReport reference = solve(solver, p);
  BOOST_TEST_REQUIRE(reference.status == mlcp::Status::Converged);
  const Eigen::VectorXd x = solver.getLambda();
  // Rows scaled: a normal row (whose friction rows follow it) and one of its friction rows.
  int normal = 0;
  while (p.findex.tail(p.size() - normal - 1).cwiseEqual(normal).count() == 0) ++normal;
  const int friction = normal + 1;
  Eigen::VectorXd scale = Eigen::VectorXd::Ones(p.size());
  scale[normal] = c;
  scale[friction] = c;
  // Variables scaled: A' = D A D, b' = D b, x' = D^-1 x; friction boxes scale with the normal
  // (mu' = mu c_normal / c_friction = mu here), fixed boxes with D^-1.
  mlcp::Problem symmetric = p;
  symmetric.A = Eigen::MatrixXd(scale.asDiagonal() * p.A.toDense() * scale.asDiagonal());
  symmetric.b = scale.asDiagonal() * p.b;
  for (int i = 0; i < p.size(); ++i) {
    if (p.findex[i] >= 0) continue;
    symmetric.lo[i] = p.lo[i] / scale[i];
    symmetric.hi[i] = p.hi[i] / scale[i];
  }
  const mlcp::SolveReport scaled = solve(solver, symmetric);
  BOOST_TEST_INFO("c = " << c << ": " << scaled.message);
  BOOST_TEST(scaled.status == mlcp::Status::Converged);
  BOOST_TEST(scaled.pivots == reference.pivots);
  BOOST_TEST(scaled.frictionRounds == reference.frictionRounds);
  const Eigen::VectorXd back = scale.asDiagonal() * solver.getLambda();
  BOOST_TEST((back - x).cwiseAbs().maxCoeff() <= 1e-6 * x.cwiseAbs().maxCoeff());
  // Rows alone: the same solution x. A is no longer symmetric, but T A is (T the inverse
  // scaling): the same pivots again, and the same x.
  mlcp::Problem rows = p;
  rows.A = Eigen::MatrixXd(scale.asDiagonal() * p.A.toDense());
  rows.b = scale.asDiagonal() * p.b;
  const mlcp::SolveReport& report = solve(solver, rows);
  BOOST_TEST_INFO("c = " << c << ", rows alone: " << report.status << ", " << report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.pivots == reference.pivots);
  BOOST_TEST((solver.getLambda() - x).cwiseAbs().maxCoeff() <= 1e-6 * x.cwiseAbs().maxCoeff());
  BOOST_TEST(report.scaledResidual <= 1e-10);
  // A non-symmetric A that no row scaling symmetrises is refused, naming the pair.
  mlcp::Problem skew = p;
  Eigen::MatrixXd A = p.A.toDense();
  A(3, 1) += 0.5;
  A(1, 3) -= 0.5;
  skew.A = A;
  BOOST_TEST(solve(solver, skew).status == mlcp::Status::Unsupported);
  BOOST_TEST(solver.report().message.find("not symmetric") != std::string::npos);
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
