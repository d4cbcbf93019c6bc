// Stepping with an exact solver warm-started from the previous step (World's persistent contact
// keys, and bpp's kept partition and body-space pattern): every step exact, and a warm and a cold
// start on the same step problem both pass the same residual check (docs/bpp.md, "Warm starts").

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

namespace {

constexpr double kExact = 1e-8;  // the spec's exactness, scaled and relative
constexpr int kSteps = 30;

/// The spec's residuals of x on the step problem the world solved last.
mlcp::Residuals stepResiduals(const mlcp::dynamics::World& world, const Eigen::VectorXd& x) {
  return mlcp::computeResiduals(world.lastProblem().toProblem(), x);
}

/// Steps `scene` kSteps times with `solver` warm-started; at each step also solves the same
/// problem cold with a fresh solver of the same name. Checks both answers exact.
void stepWarmAndCold(const std::string& scene,
                     const std::vector<std::string>& parameters,
                     const std::string& solverName) {
  mlcp::dynamics::Scene s = mlcp::dynamics::makeScene(scene, parameters);
  mlcp::SolverSettings settings;
  settings.relativeTolerance = 1e-9;
  std::unique_ptr<mlcp::MixedLCP> warm = mlcp::makeSolver(solverName, settings);
  s.world.setSolver(*warm);
  int warmStarted = 0;
  int solved = 0;
  for (int k = 0; k < kSteps; ++k) {
    s.world.step(s.timeStep);
    if (s.world.lastStatistics().rows == 0) continue;
    BOOST_TEST_CONTEXT(fmt::format("{} with {}, step {}", scene, solverName, k + 1)) {
      ++solved;
      const mlcp::Residuals w = stepResiduals(s.world, warm->getLambda());
      BOOST_TEST(w.scaled <= kExact);
      BOOST_TEST(w.relative <= kExact);
      if (const auto* bpp = dynamic_cast<const mlcp::BppSolver*>(warm.get()))
        warmStarted += bpp->statistics().warmStarted ? 1 : 0;

      std::unique_ptr<mlcp::MixedLCP> cold = mlcp::makeSolver(solverName, settings);
      cold->setProblem(s.world.lastProblem().toProblem());
      const mlcp::SolveReport& report = cold->solve();
      BOOST_TEST_INFO(report.message);
      const mlcp::Residuals c = stepResiduals(s.world, cold->getLambda());
      BOOST_TEST(c.scaled <= kExact);
      BOOST_TEST(c.relative <= kExact);
    }
  }
  BOOST_TEST(solved > kSteps / 2);
  if (solverName == "bpp") BOOST_TEST(warmStarted >= solved - 1);  // all but the first step
}

}  // namespace

BOOST_AUTO_TEST_SUITE(WarmStepping)

BOOST_AUTO_TEST_CASE(bpp_steps_a_three_box_stack_exactly_warm_and_cold) {
  stepWarmAndCold("box-stack", {"count=3"}, "bpp");
}

BOOST_AUTO_TEST_CASE(polish_steps_a_ten_sphere_pile_exactly_warm_and_cold) {
  stepWarmAndCold("pile", {"count=10"}, "polish");
}

BOOST_AUTO_TEST_CASE(bpp_in_body_space_steps_a_ten_sphere_pile_exactly) {
  // Forced into body space (sparse G and K, CHOLMOD / KLU): the pattern and its analysis are
  // kept from step to step while the contacting pairs hold.
  mlcp::dynamics::Scene s = mlcp::dynamics::makeScene("pile", {"count=10"});
  mlcp::BppOptions options;
  options.relativeTolerance = 1e-9;
  options.sparseAboveRank = 0;
  mlcp::BppSolver solver(options);
  s.world.setSolver(solver);
  int exact = 0;
  int solved = 0;
  for (int k = 0; k < kSteps; ++k) {
    s.world.step(s.timeStep);
    if (s.world.lastStatistics().rows == 0) continue;
    ++solved;
    BOOST_TEST(solver.statistics().sparse);
    const mlcp::Residuals r = stepResiduals(s.world, solver.getLambda());
    exact += r.scaled <= kExact && r.relative <= kExact ? 1 : 0;
  }
  BOOST_TEST(solved > kSteps / 2);
  BOOST_TEST(exact == solved);
}

BOOST_AUTO_TEST_SUITE_END()
