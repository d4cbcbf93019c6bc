// Ball-and-socket joint (ODE: joints/ball.cpp, setBall in joints/joint.cpp).
//
//   P_A = p_WA + R_WA p_AP_A,  P_B = p_WB + R_WB p_BP_B,  r_X = P_X - p_WX
//   C    = P_B - P_A                                   (3 rows, world axes e)
//   Cdot = v_B + w_B x r_B - v_A - w_A x r_A
//   J_e  = [ -e, -(r_A x e) | e, r_B x e ]              (since e . (w x r) = w . (r x e))
//   K    = J M^-1 J^T, c = -ERP C / h, unbounded.

#include "detail/spatial.hpp"

#include <mlcp/dynamics/ball_joint.hpp>

namespace mlcp::dynamics {

BallJoint::BallJoint(const std::vector<Body>& bodies,
                     int bodyA,
                     int bodyB,
                     const Eigen::Vector3d& p_WP)
    : Constraint(bodyA, bodyB) {
  detail::requireBodyIndex(bodies, bodyA, "BallJoint");
  detail::requireBodyIndex(bodies, bodyB, "BallJoint");
  detail::requireFinite(p_WP, "BallJoint", "p_WP");
  const detail::Pose A = detail::poseOf(bodies, bodyA);
  const detail::Pose B = detail::poseOf(bodies, bodyB);
  m_p_AP_A = A.R.transpose() * (p_WP - A.p);
  m_p_BP_B = B.R.transpose() * (p_WP - B.p);
}

void BallJoint::fillRows(const RowContext& context, std::span<ConstraintRow> rows) const {
  static constexpr std::string_view kNames[3] = {"x", "y", "z"};
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
    row.name = kNames[i];
  }
}

}  // namespace mlcp::dynamics
