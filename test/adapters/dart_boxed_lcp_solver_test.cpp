#include "adapter_test_support.hpp"

#include <mlcp/adapters/common/padded_stride.hpp>
#include <mlcp/adapters/dart/dart_boxed_lcp_solver.hpp>
#include <mlcp/adapters/dart/dart_scene.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <limits>
#include <vector>

namespace ma = mlcp::adapters;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The box-stack scene at DART's default time step, 1 ms.
mlcp::dynamics::SceneDescription stackAtOneMillisecond() {
  mlcp::dynamics::SceneDescription scene = mlcp::dynamics::describeScene("box-stack");
  scene.timeStep = 0.001;
  return scene;
}

struct StackRun {
  double topDisplacement = 0.0;  // (unit: m)
  ma::AdapterStatistics statistics;
};

// The box-stack scene (10 boxes) stepped 600 times at DART's default 1 ms (0.6 s) with our solver
// as DART's primary BoxedLcpSolver and no secondary, so every impulse DART applies is ours.
StackRun runStack(const std::string& solverName,
                  const mlcp::SolverSettings& settings,
                  const ma::HostPolicy& policy) {
  auto adapter =
      std::make_shared<ma::DartBoxedLcpSolver>(mlcp::makeSolver(solverName, settings), policy);
  ma::DartScene scene(stackAtOneMillisecond(), adapter, nullptr);
  const int top = scene.bodyCount() - 1;
  const Eigen::Vector3d start = scene.position(top);
  for (int k = 0; k < 600; ++k) scene.step();
  StackRun run;
  run.topDisplacement = (scene.position(top) - start).norm();
  run.statistics = adapter->statistics();
  BOOST_TEST_MESSAGE("dart box-stack, " << solverName << ": top box moved " << run.topDisplacement
                                        << " m; " << run.statistics.summary());
  return run;
}

void checkIterativeStack(const std::string& name) {
  mlcp::SolverSettings settings;
  settings.maxIterations = 300;
  settings.relativeTolerance = 1e-8;
  ma::HostPolicy policy;
  policy.acceptRelativeResidual = 2e-2;  // a fixed budget inside a simulation (see Bullet's test)
  const StackRun run = runStack(name, settings, policy);
  BOOST_TEST(run.topDisplacement <= 0.01);
  BOOST_TEST(run.statistics.solves == 600);
  BOOST_TEST(run.statistics.rejected <= 60);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(DartBoxedLcpSolver)

BOOST_AUTO_TEST_CASE(ten_box_stack_stays_up_with_our_dantzig_as_primary) {
  const StackRun run = runStack("dantzig", {}, {});
  BOOST_TEST(run.topDisplacement <= 0.01);
  BOOST_TEST(run.statistics.solves == 600);
  BOOST_TEST(run.statistics.rejected == 0);
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

BOOST_AUTO_TEST_CASE(works_as_dart_s_secondary_solver) {
  // A primary that always gives up (one pivot allowed) makes DART hand every problem, from its
  // backups, to the secondary: our Dantzig behind the same adapter.
  mlcp::DantzigOptions hopeless;
  hopeless.maxPivots = 1;
  auto primary =
      std::make_shared<ma::DartBoxedLcpSolver>(std::make_unique<mlcp::DantzigSolver>(hopeless));
  auto secondary = std::make_shared<ma::DartBoxedLcpSolver>(mlcp::makeSolver("dantzig"));
  ma::DartScene scene(stackAtOneMillisecond(), primary, secondary);
  const int top = scene.bodyCount() - 1;
  const Eigen::Vector3d start = scene.position(top);
  for (int k = 0; k < 100; ++k) scene.step();
  BOOST_TEST_MESSAGE("dart box-stack, secondary: " << secondary->statistics().summary());
  BOOST_TEST(primary->statistics().solves >= 100);
  BOOST_TEST(primary->statistics().rejected == primary->statistics().solves);
  BOOST_TEST(secondary->statistics().solves == primary->statistics().rejected);
  BOOST_TEST(secondary->statistics().rejected == 0);
  BOOST_TEST((scene.position(top) - start).norm() <= 0.01);
}

BOOST_AUTO_TEST_CASE(reads_the_padded_lower_triangle_and_leaves_the_inputs_alone) {
  // n = 3 has row stride dPAD(3) = 4. The upper triangle and the padding hold garbage, which ODE's
  // convention says must never be read.
  const int n = 3;
  const int nSkip = ma::odePaddedStride(n);
  BOOST_TEST(nSkip == 4);
  std::vector<double> A(static_cast<std::size_t>(n * nSkip), 99.0);
  const double lower[3][3] = {{4, 0, 0}, {1, 5, 0}, {0, 2, 6}};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) A[static_cast<std::size_t>(i * nSkip + j)] = lower[i][j];
  std::vector<double> b{1, -2, 3}, lo{0, -kInf, -0.5}, hi{kInf, kInf, 0.5}, x{0, 0, 0};
  std::vector<int> findex{-1, -1, 0};
  const auto A0 = A;
  const auto b0 = b;
  const auto lo0 = lo;
  const auto hi0 = hi;
  const auto findex0 = findex;

  ma::DartBoxedLcpSolver adapter(mlcp::makeSolver("dantzig"));
  BOOST_TEST(adapter.getType() == ma::DartBoxedLcpSolver::getStaticType());
  BOOST_TEST(adapter.solve(n, A.data(), x.data(), b.data(), 0, lo.data(), hi.data(), findex.data(),
                           false));
  BOOST_TEST(A == A0);
  BOOST_TEST(b == b0);
  BOOST_TEST(lo == lo0);
  BOOST_TEST(hi == hi0);
  BOOST_TEST(findex == findex0);

  mlcp::Problem p;
  Eigen::MatrixXd denseA(n, n);
  denseA << 4, 1, 0, 1, 5, 2, 0, 2, 6;
  p.A = denseA;
  p.b = Eigen::Vector3d(1, -2, 3);
  p.lo = Eigen::Vector3d(0, -kInf, -0.5);
  p.hi = Eigen::Vector3d(kInf, kInf, 0.5);
  p.findex = mlcp::test::indexVector({-1, -1, 0});
  const mlcp::Residuals r =
      mlcp::computeResiduals(p, Eigen::Map<const Eigen::VectorXd>(x.data(), n));
  BOOST_TEST(r.relative <= 1e-10);  // DantzigOptions' default tolerance
}

BOOST_AUTO_TEST_CASE(a_failure_returns_false_with_x_usable) {
  // A singular 2 x 2 block with a right side it cannot meet: A = [1 1; 1 1], both rows free.
  const int n = 2;
  std::vector<double> A{1, 0, 0, 0, 1, 1, 0, 0};  // rows of stride 4: A00 = 1; A10 = A11 = 1
  BOOST_TEST(ma::odePaddedStride(n) == 4);
  std::vector<double> b{1, 2}, lo{-kInf, -kInf}, hi{kInf, kInf}, x{0, 0};
  std::vector<int> findex{-1, -1};
  ma::DartBoxedLcpSolver adapter(mlcp::makeSolver("dantzig"));
  BOOST_TEST(!adapter.solve(n, A.data(), x.data(), b.data(), 0, lo.data(), hi.data(), findex.data(),
                            true));
  BOOST_TEST(adapter.statistics().rejected == 1);
  BOOST_TEST(std::isfinite(x[0]));
  BOOST_TEST(std::isfinite(x[1]));
  BOOST_TEST_MESSAGE("singular system: " << adapter.solver().report().message);
}

BOOST_AUTO_TEST_SUITE_END()
