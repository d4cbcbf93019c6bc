// docs/dynamics.md, "ERP, CFM and springs": ODE's ERP/CFM row as an implicit spring, checked to the
// digits the seed prints.

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace dyn = mlcp::dynamics;

namespace {

constexpr double kH = 1.0 / 60.0;

}  // namespace

BOOST_AUTO_TEST_SUITE(SpringParameters)

BOOST_AUTO_TEST_CASE(default_erp_cfm_are_a_stiff_spring) {
  const dyn::SpringGains gains = dyn::springFromErpCfm({0.2, 1e-5}, kH);
  BOOST_TEST(gains.kp == 1.2e6, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(gains.kd == 8e4, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(conversion_round_trip) {
  const dyn::ErpCfm erpCfm = dyn::erpCfmFromSpring({1.2e6, 8e4}, kH);
  BOOST_TEST(erpCfm.erp == 0.2, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(erpCfm.cfm == 1e-5, boost::test_tools::tolerance(1e-12));
  const dyn::SpringGains back = dyn::springFromErpCfm({0.7, 3e-4}, 0.01);
  const dyn::ErpCfm again = dyn::erpCfmFromSpring(back, 0.01);
  BOOST_TEST(again.erp == 0.7, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(again.cfm == 3e-4, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(critically_damped_unit_mass) {
  BOOST_TEST(dyn::criticalDamping(1e6, 1.0) == 2000.0, boost::test_tools::tolerance(1e-14));
  const dyn::ErpCfm erpCfm = dyn::criticallyDampedErpCfm(1e6, 1.0, kH);
  BOOST_TEST(std::abs(erpCfm.erp - 0.8928) < 1e-4);    // seed: ERP ~ 0.8928
  BOOST_TEST(std::abs(erpCfm.cfm - 5.357e-5) < 1e-8);  // seed: CFM ~ 5.357e-5
  // kd^2 / (4 kp) is the mass a spring is critically damped for (seed: m ~ 1.33e3 kg).
  const dyn::SpringGains gains = dyn::springFromErpCfm({0.2, 1e-5}, kH);
  BOOST_TEST(gains.kd * gains.kd / (4.0 * gains.kp) == 4000.0 / 3.0,
             boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(bad_values_are_rejected_with_a_message) {
  BOOST_CHECK_THROW(dyn::erpCfmFromSpring({-1.0, 1.0}, kH), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::erpCfmFromSpring({0.0, 0.0}, kH), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::erpCfmFromSpring({1.0, 1.0}, 0.0), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::springFromErpCfm({1.5, 1e-5}, kH), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::springFromErpCfm({0.2, 0.0}, kH), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::criticalDamping(1.0, 0.0), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::criticalDamping(std::nan(""), 1.0), std::invalid_argument);
}

// One step of the `spring` scene with Dantzig: docs/dynamics.md, "ERP, CFM and springs" F =
// -719.568 N, v = -11.992804 m/s, x = 0.8001199 m.
BOOST_AUTO_TEST_CASE(one_step_of_the_unit_mass_matches_seed_003) {
  dyn::Scene scene = dyn::makeScene("spring");
  BOOST_TEST(scene.timeStep == kH);
  mlcp::DantzigSolver solver;
  scene.world.setSolver(solver);
  scene.world.step(scene.timeStep);
  const double force = scene.world.lastLambda()[0];
  const dyn::Body& body = scene.world.body(0);
  BOOST_TEST(std::abs(force - -719.568) < 5e-4);
  BOOST_TEST(std::abs(body.v_WB.x() - -11.992804) < 5e-7);
  BOOST_TEST(std::abs(body.p_WB.x() - 0.8001199) < 5e-8);
  BOOST_TEST(body.v_WB.tail<2>().norm() == 0.0);
  // The implicit spring: the force equals -kp x' - kd v' with the equivalent gains.
  const dyn::SpringGains gains = dyn::springFromErpCfm({0.2, 1e-5}, kH);
  BOOST_TEST(-gains.kp * body.p_WB.x() - gains.kd * body.v_WB.x() == force,
             boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(spring_gains_give_the_same_step_as_their_erp_cfm) {
  mlcp::DantzigSolver solver;
  dyn::Scene byErp = dyn::makeScene("spring");
  dyn::Scene byGains = dyn::makeScene("spring", {"kp=1.2e6", "kd=8e4"});
  for (dyn::Scene* scene : {&byErp, &byGains}) {
    scene->world.setSolver(solver);
    for (int k = 0; k < 5; ++k) scene->world.step(kH);
  }
  BOOST_TEST(byGains.world.body(0).p_WB.x() == byErp.world.body(0).p_WB.x(),
             boost::test_tools::tolerance(1e-9));
  // A critically damped row converges faster than the default one (docs/dynamics.md, "ERP, CFM and
  // springs" log plot).
  const dyn::ErpCfm critical = dyn::criticallyDampedErpCfm(1e6, 1.0, kH);
  dyn::Scene stiff = dyn::makeScene(
      "spring", {fmt::format("erp={}", critical.erp), fmt::format("cfm={}", critical.cfm)});
  stiff.world.setSolver(solver);
  for (int k = 0; k < 5; ++k) stiff.world.step(kH);
  BOOST_TEST(std::abs(stiff.world.body(0).p_WB.x()) <
             1e-3 * std::abs(byErp.world.body(0).p_WB.x()));
}

BOOST_AUTO_TEST_SUITE_END()
