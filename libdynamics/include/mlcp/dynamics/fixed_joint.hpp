#pragma once

#include <mlcp/dynamics/constraint.hpp>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <vector>

namespace mlcp::dynamics {

/// Fixed joint, ODE's dJointCreateFixed: B keeps its pose relative to A. Six rows:
///   three point rows as BallJoint's with the anchor at B's centre of mass;
///   three angular rows, e in world axes:  J_A = [0, -e],  J_B = [0, e],  C = e . theta,
/// where theta = 2 vec(q_err) (sign chosen so that q_err.w >= 0) is the rotation vector of
/// q_err = q_WB (q_WA q_AB0)^-1, the rotation from where B should be to where it is.
class FixedJoint final : public Constraint {
 public:
  /// Fixes B to A (-1 = world) at their current relative pose.
  /// @throws std::invalid_argument for bad body indices
  FixedJoint(const std::vector<Body>& bodies, int bodyA, int bodyB);

  std::string_view kind() const override { return "fixed"; }
  int rowCount(const RowContext&) const override { return 6; }
  void fillRows(const RowContext& context, std::span<ConstraintRow> rows) const override;

 private:
  Eigen::Vector3d m_p_AP_A;
  Eigen::Quaterniond m_q_AB0;
};

}  // namespace mlcp::dynamics
