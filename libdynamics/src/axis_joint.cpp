// Axis joint: one linear row along an axis fixed in A (a slider's row, or docs/dynamics.md, "ERP,
// CFM and springs" spring).
//
//   P = p_WA + R_WA p_AP_A, a = R_WA axis_A
//   C    = a . (p_WB - P)
//   Cdot = a . (v_B - v_A) + w_A . (a x (p_WB - p_WA))
//   J    = [ -a, a x (p_WB - p_WA) | a, 0 ]

#include "detail/spatial.hpp"

#include <mlcp/dynamics/axis_joint.hpp>

namespace mlcp::dynamics {

AxisJoint::AxisJoint(const std::vector<Body>& bodies,
                     int bodyA,
                     int bodyB,
                     const Eigen::Vector3d& p_WP,
                     const Eigen::Vector3d& axis_W)
    : Constraint(bodyA, bodyB) {
  detail::requireBodyIndex(bodies, bodyA, "AxisJoint");
  detail::requireBodyIndex(bodies, bodyB, "AxisJoint");
  detail::requireFinite(p_WP, "AxisJoint", "p_WP");
  if (bodyB < 0)
    throw std::invalid_argument("AxisJoint: body B must be a body (A may be the world)");
  const Eigen::Vector3d a = detail::unitAxis(axis_W, "AxisJoint");
  const detail::Pose A = detail::poseOf(bodies, bodyA);
  m_p_AP_A = A.R.transpose() * (p_WP - A.p);
  m_axis_A = A.R.transpose() * a;
}

void AxisJoint::fillRows(const RowContext& context, std::span<ConstraintRow> rows) const {
  const detail::Pose A = detail::poseOf(context.body(bodyA()));
  const detail::Pose B = detail::poseOf(context.body(bodyB()));
  const Eigen::Vector3d a = A.R * m_axis_A;
  ConstraintRow& row = rows[0];
  detail::linearRowFixedInA(a, A.p, B.p, row);
  detail::setCorrection(a.dot(B.p - (A.p + A.R * m_p_AP_A)), context.resolve(softness()), context.h,
                        row);
  row.name = "axis";
}

}  // namespace mlcp::dynamics
