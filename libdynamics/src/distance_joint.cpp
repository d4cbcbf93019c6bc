// Distance joint (ODE: joints/dball.cpp).
//
//   P_A = p_WA + R_WA p_APA_A, P_B = p_WB + R_WB p_BPB_B, d = P_B - P_A, u = d / |d|
//   C    = |d| - distance
//   Cdot = u . (v_PB - v_PA)
//   J    = [ -u, -(r_A x u) | u, r_B x u ]

#include "detail/spatial.hpp"

#include <mlcp/dynamics/distance_joint.hpp>

#include <cmath>

namespace mlcp::dynamics {

DistanceJoint::DistanceJoint(const std::vector<Body>& bodies,
                             int bodyA,
                             int bodyB,
                             const Eigen::Vector3d& p_WPA,
                             const Eigen::Vector3d& p_WPB,
                             std::optional<double> distance)
    : Constraint(bodyA, bodyB), m_distance(distance.value_or((p_WPB - p_WPA).norm())) {
  detail::requireBodyIndex(bodies, bodyA, "DistanceJoint");
  detail::requireBodyIndex(bodies, bodyB, "DistanceJoint");
  detail::requireFinite(p_WPA, "DistanceJoint", "p_WPA");
  detail::requireFinite(p_WPB, "DistanceJoint", "p_WPB");
  if (!(m_distance >= 0.0) || !std::isfinite(m_distance))
    throw std::invalid_argument(
        fmt::format("DistanceJoint: distance = {} must be finite and >= 0 m", m_distance));
  const detail::Pose A = detail::poseOf(bodies, bodyA);
  const detail::Pose B = detail::poseOf(bodies, bodyB);
  m_p_APA_A = A.R.transpose() * (p_WPA - A.p);
  m_p_BPB_B = B.R.transpose() * (p_WPB - B.p);
}

void DistanceJoint::fillRows(const RowContext& context, std::span<ConstraintRow> rows) const {
  const detail::Pose A = detail::poseOf(context.body(bodyA()));
  const detail::Pose B = detail::poseOf(context.body(bodyB()));
  const Eigen::Vector3d r_A = A.R * m_p_APA_A;
  const Eigen::Vector3d r_B = B.R * m_p_BPB_B;
  const Eigen::Vector3d d = (B.p + r_B) - (A.p + r_A);
  const double length = d.norm();
  const Eigen::Vector3d u = length > 1e-12 ? Eigen::Vector3d(d / length) : Eigen::Vector3d::UnitZ();
  ConstraintRow& row = rows[0];
  detail::pointRow(u, r_A, r_B, row);
  detail::setCorrection(length - m_distance, context.resolve(softness()), context.h, row);
  row.name = "distance";
}

}  // namespace mlcp::dynamics
