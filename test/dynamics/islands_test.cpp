// The world hands its MLCP over as factors (J, M^-1, CFM); an IslandSolver set as its solver
// splits it by the bodies the rows touch (issue 12, islands) and solves each island with its
// own solver: the same trajectory as the whole problem, bit for bit on any thread count.

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <vector>

namespace dyn = mlcp::dynamics;

namespace {

/// Positions of every body after `steps` steps of a pile of 40 spheres falling in their bin
/// (separate at first: one island per sphere on the ground, then clusters); each step's answer
/// must be exact (Dantzig's friction rounds stop settling on some steps after step 23).
std::vector<Eigen::Vector3d> pileAfter(mlcp::MixedLCP& solver, int steps, int* mostIslands) {
  dyn::Scene scene = dyn::makeScene("pile", {"count=40"});
  scene.world.setSolver(solver);
  for (int k = 0; k < steps; ++k) {
    scene.world.step(scene.timeStep);
    BOOST_TEST_INFO("step " << k << ": " << solver.report().message);
    BOOST_TEST(scene.world.lastStatistics().status == mlcp::Status::Converged);
    if (mostIslands != nullptr)
      if (const auto* islands = dynamic_cast<const mlcp::IslandSolver*>(&solver))
        *mostIslands = std::max(*mostIslands, islands->islandCount());
  }
  std::vector<Eigen::Vector3d> positions;
  for (int body = 0; body < scene.world.bodyCount(); ++body)
    positions.push_back(scene.world.body(body).p_WB);
  return positions;
}

double largestDistance(const std::vector<Eigen::Vector3d>& a,
                       const std::vector<Eigen::Vector3d>& b) {
  double largest = 0.0;
  for (size_t k = 0; k < a.size(); ++k) largest = std::max(largest, (a[k] - b[k]).norm());
  return largest;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Islands)

BOOST_AUTO_TEST_CASE(a_pile_stepped_island_by_island_follows_the_whole_solve) {
  constexpr int kSteps = 23;
  mlcp::DantzigSolver whole;
  mlcp::IslandSolver islands([] { return mlcp::makeSolver("dantzig"); });
  int mostIslands = 0;
  const std::vector<Eigen::Vector3d> expected = pileAfter(whole, kSteps, nullptr);
  const std::vector<Eigen::Vector3d> split = pileAfter(islands, kSteps, &mostIslands);
  BOOST_TEST_MESSAGE("up to " << mostIslands << " islands per step");
  BOOST_TEST(mostIslands > 1);
  BOOST_TEST(largestDistance(split, expected) <= 1e-9);  // unit: m
}

BOOST_AUTO_TEST_CASE(threads_give_the_same_trajectory) {
  constexpr int kSteps = 23;
  mlcp::IslandSolver serial([] { return mlcp::makeSolver("pgs"); }, 1);
  mlcp::IslandSolver threaded([] { return mlcp::makeSolver("pgs"); }, 3);
  const std::vector<Eigen::Vector3d> a = pileAfter(serial, kSteps, nullptr);
  const std::vector<Eigen::Vector3d> b = pileAfter(threaded, kSteps, nullptr);
  BOOST_TEST(largestDistance(a, b) == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()
