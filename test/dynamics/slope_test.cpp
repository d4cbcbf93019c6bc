// A box on a slope sticks when tan(angle) < mu and slides when tan(angle) > mu, with the
// acceleration g (sin a - mu cos a) of Coulomb friction (semi-implicit Euler: after N steps of h
// the distance is a h^2 N (N + 1) / 2).

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <cmath>
#include <numbers>

namespace dyn = mlcp::dynamics;

namespace {

/// Distance travelled downhill by the box after `steps` steps.
double slideDistance(double angleDegrees, double mu, int steps) {
  dyn::Scene scene =
      dyn::makeScene("slope", {fmt::format("angle={}", angleDegrees), fmt::format("mu={}", mu)});
  mlcp::DantzigSolver solver;
  scene.world.setSolver(solver);
  const int box = scene.watchedBodies.front();
  const Eigen::Vector3d start = scene.world.body(box).p_WB;
  for (int k = 0; k < steps; ++k) scene.world.step(scene.timeStep);
  const double a = angleDegrees * std::numbers::pi / 180.0;
  const Eigen::Vector3d downhill(std::cos(a), 0.0, -std::sin(a));
  return (scene.world.body(box).p_WB - start).dot(downhill);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Slope)

BOOST_AUTO_TEST_CASE(sticks_below_the_friction_angle) {
  // atan(0.5) = 26.57 degrees.
  for (const double angle : {10.0, 20.0, 25.0}) {
    const double distance = slideDistance(angle, 0.5, 120);
    BOOST_TEST_INFO("angle " << angle);
    BOOST_TEST(std::abs(distance) < 1e-3);
  }
}

BOOST_AUTO_TEST_CASE(slides_above_the_friction_angle_at_the_coulomb_rate) {
  const double g = 9.81, h = 1.0 / 60.0;
  const int steps = 60;
  for (const double angle : {28.0, 35.0, 45.0}) {
    const double a = angle * std::numbers::pi / 180.0;
    const double acceleration = g * (std::sin(a) - 0.5 * std::cos(a));
    const double expected = acceleration * h * h * steps * (steps + 1) / 2.0;
    const double distance = slideDistance(angle, 0.5, steps);
    BOOST_TEST_MESSAGE("angle " << angle << ": slid " << distance << " m, Coulomb " << expected
                                << " m");
    BOOST_TEST_INFO("angle " << angle);
    BOOST_TEST(distance == expected, boost::test_tools::tolerance(0.02));
  }
}

BOOST_AUTO_TEST_SUITE_END()
