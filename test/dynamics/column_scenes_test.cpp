// The columns and ground-chain scenes: the step problems solver tests and benchmarks take (their
// factor form), checked for size, row layout, conditioning and a resting column's known forces.

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <Eigen/Eigenvalues>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace dyn = mlcp::dynamics;

namespace {

/// The factor form of the scene's step-0 problem.
mlcp::Factors stepZero(const std::string& name, const std::vector<std::string>& params) {
  return dyn::sceneStepProblem(name, params, 0).problem;
}

boost::test_tools::assertion_result odeAvailable(boost::unit_test::test_unit_id) {
  boost::test_tools::assertion_result result(dyn::hasOdeCollision());
  result.message() << "libdynamics was built without ODE: no box/box contacts";
  return result;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(ColumnScenes)

BOOST_AUTO_TEST_CASE(box_columns_have_four_contacts_per_face,
                     *boost::unit_test::precondition(odeAvailable)) {
  const mlcp::Factors f = stepZero("columns", {"nx=3", "ny=2", "layers=4"});
  BOOST_TEST(f.size() == 3 * 4 * 3 * 2 * 4);  // rows x points x columns x faces per column
  BOOST_TEST(f.bodyCount() == 3 * 2 * 4);
  BOOST_TEST(f.nub == 0);
  BOOST_CHECK_NO_THROW(f.validate());
  // Rows come in contact triples: normal (findex -1, lo 0), then two friction rows (findex = the
  // normal row, hi = mu).
  for (int i = 0; i < f.size(); i += 3) {
    BOOST_TEST(f.findex[i] == -1);
    BOOST_TEST(f.lo[i] == 0.0);
    BOOST_TEST(f.findex[i + 1] == i);
    BOOST_TEST(f.findex[i + 2] == i);
    BOOST_TEST(f.hi[i + 1] == 0.5);
  }
}

BOOST_AUTO_TEST_CASE(sphere_columns_and_chains_have_one_contact_per_pair) {
  const mlcp::Factors f = stepZero("columns", {"nx=3", "ny=2", "layers=4", "shape=sphere"});
  BOOST_TEST(f.size() == 3 * 3 * 2 * 4);
  const mlcp::Factors chain = stepZero("ground-chain", {"links=5", "shape=sphere"});
  BOOST_TEST(chain.size() == 12 + 3 * 5);
  for (int i = 0; i < 12; ++i)  // 4 ball joints, 3 unbounded rows each, first
    BOOST_TEST((std::isinf(chain.lo[i]) && std::isinf(chain.hi[i])));
  BOOST_TEST(chain.lo[12] == 0.0);
  const mlcp::Factors cubes = stepZero("ground-chain", {"links=5"});
  BOOST_TEST(cubes.size() == 12 + 3 * 4 * 5);  // joined cubes do not collide: ground only
}

BOOST_AUTO_TEST_CASE(box_column_matrix_is_symmetric_positive_definite_with_cfm,
                     *boost::unit_test::precondition(odeAvailable)) {
  const double h = 1.0 / 60.0, cfm = 1e-5;
  const Eigen::MatrixXd A = stepZero("columns", {"nx=1", "ny=1", "layers=3"}).toDense().A.dense();
  BOOST_TEST((A - A.transpose()).cwiseAbs().maxCoeff() <= 1e-12 * A.cwiseAbs().maxCoeff());
  const Eigen::VectorXd eigenvalues =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(A).eigenvalues();
  // Four coplanar contacts per face: rank 6 per body pair, so CFM / h is the smallest eigenvalue
  // (force form, docs/dynamics.md).
  BOOST_TEST(std::abs(eigenvalues.minCoeff() - cfm / h) <= 1e-6 * cfm / h);
}

// A resting sphere column without sliding: each contact carries the weight above it (force form:
// lambda = m g per body), friction zero. The analytic answer checks the scene and solvers alike.
BOOST_AUTO_TEST_CASE(resting_column_carries_its_weight) {
  const auto factors = std::make_shared<const mlcp::Factors>(stepZero(
      "columns", {"nx=1", "ny=1", "layers=3", "shape=sphere", "slide=0", "ratio=100", "cfm=0"}));
  const double weight = 1.0 * 9.81;
  // Contacts bottom to top: the ground holds 2 + 100 bodies' weight, then 1 + 100, then 100.
  const Eigen::Vector3d expected(102.0 * weight, 101.0 * weight, 100.0 * weight);
  mlcp::PgsOptions pgsOptions;
  pgsOptions.relativeTolerance = 1e-12;
  mlcp::ApgdOptions apgdOptions;
  apgdOptions.relativeTolerance = 1e-12;
  mlcp::PgsSolver pgs(pgsOptions);
  mlcp::ApgdSolver apgd(apgdOptions);
  mlcp::DantzigSolver dantzig;
  for (mlcp::MixedLCP* solver :
       {static_cast<mlcp::MixedLCP*>(&pgs), static_cast<mlcp::MixedLCP*>(&apgd),
        static_cast<mlcp::MixedLCP*>(&dantzig)}) {
    solver->setProblem(mlcp::toProblem(factors));
    const auto& report = solver->solve();
    BOOST_TEST_INFO(solver->name() << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    const Eigen::VectorXd& x = solver->getLambda();
    for (int contact = 0; contact < 3; ++contact) {
      BOOST_TEST(std::abs(x[3 * contact] - expected[contact]) <= 1e-9 * expected[0]);
      BOOST_TEST(std::abs(x[3 * contact + 1]) <= 1e-9 * expected[0]);
      BOOST_TEST(std::abs(x[3 * contact + 2]) <= 1e-9 * expected[0]);
    }
  }
}

BOOST_AUTO_TEST_CASE(same_seed_same_problem) {
  const std::vector<std::string> params = {"shape=sphere"};
  const mlcp::Factors a = stepZero("columns", params);
  const mlcp::Factors b = stepZero("columns", params);
  BOOST_TEST((a.b - b.b).cwiseAbs().maxCoeff() == 0.0);
  BOOST_TEST((stepZero("columns", {"shape=sphere", "seed=2"}).b - a.b).cwiseAbs().maxCoeff() > 0.0);
}

BOOST_AUTO_TEST_CASE(bad_parameters_are_named) {
  BOOST_CHECK_THROW(dyn::describeScene("columns", {"shape=cone"}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::describeScene("columns", {"layers=0"}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::describeScene("ground-chain", {"ratio=-1"}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::describeScene("columns", {"slide=-1"}), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
