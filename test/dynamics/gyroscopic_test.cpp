// docs/dynamics.md, "Gyroscopic modes": a free box (80 kg, 1 x 0.4 x 0.2 m, w0 = (1, 2, 3) rad/s, h
// = 1/60) under the three gyroscopic modes.

#include <mlcp/dynamics/dynamics.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>

namespace dyn = mlcp::dynamics;

namespace {

dyn::Scene spinningBox(const char* mode) {
  return dyn::makeScene("spinning-box", {std::string("gyroscopic=") + mode});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Gyroscopic)

BOOST_AUTO_TEST_CASE(the_seed_box_has_the_seed_inertia) {
  const dyn::Scene scene = spinningBox("implicit");
  const dyn::Body& box = scene.world.body(0);
  BOOST_TEST(box.mass == 80.0, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(std::abs(box.I_Bcm_B(0, 0) - 1.33) < 0.01);
  BOOST_TEST(std::abs(box.I_Bcm_B(1, 1) - 6.93) < 0.01);
  BOOST_TEST(std::abs(box.I_Bcm_B(2, 2) - 7.73) < 0.01);
  BOOST_TEST(box.gyroscopicMode == dyn::GyroscopicMode::Implicit);  // the scene's default
  BOOST_TEST(scene.timeStep == 1.0 / 60.0);
}

BOOST_AUTO_TEST_CASE(explicit_mode_gains_energy_without_bound) {
  dyn::Scene scene = spinningBox("explicit");
  const double initial = scene.world.kineticEnergy();
  int steps = 0;
  while (steps < 5000 && scene.world.kineticEnergy() < 100.0 * initial) {
    scene.world.step(scene.timeStep);
    ++steps;
  }
  BOOST_TEST_MESSAGE("explicit: kinetic energy x100 after " << steps << " steps");
  BOOST_TEST(scene.world.kineticEnergy() >= 100.0 * initial);
  BOOST_TEST(steps < 5000);
}

BOOST_AUTO_TEST_CASE(implicit_mode_never_gains_energy) {
  dyn::Scene scene = spinningBox("implicit");
  const double initial = scene.world.kineticEnergy();
  double previous = initial;
  double largestIncrease = 0.0;
  for (int k = 0; k < 3000; ++k) {
    scene.world.step(scene.timeStep);
    const double energy = scene.world.kineticEnergy();
    largestIncrease = std::max(largestIncrease, energy - previous);
    previous = energy;
  }
  BOOST_TEST_MESSAGE("implicit: kinetic energy " << initial << " J -> " << previous << " J");
  BOOST_TEST(largestIncrease <= 1e-12 * initial);
  BOOST_TEST(previous < initial);
  BOOST_TEST(previous > 0.0);
}

BOOST_AUTO_TEST_CASE(no_gyroscopic_term_conserves_angular_velocity) {
  dyn::Scene scene = spinningBox("none");
  const Eigen::Vector3d w0 = scene.world.body(0).w_WB;
  BOOST_TEST((w0 - Eigen::Vector3d(1.0, 2.0, 3.0)).norm() == 0.0);
  for (int k = 0; k < 3000; ++k) scene.world.step(scene.timeStep);
  BOOST_TEST((scene.world.body(0).w_WB - w0).norm() <= 1e-12);
  // The body does rotate: its orientation moved far from the start.
  BOOST_TEST(scene.world.body(0).q_WB.angularDistance(Eigen::Quaterniond::Identity()) > 0.1);
}

BOOST_AUTO_TEST_CASE(implicit_and_explicit_agree_for_small_steps) {
  // Both are first-order in h: after 0.1 s with h = 1e-4 their angular velocities agree closely.
  dyn::Scene a = spinningBox("implicit");
  dyn::Scene b = spinningBox("explicit");
  for (int k = 0; k < 1000; ++k) {
    a.world.step(1e-4);
    b.world.step(1e-4);
  }
  BOOST_TEST((a.world.body(0).w_WB - b.world.body(0).w_WB).norm() < 1e-2);
  BOOST_TEST((a.world.body(0).w_WB - Eigen::Vector3d(1.0, 2.0, 3.0)).norm() > 0.1);
}

BOOST_AUTO_TEST_CASE(mode_names_parse) {
  BOOST_TEST(dyn::gyroscopicModeFromString("explicit") == dyn::GyroscopicMode::Explicit);
  BOOST_CHECK_THROW(dyn::gyroscopicModeFromString("implicitly"), std::invalid_argument);
  BOOST_CHECK_THROW(spinningBox("sometimes"), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
