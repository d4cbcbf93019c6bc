#include <mlcp/mlcp.hpp>

#include <Eigen/Eigenvalues>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

BOOST_AUTO_TEST_SUITE(ContactGraph)

BOOST_AUTO_TEST_CASE(sizes_follow_the_recipe) {
  mlcp::BoxStackOptions stacks;
  stacks.columnsX = 3;
  stacks.columnsY = 2;
  stacks.layers = 4;
  const mlcp::MatrixFreeProblem f = mlcp::boxStacks(stacks);
  BOOST_TEST(f.size() == 3 * 4 * 3 * 2 * 4);
  BOOST_TEST(f.bodyCount() == 3 * 2 * 4);
  BOOST_TEST(f.nub == 0);
  BOOST_CHECK_NO_THROW(f.validate());
  // Rows come in contact triples: normal (findex -1, lo 0), then x and y friction (findex =
  // the normal row, hi = mu).
  for (int i = 0; i < f.size(); i += 3) {
    BOOST_TEST(f.findex[i] == -1);
    BOOST_TEST(f.lo[i] == 0.0);
    BOOST_TEST(f.findex[i + 1] == i);
    BOOST_TEST(f.findex[i + 2] == i);
    BOOST_TEST(f.hi[i + 1] == stacks.mu);
  }
  mlcp::BoxChainOptions chain;
  chain.links = 5;
  chain.contactsPerFace = 1;
  const mlcp::MatrixFreeProblem c = mlcp::boxChain(chain);
  BOOST_TEST(c.nub == 12);
  BOOST_TEST(c.size() == 12 + 3 * 5);
  BOOST_TEST(std::isinf(c.lo[0]));
  BOOST_TEST(c.lo[12] == 0.0);
}

BOOST_AUTO_TEST_CASE(assembled_matrix_is_symmetric_positive_definite_with_cfm) {
  mlcp::BoxStackOptions options;
  options.columnsX = 1;
  options.columnsY = 1;
  options.layers = 3;
  options.cfm = 1e-6;
  const Eigen::MatrixXd A = mlcp::boxStacks(options).toDense().A.dense();
  BOOST_TEST((A - A.transpose()).cwiseAbs().maxCoeff() <= 1e-14);
  const Eigen::VectorXd eigenvalues =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(A).eigenvalues();
  // Four coplanar contacts per face: rank 6 per body pair, so cfm is the smallest eigenvalue.
  BOOST_TEST(eigenvalues.minCoeff() >= 1e-6 * (1.0 - 1e-6));
  BOOST_TEST(eigenvalues.minCoeff() <= 1e-6 * (1.0 + 1e-6));
}

// A resting column without sliding: each contact carries the weight above it, x = m g h per
// cube (impulse form), friction zero. The analytic answer checks generator and solvers alike.
BOOST_AUTO_TEST_CASE(resting_column_carries_its_weight) {
  mlcp::BoxStackOptions options;
  options.columnsX = 1;
  options.columnsY = 1;
  options.layers = 3;
  options.contactsPerFace = 1;
  options.slideSpeed = 0.0;
  options.topMassRatio = 100.0;
  options.cfm = 0.0;
  const auto factors = std::make_shared<const mlcp::MatrixFreeProblem>(mlcp::boxStacks(options));
  const double weight = options.mass * options.gravity * options.timeStep;
  // Contacts bottom to top: the ground holds 2 + 100 cubes' weight, then 1 + 100, then 100.
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
  mlcp::BoxStackOptions options;
  const mlcp::MatrixFreeProblem a = mlcp::boxStacks(options);
  const mlcp::MatrixFreeProblem b = mlcp::boxStacks(options);
  BOOST_TEST((a.b - b.b).cwiseAbs().maxCoeff() == 0.0);
  options.seed = 2;
  BOOST_TEST((mlcp::boxStacks(options).b - a.b).cwiseAbs().maxCoeff() > 0.0);
}

BOOST_AUTO_TEST_CASE(bad_recipes_throw_naming_the_field) {
  mlcp::BoxStackOptions options;
  options.contactsPerFace = 3;
  try {
    mlcp::boxStacks(options);
    BOOST_FAIL("contactsPerFace = 3 accepted");
  } catch (const std::invalid_argument& e) {
    BOOST_TEST(std::string(e.what()) ==
               "BoxStackOptions::contactsPerFace = 3. Violated constraint: contactsPerFace is 1 "
               "or 4");
  }
  options = {};
  options.layers = 0;
  BOOST_CHECK_THROW(mlcp::boxStacks(options), std::invalid_argument);
  mlcp::BoxChainOptions chain;
  chain.endMassRatio = -1.0;
  BOOST_CHECK_THROW(mlcp::boxChain(chain), std::invalid_argument);
  BOOST_CHECK_THROW(mlcp::toProblem(nullptr), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
