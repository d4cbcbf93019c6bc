// A stack of 10 unit boxes rests for 10 s (600 steps of 1/60 s): the top box drifts <= 1 mm
// with each solver, chosen by name (a solver not registered yet is reported as skipped).

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <memory>

namespace dyn = mlcp::dynamics;

namespace {

/// Precondition of a test case: the solver is registered (tests of solvers not written yet are
/// reported as skipped, with the reason).
struct Registered {
  std::string name;
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    const std::vector<std::string> names = mlcp::solverNames();
    boost::test_tools::assertion_result result(std::find(names.begin(), names.end(), name) !=
                                               names.end());
    result.message() << "solver '" << name << "' is not registered yet";
    return result;
  }
};

/// Steps the default box-stack scene 600 times with the named solver and checks the top box.
void stackRests(const std::string& name) {
  mlcp::SolverSettings settings;
  settings.maxIterations = 1000;  // iterative solvers: enough sweeps for a 10-box stack
  const std::unique_ptr<mlcp::MixedLCP> solver = mlcp::makeSolver(name, settings);
  dyn::Scene scene = dyn::makeScene("box-stack");
  scene.world.setSolver(*solver);  // the one line that differs between solvers
  const int top = scene.watchedBodies.front();
  const Eigen::Vector3d start = scene.world.body(top).p_WB;
  double worstPenetration = 0.0, worstResidual = 0.0, seconds = 0.0;
  int notConverged = 0;
  for (int k = 0; k < 600; ++k) {
    scene.world.step(scene.timeStep);
    worstPenetration = std::max(worstPenetration, scene.world.lastProblem().maxPenetration());
    worstResidual = std::max(worstResidual, scene.world.lastStatistics().relativeResidual);
    seconds += scene.world.lastStatistics().solveSeconds;
    if (scene.world.lastStatistics().status != mlcp::Status::Converged) ++notConverged;
  }
  const double drift = (scene.world.body(top).p_WB - start).norm();
  BOOST_TEST_MESSAGE(name << ": top box drift " << drift * 1e3 << " mm, max penetration "
                          << worstPenetration * 1e3 << " mm, worst relative residual "
                          << worstResidual << ", " << notConverged << " steps not converged, "
                          << seconds << " s in the solver, " << scene.world.lastStatistics().rows
                          << " rows");
  BOOST_TEST(drift <= 1e-3);
  BOOST_TEST(scene.world.kineticEnergy() < 1e-6);
}

}  // namespace

/// Precondition: box/box contacts need ODE's collision functions (libode-dev).
static boost::test_tools::assertion_result odeAvailable(boost::unit_test::test_unit_id) {
  boost::test_tools::assertion_result result(mlcp::dynamics::hasOdeCollision());
  result.message() << "libdynamics was built without ODE: no box/box contacts";
  return result;
}

BOOST_AUTO_TEST_SUITE(BoxStack, *boost::unit_test::precondition(odeAvailable))

BOOST_AUTO_TEST_CASE(rests_with_dantzig) { stackRests("dantzig"); }

BOOST_AUTO_TEST_CASE(rests_with_pgs, *boost::unit_test::precondition(Registered{"pgs"})) {
  stackRests("pgs");
}

BOOST_AUTO_TEST_CASE(rests_with_apgd, *boost::unit_test::precondition(Registered{"apgd"})) {
  stackRests("apgd");
}

BOOST_AUTO_TEST_CASE(rests_with_matrix_free_pgs,
                     *boost::unit_test::precondition(Registered{"pgs-matrix-free"})) {
  stackRests("pgs-matrix-free");
}

BOOST_AUTO_TEST_CASE(rests_with_matrix_free_apgd,
                     *boost::unit_test::precondition(Registered{"apgd-matrix-free"})) {
  stackRests("apgd-matrix-free");
}

// The fallback chain (dantzig -> lemke -> apgd -> pgs) is a MixedLCP like the others.
BOOST_AUTO_TEST_CASE(rests_with_the_fallback_chain,
                     *boost::unit_test::precondition(Registered{"fallback"})) {
  stackRests("fallback");
}

BOOST_AUTO_TEST_SUITE_END()
