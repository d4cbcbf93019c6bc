// Swapping the solver of a running world: Dantzig -> PGS -> APGD -> matrix-free PGS -> matrix-free
// APGD every 100 steps of a resting 10-box stack, through mlcp::makeSolver and World::setSolver
// only (no libdynamics change). Solvers not registered are replaced by a second Dantzig
// configuration, with a message.

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <memory>

namespace dyn = mlcp::dynamics;

/// Precondition: box/box contacts need ODE's collision functions (libode-dev).
static boost::test_tools::assertion_result odeAvailable(boost::unit_test::test_unit_id) {
  boost::test_tools::assertion_result result(mlcp::dynamics::hasOdeCollision());
  result.message() << "libdynamics was built without ODE: no box/box contacts";
  return result;
}

BOOST_AUTO_TEST_SUITE(SolverSwap, *boost::unit_test::precondition(odeAvailable))

BOOST_AUTO_TEST_CASE(five_solvers_in_one_running_world) {
  const std::vector<std::string> available = mlcp::solverNames();
  std::vector<std::unique_ptr<mlcp::MixedLCP>> solvers;
  mlcp::SolverSettings settings;
  settings.maxIterations = 1000;
  for (const std::string name : {"dantzig", "pgs", "apgd", "pgs-matrix-free", "apgd-matrix-free"}) {
    if (std::find(available.begin(), available.end(), name) != available.end()) {
      solvers.push_back(mlcp::makeSolver(name, settings));
    } else {
      BOOST_TEST_MESSAGE("solver '" << name
                                    << "' is not registered yet: a second Dantzig "
                                       "(ODE's single pass) takes its turn");
      mlcp::DantzigOptions options;
      options.refreshFrictionBounds = false;
      solvers.push_back(std::make_unique<mlcp::DantzigSolver>(options));
    }
  }
  dyn::Scene scene = dyn::makeScene("box-stack");
  const int top = scene.watchedBodies.front();
  const Eigen::Vector3d start = scene.world.body(top).p_WB;
  for (const auto& solver : solvers) {
    scene.world.setSolver(*solver);
    for (int k = 0; k < 100; ++k) scene.world.step(scene.timeStep);
    BOOST_TEST(scene.world.lastStatistics().solverName == solver->name());
    BOOST_TEST(solver->report().status != mlcp::Status::NotSolved);
    BOOST_TEST_MESSAGE(solver->name()
                       << ": top box at drift " << (scene.world.body(top).p_WB - start).norm() * 1e3
                       << " mm after step " << scene.world.stepCount());
  }
  BOOST_TEST(scene.world.stepCount() == 500);
  BOOST_TEST((scene.world.body(top).p_WB - start).norm() <= 1e-3);
}

BOOST_AUTO_TEST_SUITE_END()
