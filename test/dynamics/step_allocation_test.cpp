// A steady-state World::step() allocates nothing: a scene is let come to rest (matrix-free PGS
// with a fixed sweep count, as ODE's quickstep), then the heap allocations of further steps are
// counted. The step keeps its buffers (contact constraints, rows, labels, broad phase,
// warm-start table, the solver's arrays) from step to step, so once the row count has stopped
// changing nothing is allocated. (A step whose row count changes reallocates the Eigen arrays of
// size n: Factors's, with realloc, and the solver's.)

#include "allocation_counter.hpp"

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace dyn = mlcp::dynamics;

namespace {

/// Steps the scene 300 times to rest, then checks that 10 more steps with the same row count
/// allocate nothing.
void restingStepAllocatesNothing(const std::string& name, const std::vector<std::string>& params) {
  dyn::Scene scene = dyn::makeScene(name, params);
  mlcp::PgsOptions options;
  options.maxIterations = 20;
  options.relativeTolerance = 0.0;
  mlcp::PgsSolver solver(options);
  scene.world.setSolver(solver);
  for (int k = 0; k < 300; ++k) scene.world.step(scene.timeStep);
  const int rows = scene.world.lastStatistics().rows;
  BOOST_TEST_REQUIRE(rows > 0);

  constexpr int kSteps = 10;
  long allocated = 0;
  int sameRows = 0;
  {
    const mlcp::test::AllocationCounter counter;
    for (int k = 0; k < kSteps; ++k) {
      scene.world.step(scene.timeStep);
      if (scene.world.lastStatistics().rows == rows) ++sameRows;
    }
    allocated = counter.count();
  }
  BOOST_TEST_REQUIRE(sameRows == kSteps, name << " has not come to rest: its rows changed");
  BOOST_TEST_MESSAGE(name << ", " << rows << " rows: " << allocated << " allocations in " << kSteps
                          << " steps");
  BOOST_TEST(allocated == 0);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(StepAllocation)

// Built-in contacts: four spheres in a bin a quarter wider than one, a column at rest.
BOOST_AUTO_TEST_CASE(resting_sphere_column_allocates_nothing) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocations cannot be counted in this build: skipped");
    return;
  }
  restingStepAllocatesNothing("pile", {"count=4", "shape=sphere"});
}

BOOST_AUTO_TEST_SUITE_END()
