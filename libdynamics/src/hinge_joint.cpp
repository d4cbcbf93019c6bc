// Hinge joint (ODE: joints/hinge.cpp).
//
//   ball rows:   as BallJoint (C = P_B - P_A)
//   swing rows:  a_A = R_WA axis_A, a_B = R_WB axis_B, (p, q) perpendicular to a_A;
//                u = a_A x a_B; a small rotation delta of B relative to A about d in {p, q} gives
//                u = delta d, so C = u . d and Cdot = (w_B - w_A) . d:
//                J_d = [ 0, -d | 0, d ]
//   angle:       q_x = q_WA^-1 q_WB q_AB0^-1 is the rotation of B relative to its creation pose,
//                in A's axes, about axis_A: theta = 2 atan2(vec(q_x) . axis_A, w(q_x));
//                thetadot = (w_B - w_A) . a_A, so the limit/motor row is J = [ 0, -a_A | 0, a_A ].

#include "detail/spatial.hpp"

#include <mlcp/dynamics/hinge_joint.hpp>

#include <cmath>

namespace mlcp::dynamics {

HingeJoint::HingeJoint(const std::vector<Body>& bodies,
                       int bodyA,
                       int bodyB,
                       const Eigen::Vector3d& p_WP,
                       const Eigen::Vector3d& axis_W)
    : Constraint(bodyA, bodyB) {
  detail::requireBodyIndex(bodies, bodyA, "HingeJoint");
  detail::requireBodyIndex(bodies, bodyB, "HingeJoint");
  detail::requireFinite(p_WP, "HingeJoint", "p_WP");
  const Eigen::Vector3d a = detail::unitAxis(axis_W, "HingeJoint");
  const detail::Pose A = detail::poseOf(bodies, bodyA);
  const detail::Pose B = detail::poseOf(bodies, bodyB);
  m_p_AP_A = A.R.transpose() * (p_WP - A.p);
  m_p_BP_B = B.R.transpose() * (p_WP - B.p);
  m_axis_A = A.R.transpose() * a;
  m_axis_B = B.R.transpose() * a;
  m_q_AB0 = A.q.conjugate() * B.q;
}

double HingeJoint::angle(const std::vector<Body>& bodies) const {
  const detail::Pose A = detail::poseOf(bodies, bodyA());
  const detail::Pose B = detail::poseOf(bodies, bodyB());
  const Eigen::Quaterniond q_x = A.q.conjugate() * B.q * m_q_AB0.conjugate();
  return 2.0 * std::atan2(q_x.vec().dot(m_axis_A), q_x.w());
}

void HingeJoint::setLimitMotor(const LimitMotor& limitMotor) {
  limitMotor.validate();
  m_limitMotor = limitMotor;
}

int HingeJoint::rowCount(const RowContext& context) const {
  return m_limitMotor.rowActive(angle(context.bodies)) ? 6 : 5;
}

void HingeJoint::fillRows(const RowContext& context, std::span<ConstraintRow> rows) const {
  static constexpr std::string_view kNames[5] = {"x", "y", "z", "swing1", "swing2"};
  const detail::Pose A = detail::poseOf(context.body(bodyA()));
  const detail::Pose B = detail::poseOf(context.body(bodyB()));
  const Eigen::Vector3d r_A = A.R * m_p_AP_A;
  const Eigen::Vector3d r_B = B.R * m_p_BP_B;
  const Eigen::Vector3d C = (B.p + r_B) - (A.p + r_A);
  const ErpCfm erpCfm = context.resolve(softness());
  for (int i = 0; i < 3; ++i) {
    ConstraintRow& row = rows[static_cast<size_t>(i)];
    detail::pointRow(Eigen::Vector3d::Unit(i), r_A, r_B, row);
    detail::setCorrection(C[i], erpCfm, context.h, row);
  }
  const Eigen::Vector3d a_A = A.R * m_axis_A;
  const Eigen::Vector3d a_B = B.R * m_axis_B;
  Eigen::Vector3d p, q;
  detail::perpendicularBasis(a_A, p, q);
  const Eigen::Vector3d u = a_A.cross(a_B);
  detail::angularRow(p, rows[3]);
  detail::setCorrection(u.dot(p), erpCfm, context.h, rows[3]);
  detail::angularRow(q, rows[4]);
  detail::setCorrection(u.dot(q), erpCfm, context.h, rows[4]);
  for (int i = 0; i < 5; ++i) rows[static_cast<size_t>(i)].name = kNames[i];
  if (rows.size() > 5) {
    ConstraintRow& row = rows[5];
    detail::angularRow(a_A, row);
    m_limitMotor.fillRow(angle(context.bodies), context, row);
  }
}

}  // namespace mlcp::dynamics
