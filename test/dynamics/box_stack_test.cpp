// A stack of 10 unit boxes rests for 10 s (600 steps of 1/60 s): the top box drifts <= 1 mm
// with each solver, chosen by name (a solver not registered yet is skipped with a message).

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

namespace bdata = boost::unit_test::data;
namespace dyn = mlcp::dynamics;

namespace {

const std::vector<std::string> kSolvers = {"dantzig", "pgs", "apgd"};

bool registered(const std::string& name) {
  const std::vector<std::string> names = mlcp::solverNames();
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(BoxStack)

BOOST_DATA_TEST_CASE(ten_boxes_rest_for_ten_seconds, bdata::make(kSolvers), name) {
  if (!registered(name)) {
    BOOST_TEST_MESSAGE("solver '" << name << "' is not registered yet: skipped");
    return;
  }
  mlcp::SolverSettings settings;
  settings.maxIterations = 1000;  // iterative solvers: enough sweeps for a 10-box stack
  const std::unique_ptr<mlcp::MixedLCP> solver = mlcp::makeSolver(name, settings);
  dyn::Scene scene = dyn::makeScene("box-stack");  // the one line that differs between solvers:
  scene.world.setSolver(*solver);                  // this one
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

BOOST_AUTO_TEST_SUITE_END()
