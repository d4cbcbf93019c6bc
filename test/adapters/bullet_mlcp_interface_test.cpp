#include "adapter_test_support.hpp"

#include <mlcp/adapters/bullet/bullet_mlcp_interface.hpp>
#include <mlcp/adapters/bullet/bullet_scene.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <BulletDynamics/MLCPSolvers/btDantzigSolver.h>
#include <limits>

namespace ma = mlcp::adapters;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The box-stack scene with CFM 0.
mlcp::dynamics::SceneDescription stackWithoutCfm() {
  mlcp::dynamics::SceneDescription scene = mlcp::dynamics::describeScene("box-stack");
  scene.cfm = 0.0;
  return scene;
}

struct StackRun {
  double topDisplacement = 0.0;  // (unit: m)
  int fallbacks = 0;
  ma::AdapterStatistics statistics;
};

// The 10-box stack stepped 600 times (10 s at 60 Hz) through btMLCPSolver and our adapter.
StackRun runStack(const std::string& solverName,
                  const mlcp::SolverSettings& settings,
                  const ma::HostPolicy& policy) {
  ma::BulletMlcpInterface adapter(mlcp::makeSolver(solverName, settings), policy);
  ma::BulletScene scene(mlcp::dynamics::describeScene("box-stack"), adapter);
  const int top = scene.bodyCount() - 1;
  const Eigen::Vector3d start = scene.position(top);
  for (int k = 0; k < 600; ++k) scene.step();
  StackRun run;
  run.topDisplacement = (scene.position(top) - start).norm();
  run.fallbacks = scene.fallbacks();
  run.statistics = adapter.statistics();
  BOOST_TEST_MESSAGE("bullet box-stack, " << solverName << ": top box moved " << run.topDisplacement
                                          << " m, fallbacks " << run.fallbacks << "; "
                                          << run.statistics.summary());
  return run;
}

// Settings for the iterative solvers inside a simulation: a fixed budget of 300 iterations,
// warm started by Bullet, results accepted up to a relative residual of 2e-2 (Bullet's own
// btSolveProjectedGaussSeidel accepts whatever 10 sweeps give). A rejected step is worse than
// an approximate one here: Bullet's fallback, 10 sequential-impulse sweeps, lets the stack sag
// by about 10 cm over the run.
mlcp::SolverSettings iterativeSettings() {
  mlcp::SolverSettings settings;
  settings.maxIterations = 300;
  settings.relativeTolerance = 1e-8;
  return settings;
}

ma::HostPolicy iterativePolicy() {
  ma::HostPolicy policy;
  policy.acceptRelativeResidual = 2e-2;
  return policy;
}

void checkIterativeStack(const std::string& name) {
  const StackRun run = runStack(name, iterativeSettings(), iterativePolicy());
  BOOST_TEST(run.topDisplacement <= 0.01);
  BOOST_TEST(run.statistics.solves == 600);
  // Most steps must be ours, not Bullet's fallback iterations.
  BOOST_TEST(run.fallbacks <= 60);
  BOOST_TEST(run.fallbacks == run.statistics.rejected);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(BulletMlcpInterface)

BOOST_AUTO_TEST_CASE(ten_box_stack_stays_up_with_our_dantzig_and_no_fallback) {
  const StackRun run = runStack("dantzig", {}, {});
  BOOST_TEST(run.topDisplacement <= 0.01);
  BOOST_TEST(run.fallbacks == 0);
  BOOST_TEST(run.statistics.solves == 600);
  BOOST_TEST(run.statistics.rejected == 0);
  BOOST_TEST(run.statistics.largestSize == 120);  // 10 manifolds x 4 points x 3 rows
  BOOST_TEST(run.statistics.maxRelativeResidual <= 1e-10);
}

BOOST_AUTO_TEST_CASE(ten_box_stack_stays_up_with_our_pgs,
                     *boost::unit_test::precondition(mlcp::test::SolverRegistered{"pgs"})) {
  checkIterativeStack("pgs");
}

BOOST_AUTO_TEST_CASE(ten_box_stack_stays_up_with_our_apgd,
                     *boost::unit_test::precondition(mlcp::test::SolverRegistered{"apgd"})) {
  checkIterativeStack("apgd");
}

BOOST_AUTO_TEST_CASE(a_failure_is_bullets_fallback_and_is_counted) {
  // CFM 0 leaves the four-point manifolds singular (12 rows of rank 6): our Dantzig reports
  // SingularPivot there, the adapter answers false, and btMLCPSolver falls back.
  ma::BulletMlcpInterface adapter(mlcp::makeSolver("dantzig"));
  ma::BulletScene scene(stackWithoutCfm(), adapter);
  for (int k = 0; k < 60; ++k) scene.step();
  const ma::AdapterStatistics& stats = adapter.statistics();
  BOOST_TEST_MESSAGE("bullet box-stack with CFM 0, dantzig: " << stats.summary());
  BOOST_TEST(stats.rejected > 0);
  BOOST_TEST(scene.fallbacks() == stats.rejected);
  BOOST_TEST(stats.byStatus[static_cast<int>(mlcp::Status::SingularPivot)] > 0);
}

BOOST_AUTO_TEST_CASE(our_fallback_chain_answers_where_dantzig_alone_is_rejected) {
  // The same CFM-0 stack through the fallback chain (dantzig -> apgd -> pgs): the steps where
  // Dantzig meets a singular pivot get an iterative answer instead of Bullet's fallback.
  auto run = [](const char* solverName) {
    mlcp::SolverSettings settings;
    settings.maxIterations = 1000;      // the iterative stages: enough for 120 rows, a short test
    settings.relativeTolerance = 1e-5;  // what APGD reaches there in 1000 steps
    ma::BulletMlcpInterface adapter(mlcp::makeSolver(solverName, settings));
    ma::BulletScene scene(stackWithoutCfm(), adapter);
    for (int k = 0; k < 60; ++k) scene.step();
    BOOST_TEST_MESSAGE("bullet box-stack with CFM 0, " << solverName << ": "
                                                       << adapter.statistics().summary());
    return adapter.statistics().rejected;
  };
  const int dantzigRejected = run("dantzig");
  const int fallbackRejected = run("fallback");
  BOOST_TEST(dantzigRejected > 0);
  BOOST_TEST(fallbackRejected < dantzigRejected);
}

BOOST_AUTO_TEST_CASE(reads_bullets_arrays_and_writes_x_back) {
  // Row 0: a joint row with Bullet's "infinite" bounds; row 1: a contact normal with
  // hi = 1e10; row 2: its friction row (limitDependency = 1, mu = 0.5).
  btMatrixXu A(3, 3);
  const double a[3][3] = {{3, 1, 0}, {1, 4, 1}, {0, 1, 5}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) A.setElem(i, j, a[i][j]);
  btVectorXu b(3), x(3), lo(3), hi(3);
  btAlignedObjectArray<int> findex;
  findex.resize(3);
  const double bv[3] = {1, 2, 3}, lov[3] = {-1e18, 0, -0.5}, hiv[3] = {1e18, 1e10, 0.5};
  const int fv[3] = {-1, -1, 1};
  for (int i = 0; i < 3; ++i) {
    b[i] = bv[i];
    lo[i] = lov[i];
    hi[i] = hiv[i];
    findex[i] = fv[i];
    x[i] = 7.0;  // Bullet's warm start; Dantzig does not use it
  }
  ma::BulletMlcpInterface adapter(mlcp::makeSolver("dantzig"));
  BOOST_TEST(adapter.solveMLCP(A, b, x, lo, hi, findex, 10, true));

  mlcp::Problem p;
  p.A = Eigen::Map<const Eigen::Matrix3d>(&a[0][0]).transpose();
  p.b = Eigen::Vector3d(1, 2, 3);
  p.lo = Eigen::Vector3d(-kInf, 0, -0.5);
  p.hi = Eigen::Vector3d(kInf, kInf, 0.5);
  p.findex = mlcp::test::indexVector({-1, -1, 1});
  p.nub = 1;
  mlcp::DantzigSolver reference;
  reference.setProblem(p);
  BOOST_TEST(reference.solve().succeeded());
  const mlcp::Problem seen = adapter.solver().problem();
  BOOST_TEST(seen.nub == 1);
  BOOST_TEST(seen.lo[0] == -kInf);
  BOOST_TEST(seen.hi[1] == kInf);
  for (int i = 0; i < 3; ++i) BOOST_TEST(x[i] == reference.getLambda()[i]);
  BOOST_TEST(adapter.statistics().solves == 1);
}

BOOST_AUTO_TEST_CASE(bad_data_answers_false_and_leaves_x_alone) {
  btMatrixXu A(2, 2);
  A.setElem(0, 0, 2.0);
  A.setElem(1, 1, 2.0);
  A.setElem(0, 1, 0.0);
  A.setElem(1, 0, 0.0);
  btVectorXu b(2), x(2), lo(2), hi(2);
  btAlignedObjectArray<int> findex;
  findex.resize(2);
  for (int i = 0; i < 2; ++i) {
    b[i] = 1.0;
    x[i] = 0.25;
    lo[i] = 0.0;
    hi[i] = 1e10;
    findex[i] = -1;
  }
  lo[1] = 2.0;
  hi[1] = 1.0;  // lo > hi
  ma::BulletMlcpInterface adapter(mlcp::makeSolver("dantzig"));
  BOOST_TEST(!adapter.solveMLCP(A, b, x, lo, hi, findex, 10, true));
  BOOST_TEST(x[0] == 0.25);
  BOOST_TEST(x[1] == 0.25);
  BOOST_TEST(adapter.solver().report().status == mlcp::Status::InvalidProblem);
  BOOST_TEST(adapter.solver().report().message.find("lo[1]") != std::string::npos);
  BOOST_TEST(adapter.statistics().rejected == 1);
}

BOOST_AUTO_TEST_SUITE_END()
