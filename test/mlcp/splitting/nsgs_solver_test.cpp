// NsgsSolver: the blocks it finds (contacts from findex, bilateral groups), the exact local
// solve of a contact (a single contact in one sweep, whatever its friction state), row-scale
// invariance, options and statistics.

#include "known_solution_problems.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <limits>
#include <stdexcept>

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// One contact: normal row 0, friction rows 1 and 2 (mu = 0.5), A positive definite and
/// coupled; b chosen so that x* = (xn, xf1, xf2) with the given w*.
mlcp::Problem contact(const Eigen::Vector3d& x, const Eigen::Vector3d& w) {
  Eigen::Matrix3d A;
  A << 2.0, 0.4, -0.3, 0.4, 1.5, 0.2, -0.3, 0.2, 1.8;
  mlcp::Problem p;
  p.A = Eigen::MatrixXd(A);
  p.b = A * x - w;
  p.lo = Eigen::Vector3d(0.0, -0.5, -0.5);
  p.hi = Eigen::Vector3d(kInf, 0.5, 0.5);
  p.findex.resize(3);
  p.findex << -1, 0, 0;
  return p;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(NsgsSolver)

BOOST_AUTO_TEST_CASE(options_are_checked_with_a_message_naming_the_field) {
  mlcp::NsgsOptions options;
  BOOST_TEST(options.isValid(nullptr));
  options.relaxation = 2.0;
  std::string why;
  BOOST_TEST(!options.isValid(&why));
  BOOST_TEST(why.find("NsgsOptions::relaxation") != std::string::npos);
  BOOST_CHECK_THROW(mlcp::NsgsSolver{options}, std::invalid_argument);
  BOOST_TEST(mlcp::makeSolver("bgs")->name() == "nsgs");
}

BOOST_AUTO_TEST_CASE(a_contact_is_solved_exactly_in_one_sweep) {
  // Sticking, sliding on one row, sliding on both, and lifting off: the local solve is exact,
  // so one sweep gives the solution (PGS needs many on the coupled rows).
  const Eigen::Vector3d xs[] = {{1.0, 0.2, -0.1}, {1.0, 0.5, 0.1}, {1.0, -0.5, 0.5}, {0, 0, 0}};
  const Eigen::Vector3d ws[] = {{0, 0, 0}, {0, -0.3, 0}, {0, 0.2, -0.4}, {0.7, 0.1, 0.2}};
  for (int k = 0; k < 4; ++k) {
    mlcp::NsgsSolver solver;
    solver.setProblem(contact(xs[k], ws[k]));
    const mlcp::SolveReport& report = solver.solve();
    BOOST_TEST_INFO("case " << k << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    const int sweeps = k < 3 ? 1 : 0;  // x = 0 (lifting off) is the start itself
    BOOST_TEST(report.iterations == sweeps);
    BOOST_TEST((solver.getLambda() - xs[k]).cwiseAbs().maxCoeff() <= 1e-12);
    BOOST_TEST(solver.statistics().blocks == 1);
    BOOST_TEST(solver.statistics().localSolves == sweeps);
    BOOST_TEST(solver.statistics().rowByRowFallbacks == 0);
  }
}

BOOST_AUTO_TEST_CASE(blocks_are_contacts_joints_and_single_rows) {
  // ground-chain: 3 ball-joint rows per joint (unbounded, coupled: one block each), then contacts.
  const mlcp::Problem chain = mlcp::test::sceneProblem("ground-chain", {"links=4", "shape=sphere"});
  mlcp::NsgsSolver solver;
  solver.setProblem(chain);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(solver.statistics().blocks == 3 + 4);  // 3 joints, 4 contacts
  BOOST_TEST(solver.statistics().multiRowBlocks == 7);
  BOOST_TEST(solver.statistics().largestBlock == 3);
}

BOOST_AUTO_TEST_CASE(scaling_rows_changes_nothing) {
  // The local solves are exact and PGS's row steps are w_i / A_ii: the iterates do not change
  // when rows are scaled, so neither does the sweep count.
  for (const mlcp::test::KnownSolutionCase& base : mlcp::test::knownSolutionBaseCases()) {
    if (base.family != "friction" && base.family != "boxed") continue;
    mlcp::NsgsSolver reference;
    reference.setProblem(base.problem);
    const int sweeps = reference.solve().iterations;
    for (const mlcp::test::KnownSolutionCase& c : mlcp::test::knownSolutionCases()) {
      if (c.family != base.family || c.scaling.empty()) continue;
      mlcp::NsgsSolver solver;
      solver.setProblem(c.problem);
      const mlcp::SolveReport& report = solver.solve();
      BOOST_TEST_INFO(c.name << ": " << report.message);
      BOOST_TEST(report.status == mlcp::Status::Converged);
      BOOST_TEST(std::abs(report.iterations - sweeps) <= 1);
      BOOST_TEST(mlcp::test::relativeError(solver.getLambda(), c.xStar) <= 1e-4);
    }
  }
}

BOOST_AUTO_TEST_CASE(warm_start_from_the_solution_needs_no_sweep) {
  const mlcp::test::KnownSolutionCase c = mlcp::test::knownSolutionBaseCases()[2];  // friction
  mlcp::NsgsSolver solver;
  solver.setProblem(c.problem);
  solver.setInitialGuess(c.xStar);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.iterations == 0);
}

BOOST_AUTO_TEST_SUITE_END()
