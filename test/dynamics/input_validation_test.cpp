// libdynamics input validation (issue 8): every bad mass, inertia, state, quaternion, material,
// softness, joint parameter and time step is refused with a std::invalid_argument whose message
// names the body or object, the field and the offending value; never an assert or a NaN step.

#include <mlcp/dynamics/dynamics.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace dyn = mlcp::dynamics;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// Runs action and checks that it throws std::invalid_argument whose message contains each of
/// words (the body or object, the field, the value).
template <typename Action>
void checkRejected(Action&& action, const std::vector<std::string_view>& words) {
  try {
    action();
    BOOST_ERROR("no std::invalid_argument was thrown");
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    for (std::string_view word : words)
      BOOST_TEST(message.find(word) != std::string::npos,
                 "message '" << message << "' names '" << word << "'");
  }
}

/// A valid unit-mass body named "wheel".
dyn::Body wheel() {
  dyn::Body body;
  body.name = "wheel";
  return body;
}

/// Adding body to a world must fail naming "wheel" and every one of words.
void checkBodyRejected(const dyn::Body& body, std::vector<std::string_view> words) {
  words.push_back("body 'wheel'");
  dyn::World world;
  checkRejected([&] { world.addBody(body); }, words);
  BOOST_TEST(world.bodyCount() == 0);
}

/// A world with one free body "wheel" (no geometry, so a step has no rows and needs no solver).
dyn::World worldWithWheel() {
  dyn::World world;
  world.addBody(wheel());
  return world;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(input_validation)

BOOST_AUTO_TEST_CASE(zero_mass) {
  dyn::Body body = wheel();
  body.mass = 0.0;
  checkBodyRejected(body, {"mass = 0 "});
}

BOOST_AUTO_TEST_CASE(negative_mass) {
  dyn::Body body = wheel();
  body.mass = -2.5;
  checkBodyRejected(body, {"mass = -2.5"});
}

BOOST_AUTO_TEST_CASE(nan_mass) {
  dyn::Body body = wheel();
  body.mass = kNaN;
  checkBodyRejected(body, {"mass = nan"});
}

BOOST_AUTO_TEST_CASE(infinite_mass) {
  dyn::Body body = wheel();
  body.mass = kInf;
  checkBodyRejected(body, {"mass = inf"});
}

BOOST_AUTO_TEST_CASE(nan_inertia_entry) {
  dyn::Body body = wheel();
  body.I_Bcm_B(1, 2) = kNaN;
  checkBodyRejected(body, {"I_Bcm_B(1, 2) = nan"});
}

BOOST_AUTO_TEST_CASE(infinite_inertia_entry) {
  dyn::Body body = wheel();
  body.I_Bcm_B(0, 0) = kInf;
  checkBodyRejected(body, {"I_Bcm_B(0, 0) = inf"});
}

BOOST_AUTO_TEST_CASE(non_symmetric_inertia) {
  dyn::Body body = wheel();
  body.I_Bcm_B(0, 1) = 0.5;
  checkBodyRejected(body, {"not symmetric", "I_Bcm_B(0, 1) = 0.5", "I_Bcm_B(1, 0) = 0"});
}

BOOST_AUTO_TEST_CASE(indefinite_inertia) {
  dyn::Body body = wheel();
  body.I_Bcm_B = Eigen::Vector3d(1.0, 2.0, -3.0).asDiagonal();
  checkBodyRejected(body, {"I_Bcm_B", "not positive definite", "-3"});
}

BOOST_AUTO_TEST_CASE(singular_inertia) {
  dyn::Body body = wheel();
  body.I_Bcm_B = Eigen::Vector3d(1.0, 1.0, 0.0).asDiagonal();
  checkBodyRejected(body, {"I_Bcm_B", "not positive definite", "eigenvalues (0, 1, 1)"});
  body.I_Bcm_B.setZero();
  checkBodyRejected(body, {"I_Bcm_B", "not positive definite", "eigenvalues (0, 0, 0)"});
}

BOOST_AUTO_TEST_CASE(non_finite_state) {
  const std::vector<std::pair<Eigen::Vector3d dyn::Body::*, std::string_view>> fields = {
      {&dyn::Body::p_WB, "position p_WB = (nan, 0, 0)"},
      {&dyn::Body::v_WB, "velocity v_WB = (nan, 0, 0)"},
      {&dyn::Body::w_WB, "angular velocity w_WB = (nan, 0, 0)"},
      {&dyn::Body::f_B_W, "force f_B_W = (nan, 0, 0)"},
      {&dyn::Body::tau_B_W, "torque tau_B_W = (nan, 0, 0)"}};
  for (const auto& [field, words] : fields) {
    dyn::Body body = wheel();
    (body.*field).x() = kNaN;
    checkBodyRejected(body, {words});
  }
}

BOOST_AUTO_TEST_CASE(nan_quaternion) {
  dyn::Body body = wheel();
  body.q_WB.x() = kNaN;
  checkBodyRejected(body, {"q_WB = (w 1, x nan, y 0, z 0)"});
}

BOOST_AUTO_TEST_CASE(zero_quaternion) {
  dyn::Body body = wheel();
  body.q_WB.coeffs().setZero();
  checkBodyRejected(body, {"q_WB", "norm 0;"});
}

BOOST_AUTO_TEST_CASE(non_unit_quaternion) {
  dyn::Body body = wheel();
  body.q_WB = Eigen::Quaterniond(1.1, 0.0, 0.0, 0.0);
  checkBodyRejected(body, {"q_WB = (w 1.1, x 0, y 0, z 0)", "norm 1.1"});
  // Just outside the tolerance is still an error, not a silent renormalisation.
  body.q_WB = Eigen::Quaterniond(1.0 + 3.0 * dyn::Body::kUnitQuaternionTolerance, 0.0, 0.0, 0.0);
  checkBodyRejected(body, {"q_WB", "|norm - 1| <= 1e-06"});
}

BOOST_AUTO_TEST_CASE(nearly_unit_quaternion_is_renormalised) {
  dyn::Body body = wheel();
  const double c = std::sqrt(0.5);
  body.q_WB = Eigen::Quaterniond(0.7071068, 0.0, 0.0, 0.7071068);  // 7 digits: |norm - 1| ~ 5e-8
  BOOST_TEST(std::abs(body.q_WB.norm() - 1.0) > 1e-9);
  dyn::World world;
  world.addBody(body);
  BOOST_TEST(std::abs(world.body(0).q_WB.norm() - 1.0) < 1e-15);
  BOOST_TEST((world.body(0).q_WB.coeffs() - Eigen::Vector4d(0.0, 0.0, c, c)).norm() < 1e-7);
}

BOOST_AUTO_TEST_CASE(body_changed_after_add_is_checked_at_the_next_step) {
  dyn::World world = worldWithWheel();
  world.body(0).mass = 0.0;
  checkRejected([&] { world.step(0.01); }, {"'wheel'", "mass = 0 "});
  BOOST_TEST(world.stepCount() == 0);
  world.body(0).mass = 1.0;
  world.body(0).q_WB = Eigen::Quaterniond(2.0, 0.0, 0.0, 0.0);
  checkRejected([&] { world.prepareStep(0.01); }, {"'wheel'", "q_WB", "norm 2"});
  world.body(0).q_WB.setIdentity();
  world.body(0).f_B_W.z() = kInf;
  checkRejected([&] { world.step(0.01); }, {"'wheel'", "force f_B_W = (0, 0, inf)"});
  world.body(0).f_B_W.setZero();
  world.step(0.01);
  BOOST_TEST(world.stepCount() == 1);
  BOOST_TEST(world.body(0).p_WB.allFinite());
}

BOOST_AUTO_TEST_CASE(bad_time_step) {
  dyn::World world = worldWithWheel();
  checkRejected([&] { world.step(0.0); }, {"World::step", "h = 0 "});
  checkRejected([&] { world.step(-0.01); }, {"World::step", "h = -0.01"});
  checkRejected([&] { world.step(kNaN); }, {"World::step", "h = nan"});
  checkRejected([&] { world.step(kInf); }, {"World::step", "h = inf"});
  checkRejected([&] { world.prepareStep(0.0); }, {"World::prepareStep", "h = 0 "});
  BOOST_TEST(world.stepCount() == 0);
}

BOOST_AUTO_TEST_CASE(nan_or_negative_mu) {
  dyn::World world;
  world.addGeometry({"ground", dyn::Plane{}, -1});
  world.addGeometry({"ball", dyn::Sphere{0.5}, -1, Eigen::Vector3d(3.0, 0.0, 0.5)});
  dyn::ContactMaterial material;
  material.mu = kNaN;
  checkRejected([&] { world.setDefaultContactMaterial(material); }, {"mu = nan"});
  checkRejected([&] { world.setContactMaterial(0, 1, material); }, {"mu = nan"});
  material.mu = -0.5;
  checkRejected([&] { world.setDefaultContactMaterial(material); }, {"mu = -0.5"});
  BOOST_TEST(world.defaultContactMaterial().mu == 0.5);
}

BOOST_AUTO_TEST_CASE(nan_contact_material_fields) {
  dyn::World world;
  const std::vector<std::pair<double dyn::ContactMaterial::*, std::string_view>> fields = {
      {&dyn::ContactMaterial::restitution, "restitution = nan"},
      {&dyn::ContactMaterial::bounceVelocity, "bounceVelocity = nan"},
      {&dyn::ContactMaterial::maxCorrectingVelocity, "maxCorrectingVelocity = nan"},
      {&dyn::ContactMaterial::surfaceLayer, "surfaceLayer = nan"}};
  for (const auto& [field, words] : fields) {
    dyn::ContactMaterial material;
    material.*field = kNaN;
    checkRejected([&] { world.setDefaultContactMaterial(material); }, {words});
  }
  dyn::ContactMaterial material;
  material.softness.cfm = kNaN;
  checkRejected([&] { world.setDefaultContactMaterial(material); }, {"cfm = nan"});
}

BOOST_AUTO_TEST_CASE(bad_world_erp_cfm) {
  dyn::World world;
  checkRejected([&] { world.setErpCfm({kNaN, 1e-5}); }, {"erp = nan"});
  checkRejected([&] { world.setErpCfm({1.5, 1e-5}); }, {"erp = 1.5"});
  checkRejected([&] { world.setErpCfm({0.2, -1e-5}); }, {"cfm = -1e-05"});
  checkRejected([&] { world.setErpCfm({0.2, kNaN}); }, {"cfm = nan"});
  checkRejected([&] { world.setErpCfm({0.2, kInf}); }, {"cfm = inf"});
  BOOST_TEST(world.erpCfm().erp == 0.2);
}

BOOST_AUTO_TEST_CASE(bad_joint_softness) {
  dyn::World world = worldWithWheel();
  dyn::BallJoint& joint = world.emplaceConstraint<dyn::BallJoint>(-1, 0, Eigen::Vector3d::UnitZ());
  dyn::RowSoftness softness;
  softness.erp = kNaN;
  checkRejected([&] { joint.setSoftness(softness); }, {"erp = nan"});
  checkRejected([&] { joint.setSoftness(dyn::RowSoftness::fromSpring(kNaN, 1.0)); }, {"kp = nan"});
  checkRejected([&] { joint.setSoftness(dyn::RowSoftness::fromSpring(100.0, -1.0)); }, {"kd = -1"});
}

BOOST_AUTO_TEST_CASE(non_finite_joint_anchor_or_axis) {
  dyn::World world = worldWithWheel();
  const std::vector<dyn::Body>& bodies = world.bodies();
  const Eigen::Vector3d bad(kNaN, 0.0, 0.0);
  const Eigen::Vector3d z = Eigen::Vector3d::UnitZ();
  checkRejected([&] { dyn::BallJoint(bodies, -1, 0, bad); }, {"BallJoint", "p_WP = (nan, 0, 0)"});
  checkRejected([&] { dyn::HingeJoint(bodies, -1, 0, bad, z); },
                {"HingeJoint", "p_WP = (nan, 0, 0)"});
  checkRejected([&] { dyn::HingeJoint(bodies, -1, 0, z, bad); },
                {"HingeJoint", "axis_W = (nan, 0, 0)"});
  checkRejected([&] { dyn::AxisJoint(bodies, -1, 0, bad, z); },
                {"AxisJoint", "p_WP = (nan, 0, 0)"});
  checkRejected([&] { dyn::SliderJoint(bodies, -1, 0, Eigen::Vector3d(0.0, kInf, 0.0)); },
                {"SliderJoint", "axis_W = (0, inf, 0)"});
  checkRejected([&] { dyn::DistanceJoint(bodies, -1, 0, z, bad); },
                {"DistanceJoint", "p_WPB = (nan, 0, 0)"});
  checkRejected([&] { dyn::DistanceJoint(bodies, -1, 0, z, z, kNaN); },
                {"DistanceJoint", "distance = nan"});
}

BOOST_AUTO_TEST_CASE(nan_limit_motor) {
  dyn::World world = worldWithWheel();
  dyn::HingeJoint& hinge = world.emplaceConstraint<dyn::HingeJoint>(-1, 0, Eigen::Vector3d::Zero(),
                                                                    Eigen::Vector3d::UnitZ());
  dyn::LimitMotor limit;
  limit.lower = kNaN;
  checkRejected([&] { hinge.setLimitMotor(limit); }, {"LimitMotor::lower = nan"});
  limit = {};
  limit.motorSpeed = kInf;
  checkRejected([&] { hinge.setLimitMotor(limit); }, {"LimitMotor::motorSpeed = inf"});
  limit = {};
  limit.maxMotorForce = kNaN;
  checkRejected([&] { hinge.setLimitMotor(limit); }, {"LimitMotor::maxMotorForce = nan"});
  limit = {};
  limit.limitSoftness.cfm = -1.0;
  checkRejected([&] { hinge.setLimitMotor(limit); }, {"cfm = -1"});
}

BOOST_AUTO_TEST_CASE(non_finite_gravity) {
  dyn::World world;
  checkRejected([&] { world.setGravity({0.0, 0.0, kNaN}); }, {"gravity = (0, 0, nan)"});
  BOOST_TEST(world.gravity().z() == -9.81);
}

BOOST_AUTO_TEST_CASE(bad_geometry_pose) {
  dyn::World world = worldWithWheel();
  dyn::Geometry geometry{"rim", dyn::Sphere{0.5}, 0};
  geometry.q_BG = Eigen::Quaterniond(0.0, 0.0, 0.0, 0.9);
  checkRejected([&] { world.addGeometry(geometry); }, {"'rim'", "q_BG", "norm 0.9"});
  geometry.q_BG.setIdentity();
  geometry.p_BG.y() = kNaN;
  checkRejected([&] { world.addGeometry(geometry); }, {"'rim'", "p_BG = (0, nan, 0)"});
  geometry.p_BG.setZero();
  geometry.shape = dyn::Sphere{kNaN};
  checkRejected([&] { world.addGeometry(geometry); }, {"'rim'", "sphere radius = nan"});
}

BOOST_AUTO_TEST_SUITE_END()
