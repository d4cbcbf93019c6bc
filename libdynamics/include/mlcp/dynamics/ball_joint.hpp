#pragma once

#include <mlcp/dynamics/constraint.hpp>

#include <Eigen/Core>

#include <vector>

namespace mlcp::dynamics {

/// Ball-and-socket joint (ODE's dJointCreateBall): the anchor points P fixed in A and in B stay
/// together. Three rows, one per world axis e:
///   C = e . (p_WP(B) - p_WP(A)),   J_A = [-e, -(r_A x e)],   J_B = [e, r_B x e],
/// with r_X = p_WP(X) - p_WX the anchor relative to the body's centre of mass.
class BallJoint final : public Constraint {
 public:
  /// Joins bodyA and bodyB (-1 = world) at the world point p_WP, at the bodies' current poses.
  /// @throws std::invalid_argument for bad body indices (out of range, both -1, equal) or a
  ///         non-finite p_WP
  BallJoint(const std::vector<Body>& bodies, int bodyA, int bodyB, const Eigen::Vector3d& p_WP);

  std::string_view kind() const override { return "ball"; }
  int rowCount(const RowContext&) const override { return 3; }
  void fillRows(const RowContext& context, std::span<ConstraintRow> rows) const override;

  /// Anchor in A's frame (world frame when A is the world) (unit: m).
  const Eigen::Vector3d& p_AP_A() const { return m_p_AP_A; }
  /// Anchor in B's frame (unit: m).
  const Eigen::Vector3d& p_BP_B() const { return m_p_BP_B; }

 private:
  Eigen::Vector3d m_p_AP_A;
  Eigen::Vector3d m_p_BP_B;
};

}  // namespace mlcp::dynamics
