// Bodies and their mass properties: the density helpers against closed forms, the derived
// quantities, and the checks on bad data.

#include <mlcp/dynamics/dynamics.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace dyn = mlcp::dynamics;

BOOST_AUTO_TEST_SUITE(Body)

BOOST_AUTO_TEST_CASE(box_sphere_capsule_mass_properties) {
  const dyn::MassProperties box = dyn::boxMassProperties(1000.0, {1.0, 0.4, 0.2});
  BOOST_TEST(box.mass == 80.0, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(box.I_Bcm_B(0, 0) == 80.0 / 12.0 * (0.16 + 0.04), boost::test_tools::tolerance(1e-12));
  BOOST_TEST(box.I_Bcm_B(2, 2) == 80.0 / 12.0 * (1.0 + 0.16), boost::test_tools::tolerance(1e-12));
  BOOST_TEST(box.I_Bcm_B(0, 1) == 0.0);

  const dyn::MassProperties sphere = dyn::sphereMassProperties(1000.0, 0.5);
  BOOST_TEST(sphere.mass == 1000.0 * 4.0 / 3.0 * std::numbers::pi * 0.125,
             boost::test_tools::tolerance(1e-12));
  BOOST_TEST(sphere.I_Bcm_B(1, 1) == 0.4 * sphere.mass * 0.25, boost::test_tools::tolerance(1e-12));

  // A capsule of length 0 is a sphere.
  const dyn::MassProperties ball = dyn::capsuleMassProperties(1000.0, 0.5, 0.0);
  BOOST_TEST(ball.mass == sphere.mass, boost::test_tools::tolerance(1e-12));
  BOOST_TEST((ball.I_Bcm_B - sphere.I_Bcm_B).norm() < 1e-9);
  // A long thin capsule approaches a rod: I_xx -> m L^2 / 12.
  const dyn::MassProperties rod = dyn::capsuleMassProperties(1000.0, 1e-3, 2.0);
  BOOST_TEST(rod.I_Bcm_B(0, 0) == rod.mass * 4.0 / 12.0, boost::test_tools::tolerance(3e-3));
  BOOST_TEST(rod.I_Bcm_B(2, 2) < 1e-5 * rod.I_Bcm_B(0, 0));

  BOOST_CHECK_THROW(dyn::boxMassProperties(0.0, {1.0, 1.0, 1.0}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::boxMassProperties(1.0, {1.0, -1.0, 1.0}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::sphereMassProperties(1.0, std::nan("")), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::capsuleMassProperties(1.0, 0.1, -1.0), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(derived_quantities) {
  dyn::Body body =
      dyn::Body::withMass("b", dyn::boxMassProperties(1.0, {1.0, 2.0, 3.0}), {1.0, 2.0, 3.0});
  body.q_WB =
      Eigen::Quaterniond(Eigen::AngleAxisd(0.5 * std::numbers::pi, Eigen::Vector3d::UnitZ()));
  body.v_WB = {1.0, 0.0, 0.0};
  body.w_WB = {0.0, 0.0, 2.0};
  // Rotated a quarter turn about z: body x is world y, so I_W(1,1) = I_B(0,0).
  BOOST_TEST(body.I_Bcm_W()(1, 1) == body.I_Bcm_B(0, 0), boost::test_tools::tolerance(1e-12));
  BOOST_TEST((body.I_Bcm_W() * body.inverseInertiaWorld() - Eigen::Matrix3d::Identity()).norm() <
             1e-12);
  BOOST_TEST((body.w_WB_B() - Eigen::Vector3d(0.0, 0.0, 2.0)).norm() < 1e-12);
  BOOST_TEST(body.kineticEnergy() == 0.5 * 6.0 * 1.0 + 0.5 * 4.0 * body.I_Bcm_B(2, 2),
             boost::test_tools::tolerance(1e-12));
  // v_P = v + w x r for r = (1, 0, 0): (1, 2, 0).
  BOOST_TEST((body.pointVelocity({2.0, 2.0, 3.0}) - Eigen::Vector3d(1.0, 2.0, 0.0)).norm() < 1e-12);
}

BOOST_AUTO_TEST_CASE(validation_names_the_body_and_field) {
  dyn::Body body;
  body.name = "wheel";
  body.p_WB.x() = std::nan("");
  BOOST_CHECK_EXCEPTION(body.validate(), std::invalid_argument, [](const auto& e) {
    return std::string(e.what()).find("wheel") != std::string::npos;
  });
  body.p_WB.x() = 0.0;
  body.I_Bcm_B = Eigen::Vector3d(1.0, 1.0, -1.0).asDiagonal();
  BOOST_CHECK_THROW(body.validate(), std::invalid_argument);
  body.I_Bcm_B.setIdentity();
  body.q_WB.coeffs().setZero();
  BOOST_CHECK_THROW(body.validate(), std::invalid_argument);
  body.q_WB.setIdentity();
  BOOST_CHECK_NO_THROW(body.validate());
}

BOOST_AUTO_TEST_SUITE_END()
