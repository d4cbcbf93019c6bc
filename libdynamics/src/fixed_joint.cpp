// Fixed joint (ODE: joints/fixed.cpp).
//
//   point rows:    anchor P at B's centre of mass (r_B = 0), fixed in A: as BallJoint
//   angular rows:  q_err = q_WB (q_WA q_AB0)^-1 (world axes), theta = its rotation vector;
//                  for small errors thetadot = w_B - w_A, so J_e = [ 0, -e | 0, e ], C = e . theta.

#include "detail/spatial.hpp"

#include <mlcp/dynamics/fixed_joint.hpp>

namespace mlcp::dynamics {

FixedJoint::FixedJoint(const std::vector<Body>& bodies, int bodyA, int bodyB)
    : Constraint(bodyA, bodyB) {
  detail::requireBodyIndex(bodies, bodyA, "FixedJoint");
  detail::requireBodyIndex(bodies, bodyB, "FixedJoint");
  const detail::Pose A = detail::poseOf(bodies, bodyA);
  const detail::Pose B = detail::poseOf(bodies, bodyB);
  m_p_AP_A = A.R.transpose() * (B.p - A.p);
  m_q_AB0 = A.q.conjugate() * B.q;
}

void FixedJoint::fillRows(const RowContext& context, std::span<ConstraintRow> rows) const {
  static constexpr std::string_view kNames[6] = {"x", "y", "z", "rx", "ry", "rz"};
  const detail::Pose A = detail::poseOf(context.body(bodyA()));
  const detail::Pose B = detail::poseOf(context.body(bodyB()));
  const ErpCfm erpCfm = context.resolve(softness());
  const Eigen::Vector3d r_A = A.R * m_p_AP_A;
  const Eigen::Vector3d C = B.p - (A.p + r_A);
  const Eigen::Vector3d theta = detail::rotationVector(B.q * (A.q * m_q_AB0).conjugate());
  for (int i = 0; i < 3; ++i) {
    ConstraintRow& point = rows[static_cast<size_t>(i)];
    detail::pointRow(Eigen::Vector3d::Unit(i), r_A, Eigen::Vector3d::Zero(), point);
    detail::setCorrection(C[i], erpCfm, context.h, point);
    ConstraintRow& angular = rows[static_cast<size_t>(i + 3)];
    detail::angularRow(Eigen::Vector3d::Unit(i), angular);
    detail::setCorrection(theta[i], erpCfm, context.h, angular);
  }
  for (int i = 0; i < 6; ++i) rows[static_cast<size_t>(i)].name = kNames[i];
}

}  // namespace mlcp::dynamics
