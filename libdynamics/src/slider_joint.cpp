// Slider joint (ODE: joints/slider.cpp, with B's centre of mass as the moving point).
//
//   angular rows:  as FixedJoint: theta = rotation vector of q_WB (q_WA q_AB0)^-1,
//                  J_e = [ 0, -e | 0, e ], C = e . theta
//   linear rows:   a = R_WA axis_A, (p, q) perpendicular to a, P = p_WA + R_WA p_AP_A;
//                  d in {p, q}: C = d . (p_WB - P),
//                  Cdot = d . (v_B - v_A) + w_A . (d x (p_WB - p_WA))   (d and P fixed in A)
//                  J_d = [ -d, d x (p_WB - p_WA) | d, 0 ]
//   limit/motor:   s = a . (p_WB - P), same J with d = a.

#include "detail/spatial.hpp"

#include <mlcp/dynamics/slider_joint.hpp>

namespace mlcp::dynamics {

SliderJoint::SliderJoint(const std::vector<Body>& bodies,
                         int bodyA,
                         int bodyB,
                         const Eigen::Vector3d& axis_W)
    : Constraint(bodyA, bodyB) {
  detail::requireBodyIndex(bodies, bodyA, "SliderJoint");
  detail::requireBodyIndex(bodies, bodyB, "SliderJoint");
  if (bodyB < 0)
    throw std::invalid_argument("SliderJoint: body B must be a body (A may be the world)");
  const Eigen::Vector3d a = detail::unitAxis(axis_W, "SliderJoint");
  const detail::Pose A = detail::poseOf(bodies, bodyA);
  const detail::Pose B = detail::poseOf(bodies, bodyB);
  m_p_AP_A = A.R.transpose() * (B.p - A.p);
  m_axis_A = A.R.transpose() * a;
  m_q_AB0 = A.q.conjugate() * B.q;
}

double SliderJoint::position(const std::vector<Body>& bodies) const {
  const detail::Pose A = detail::poseOf(bodies, bodyA());
  const detail::Pose B = detail::poseOf(bodies, bodyB());
  return (A.R * m_axis_A).dot(B.p - (A.p + A.R * m_p_AP_A));
}

void SliderJoint::setLimitMotor(const LimitMotor& limitMotor) {
  limitMotor.validate();
  m_limitMotor = limitMotor;
}

int SliderJoint::rowCount(const RowContext& context) const {
  return m_limitMotor.rowActive(position(context.bodies)) ? 6 : 5;
}

void SliderJoint::fillRows(const RowContext& context, std::span<ConstraintRow> rows) const {
  static constexpr std::string_view kNames[5] = {"rx", "ry", "rz", "linear1", "linear2"};
  const detail::Pose A = detail::poseOf(context.body(bodyA()));
  const detail::Pose B = detail::poseOf(context.body(bodyB()));
  const ErpCfm erpCfm = context.resolve(softness());
  const Eigen::Vector3d theta = detail::rotationVector(B.q * (A.q * m_q_AB0).conjugate());
  for (int i = 0; i < 3; ++i) {
    ConstraintRow& row = rows[static_cast<size_t>(i)];
    detail::angularRow(Eigen::Vector3d::Unit(i), row);
    detail::setCorrection(theta[i], erpCfm, context.h, row);
  }
  const Eigen::Vector3d a = A.R * m_axis_A;
  const Eigen::Vector3d offset = B.p - (A.p + A.R * m_p_AP_A);
  Eigen::Vector3d p, q;
  detail::perpendicularBasis(a, p, q);
  detail::linearRowFixedInA(p, A.p, B.p, rows[3]);
  detail::setCorrection(p.dot(offset), erpCfm, context.h, rows[3]);
  detail::linearRowFixedInA(q, A.p, B.p, rows[4]);
  detail::setCorrection(q.dot(offset), erpCfm, context.h, rows[4]);
  for (int i = 0; i < 5; ++i) rows[static_cast<size_t>(i)].name = kNames[i];
  if (rows.size() > 5) {
    ConstraintRow& row = rows[5];
    detail::linearRowFixedInA(a, A.p, B.p, row);
    m_limitMotor.fillRow(a.dot(offset), context, row);
  }
}

}  // namespace mlcp::dynamics
