// Joints: their Jacobians match the rate of their position errors, and each keeps what it
// should while allowing what it should.

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <memory>
#include <numbers>
#include <vector>

namespace dyn = mlcp::dynamics;

namespace {

dyn::Body box(const char* name, const Eigen::Vector3d& p, double mass = 1.0) {
  return dyn::Body::withMass(name, dyn::boxMassProperties(mass / 0.02, {1.0, 0.2, 0.1}), p);
}

/// Two bodies in general position with arbitrary velocities.
std::vector<dyn::Body> twoMovingBodies() {
  std::vector<dyn::Body> bodies = {box("a", {0.1, -0.2, 0.3}), box("b", {1.2, 0.4, -0.1})};
  bodies[0].q_WB =
      Eigen::Quaterniond(Eigen::AngleAxisd(0.4, Eigen::Vector3d(1, 2, 3).normalized()));
  bodies[1].q_WB =
      Eigen::Quaterniond(Eigen::AngleAxisd(-0.7, Eigen::Vector3d(0, 1, -1).normalized()));
  bodies[0].v_WB = {0.3, -1.1, 0.5};
  bodies[0].w_WB = {0.7, 0.2, -0.9};
  bodies[1].v_WB = {-0.4, 0.6, 1.3};
  bodies[1].w_WB = {-1.2, 0.8, 0.3};
  return bodies;
}

std::vector<dyn::ConstraintRow> rowsOf(const dyn::Constraint& constraint,
                                       const std::vector<dyn::Body>& bodies) {
  const dyn::RowContext context{1.0 / 60.0, {0.2, 1e-5}, bodies};
  std::vector<dyn::ConstraintRow> rows(static_cast<size_t>(constraint.rowCount(context)));
  constraint.fillRows(context, rows);
  return rows;
}

/// Moves every body by dt along its velocity (exact rotation for constant w).
std::vector<dyn::Body> advanced(std::vector<dyn::Body> bodies, double dt) {
  for (dyn::Body& b : bodies) {
    b.p_WB += dt * b.v_WB;
    if (b.w_WB.norm() > 0.0)
      b.q_WB =
          Eigen::Quaterniond(Eigen::AngleAxisd(dt * b.w_WB.norm(), b.w_WB.normalized())) * b.q_WB;
  }
  return bodies;
}

/// max_i |J_i v - dC_i/dt| with dC/dt by central differences.
double jacobianMismatch(const dyn::Constraint& constraint, const std::vector<dyn::Body>& bodies) {
  const double dt = 1e-6;
  const auto rows = rowsOf(constraint, bodies);
  const auto ahead = rowsOf(constraint, advanced(bodies, dt));
  const auto behind = rowsOf(constraint, advanced(bodies, -dt));
  double worst = 0.0;
  for (size_t i = 0; i < rows.size(); ++i) {
    double jv = 0.0;
    for (int side = 0; side < 2; ++side) {
      const int index = side == 0 ? constraint.bodyA() : constraint.bodyB();
      if (index < 0) continue;
      const dyn::Body& b = bodies[static_cast<size_t>(index)];
      const dyn::Vector6d& J = side == 0 ? rows[i].J_A : rows[i].J_B;
      jv += J.head<3>().dot(b.v_WB) + J.tail<3>().dot(b.w_WB);
    }
    const double rate = (ahead[i].violation - behind[i].violation) / (2.0 * dt);
    worst = std::max(worst, std::abs(jv - rate));
  }
  return worst;
}

/// A world of one body hanging from / attached to the world, with Dantzig.
struct OneBodyWorld {
  dyn::World world;
  mlcp::DantzigSolver solver;
  explicit OneBodyWorld(const dyn::Body& body) {
    world.addBody(body);
    world.setSolver(solver);
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(Joints)

BOOST_AUTO_TEST_CASE(jacobians_are_the_rates_of_the_errors) {
  const std::vector<dyn::Body> at = twoMovingBodies();
  const Eigen::Vector3d p(0.6, 0.1, 0.2), axis(0.3, -0.5, 0.8);
  // Point-type rows have exact Jacobians anywhere: check them with joints made elsewhere, so
  // their errors are not zero where they are checked.
  std::vector<dyn::Body> elsewhere = at;
  elsewhere[1].p_WB += Eigen::Vector3d(0.05, -0.03, 0.02);
  elsewhere[1].q_WB =
      Eigen::Quaterniond(Eigen::AngleAxisd(0.1, Eigen::Vector3d::UnitX())) * elsewhere[1].q_WB;
  // Angular rows are linearised about zero error (as ODE's): check them where they were made.
  std::vector<std::unique_ptr<dyn::Constraint>> joints;
  joints.push_back(std::make_unique<dyn::BallJoint>(elsewhere, 0, 1, p));
  joints.push_back(std::make_unique<dyn::BallJoint>(elsewhere, -1, 1, p));
  joints.push_back(std::make_unique<dyn::DistanceJoint>(elsewhere, 0, 1, p,
                                                        Eigen::Vector3d(1.0, 0.5, 0.0), 0.5));
  joints.push_back(std::make_unique<dyn::AxisJoint>(elsewhere, 0, 1, p, axis));
  joints.push_back(std::make_unique<dyn::AxisJoint>(elsewhere, -1, 1, p, axis));
  joints.push_back(std::make_unique<dyn::HingeJoint>(at, 0, 1, p, axis));
  joints.push_back(std::make_unique<dyn::SliderJoint>(at, 0, 1, axis));
  joints.push_back(std::make_unique<dyn::SliderJoint>(at, -1, 1, axis));
  joints.push_back(std::make_unique<dyn::FixedJoint>(at, 0, 1));
  joints.push_back(std::make_unique<dyn::FixedJoint>(at, -1, 0));
  dyn::LimitMotor limit;
  limit.upper = -1.0;  // violated: the limit row is on
  auto hinge = std::make_unique<dyn::HingeJoint>(at, 0, 1, p, axis);
  hinge->setLimitMotor(limit);
  joints.push_back(std::move(hinge));
  auto slider = std::make_unique<dyn::SliderJoint>(at, 0, 1, axis);
  slider->setLimitMotor(limit);
  joints.push_back(std::move(slider));
  for (const auto& joint : joints) {
    const double mismatch = jacobianMismatch(*joint, at);
    BOOST_TEST_INFO(joint->kind() << " " << joint->bodyA() << "/" << joint->bodyB() << ", "
                                  << joint->rowCount({1.0 / 60.0, {}, at}) << " rows");
    BOOST_TEST(mismatch < 1e-6);
  }
}

BOOST_AUTO_TEST_CASE(errors_are_zero_where_the_joint_was_made) {
  const std::vector<dyn::Body> bodies = twoMovingBodies();
  const Eigen::Vector3d p(0.6, 0.1, 0.2), axis(0.3, -0.5, 0.8);
  const dyn::HingeJoint hinge(bodies, 0, 1, p, axis);
  const dyn::SliderJoint slider(bodies, 0, 1, axis);
  const dyn::FixedJoint fixed(bodies, 0, 1);
  for (const dyn::Constraint* joint : std::vector<const dyn::Constraint*>{&hinge, &slider, &fixed})
    for (const dyn::ConstraintRow& row : rowsOf(*joint, bodies))
      BOOST_TEST(std::abs(row.violation) < 1e-12);
  BOOST_TEST(hinge.angle(bodies) == 0.0);
  BOOST_TEST(std::abs(slider.position(bodies)) < 1e-15);
}

BOOST_AUTO_TEST_CASE(ball_joint_pendulum_has_the_compound_pendulum_period) {
  // A 1 m box link hanging from the world at its top end, released 5 degrees from vertical.
  const double L = 1.0, t = 0.1, m = 1.0, g = 9.81;
  dyn::Body link = dyn::Body::withMass("link", dyn::boxMassProperties(m / (L * t * t), {t, t, L}),
                                       {0.0, 0.0, -0.5 * L});
  OneBodyWorld w(link);
  w.world.emplaceConstraint<dyn::BallJoint>(-1, 0, Eigen::Vector3d::Zero());
  const double angle = 5.0 * std::numbers::pi / 180.0;
  const Eigen::Quaterniond tilt(Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitY()));
  w.world.body(0).q_WB = tilt;
  w.world.body(0).p_WB = tilt * Eigen::Vector3d(0.0, 0.0, -0.5 * L);
  const double pivotInertia = m * (L * L + t * t) / 12.0 + m * 0.25 * L * L;
  const double period = 2.0 * std::numbers::pi * std::sqrt(pivotInertia / (m * g * 0.5 * L));
  const double h = 1.0 / 1000.0;
  std::vector<double> crossings;  // times x goes from + to -
  double previousX = w.world.body(0).p_WB.x();
  double worstError = 0.0;
  while (w.world.time() < 3.0 * period) {
    w.world.step(h);
    worstError = std::max(worstError, w.world.lastProblem().maxJointError());
    const double x = w.world.body(0).p_WB.x();
    if (previousX > 0.0 && x <= 0.0) crossings.push_back(w.world.time() - h * x / (x - previousX));
    previousX = x;
  }
  BOOST_TEST_REQUIRE(crossings.size() >= 2u);
  const double measured =
      (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
  BOOST_TEST_MESSAGE("pendulum period " << measured << " s, small-angle theory " << period << " s");
  BOOST_TEST(std::abs(measured - period) < 0.005 * period);
  BOOST_TEST(worstError < 1e-4);
}

BOOST_AUTO_TEST_CASE(hinge_swings_only_about_its_axis_and_stops_at_its_limit) {
  OneBodyWorld w(box("arm", {0.5, 0.0, 0.0}));
  auto& hinge = w.world.emplaceConstraint<dyn::HingeJoint>(-1, 0, Eigen::Vector3d::Zero(),
                                                           Eigen::Vector3d::UnitY());
  dyn::LimitMotor limit;
  limit.upper = 0.3;  // falling under gravity is a positive rotation about +y
  hinge.setLimitMotor(limit);
  double largestAngle = 0.0;
  for (int k = 0; k < 240; ++k) {
    w.world.step(1.0 / 60.0);
    const dyn::Body& arm = w.world.body(0);
    BOOST_TEST(std::abs(arm.w_WB.x()) + std::abs(arm.w_WB.z()) < 1e-6);
    largestAngle = std::max(largestAngle, hinge.angle(w.world.bodies()));
  }
  BOOST_TEST(largestAngle < 0.3 + 0.05);
  BOOST_TEST(std::abs(hinge.angle(w.world.bodies()) - 0.3) < 0.01);
  BOOST_TEST(w.world.lastProblem().maxJointError() < 1e-4);
}

BOOST_AUTO_TEST_CASE(hinge_motor_drives_the_angle_rate) {
  OneBodyWorld w(box("wheel", {0.0, 0.0, 0.0}));
  w.world.setGravity(Eigen::Vector3d::Zero());
  auto& hinge = w.world.emplaceConstraint<dyn::HingeJoint>(-1, 0, Eigen::Vector3d::Zero(),
                                                           Eigen::Vector3d::UnitZ());
  dyn::LimitMotor motor;
  motor.motorSpeed = 1.0;
  motor.maxMotorForce = 100.0;
  hinge.setLimitMotor(motor);
  for (int k = 0; k < 30; ++k) w.world.step(1.0 / 60.0);
  BOOST_TEST(std::abs(w.world.body(0).w_WB.z() - 1.0) < 1e-3);
  BOOST_TEST(std::abs(hinge.angle(w.world.bodies()) - 0.5) < 0.02);
  // A weak motor cannot reach the speed: the torque saturates at its bound.
  motor.motorSpeed = 100.0;
  motor.maxMotorForce = 0.01;
  hinge.setLimitMotor(motor);
  w.world.step(1.0 / 60.0);
  BOOST_TEST(std::abs(w.world.lastLambda()[5]) == 0.01, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(slider_moves_only_along_its_axis_and_its_limit_holds) {
  dyn::Body body = box("carriage", {0.0, 0.0, 1.0});
  body.v_WB = {0.7, -0.4, 1.0};
  body.w_WB = {0.3, 0.2, 0.1};
  OneBodyWorld w(body);
  w.world.setGravity(Eigen::Vector3d::Zero());
  auto& slider = w.world.emplaceConstraint<dyn::SliderJoint>(-1, 0, Eigen::Vector3d::UnitZ());
  w.world.step(1.0 / 60.0);
  BOOST_TEST(std::abs(w.world.body(0).v_WB.z() - 1.0) < 1e-3);  // the axial velocity survives
  BOOST_TEST(w.world.body(0).v_WB.head<2>().norm() < 1e-3);
  BOOST_TEST(w.world.body(0).w_WB.norm() < 1e-3);
  // Under gravity the carriage falls along the axis onto its lower limit and rests there.
  w.world.setGravity({0.0, 0.0, -9.81});
  dyn::LimitMotor limit;
  limit.lower = -0.2;
  slider.setLimitMotor(limit);
  for (int k = 0; k < 120; ++k) w.world.step(1.0 / 60.0);
  BOOST_TEST(std::abs(slider.position(w.world.bodies()) - -0.2) < 1e-3);
  BOOST_TEST(w.world.lastStatistics().rows == 6);
  BOOST_TEST(w.world.body(0).p_WB.head<2>().norm() < 1e-3);
}

BOOST_AUTO_TEST_CASE(fixed_joint_carries_its_body_and_keeps_the_relative_pose) {
  dyn::World world;
  mlcp::DantzigSolver solver;
  world.setSolver(solver);
  world.setGravity(Eigen::Vector3d::Zero());
  dyn::Body a = box("a", {0.0, 0.0, 0.0}), b = box("b", {0.8, 0.3, 0.1}, 2.0);
  a.w_WB = {0.5, 1.0, -0.7};
  a.v_WB = {1.0, 0.0, 0.0};
  world.addBody(a);
  world.addBody(b);
  world.emplaceConstraint<dyn::FixedJoint>(0, 1);
  const Eigen::Quaterniond relative0 = world.body(0).q_WB.conjugate() * world.body(1).q_WB;
  const Eigen::Vector3d offset0 =
      world.body(0).R_WB().transpose() * (world.body(1).p_WB - world.body(0).p_WB);
  for (int k = 0; k < 120; ++k) world.step(1.0 / 60.0);
  const Eigen::Quaterniond relative = world.body(0).q_WB.conjugate() * world.body(1).q_WB;
  const Eigen::Vector3d offset =
      world.body(0).R_WB().transpose() * (world.body(1).p_WB - world.body(0).p_WB);
  BOOST_TEST(relative.angularDistance(relative0) < 1e-3);
  BOOST_TEST((offset - offset0).norm() < 1e-3);
  BOOST_TEST(world.body(1).v_WB.norm() > 0.1);  // b moves with a
}

BOOST_AUTO_TEST_CASE(distance_joint_as_a_spring_settles_at_the_static_extension) {
  // Unit mass hanging from a spring of rest length 1 m, k = 100 N/m, critically damped:
  // it settles at 1 + m g / k below the anchor.
  OneBodyWorld w(box("weight", {0.0, 0.0, -1.0}));
  auto& spring = w.world.emplaceConstraint<dyn::DistanceJoint>(
      -1, 0, Eigen::Vector3d::Zero(), Eigen::Vector3d(0.0, 0.0, -1.0), 1.0);
  spring.setSoftness(dyn::RowSoftness::fromSpring(100.0, dyn::criticalDamping(100.0, 1.0)));
  for (int k = 0; k < 600; ++k) w.world.step(1.0 / 60.0);
  BOOST_TEST(std::abs(-w.world.body(0).p_WB.z() - (1.0 + 9.81 / 100.0)) < 1e-3);
  // A stiff distance joint keeps the distance up to the linearisation error of a swing,
  // about (v h)^2 / (2 L ERP) per step: 13 mm at h = 1/60, 0.8 mm at h = 1/240.
  OneBodyWorld stiff(box("bob", {1.0, 0.0, 0.0}));
  stiff.world.emplaceConstraint<dyn::DistanceJoint>(-1, 0, Eigen::Vector3d::Zero(),
                                                    Eigen::Vector3d(1.0, 0.0, 0.0));
  double lowest = 0.0;
  for (int k = 0; k < 240; ++k) {
    stiff.world.step(1.0 / 240.0);
    lowest = std::min(lowest, stiff.world.body(0).p_WB.z());
  }
  BOOST_TEST(std::abs(stiff.world.body(0).p_WB.norm() - 1.0) < 2e-3);
  BOOST_TEST(lowest < -0.99);  // it swung through the bottom
}

BOOST_AUTO_TEST_CASE(bad_joints_are_rejected) {
  const std::vector<dyn::Body> bodies = twoMovingBodies();
  BOOST_CHECK_THROW(dyn::BallJoint(bodies, 0, 0, Eigen::Vector3d::Zero()), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::BallJoint(bodies, -1, -1, Eigen::Vector3d::Zero()), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::BallJoint(bodies, 0, 2, Eigen::Vector3d::Zero()), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::HingeJoint(bodies, 0, 1, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()),
                    std::invalid_argument);
  BOOST_CHECK_THROW(
      dyn::DistanceJoint(bodies, 0, 1, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), -1.0),
      std::invalid_argument);
  dyn::LimitMotor limit;
  limit.lower = 1.0;
  limit.upper = 0.0;
  BOOST_CHECK_THROW(limit.validate(), std::invalid_argument);
  dyn::HingeJoint hinge(bodies, 0, 1, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  BOOST_CHECK_THROW(hinge.setLimitMotor(limit), std::invalid_argument);
  BOOST_CHECK_THROW(hinge.setSoftness(dyn::RowSoftness::fromErpCfm(1.5, 0.0)),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
