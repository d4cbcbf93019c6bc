#pragma once

#include <mlcp/dynamics/constraint.hpp>
#include <mlcp/dynamics/limit_motor.hpp>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <vector>

namespace mlcp::dynamics {

/// Hinge (revolute) joint, ODE's dJointCreateHinge: a ball joint at P plus two angular rows that
/// keep the axis fixed in A aligned with the axis fixed in B. Five rows, plus one when the
/// LimitMotor needs it. With a_A, a_B the axes in world axes and p, q unit vectors
/// perpendicular to a_A:
///   ball rows as BallJoint;
///   swing rows, d in {p, q}:  J_A = [0, -d],  J_B = [0, d],  C = (a_A x a_B) . d
///   limit/motor row on the hinge angle theta (rotation of B relative to A about a_A):
///                              J_A = [0, -a_A], J_B = [0, a_A].
class HingeJoint final : public Constraint {
 public:
  /// Hinge at the world point p_WP about the world axis axis_W (normalised), at the bodies'
  /// current poses (angle 0 there).
  /// @throws std::invalid_argument for bad body indices, a non-finite p_WP, or a zero or
  ///         non-finite axis
  HingeJoint(const std::vector<Body>& bodies,
             int bodyA,
             int bodyB,
             const Eigen::Vector3d& p_WP,
             const Eigen::Vector3d& axis_W);

  std::string_view kind() const override { return "hinge"; }
  int rowCount(const RowContext& context) const override;
  void fillRows(const RowContext& context, std::span<ConstraintRow> rows) const override;

  /// Hinge angle theta in (-pi, pi] (unit: rad), 0 at creation.
  double angle(const std::vector<Body>& bodies) const;

  /// The limits and motor of the joint's free axis (none at creation).
  const LimitMotor& limitMotor() const { return m_limitMotor; }
  /// @throws std::invalid_argument as LimitMotor::validate
  void setLimitMotor(const LimitMotor& limitMotor);

 private:
  Eigen::Vector3d m_p_AP_A;
  Eigen::Vector3d m_p_BP_B;
  Eigen::Vector3d m_axis_A;    ///< unit axis in A's frame
  Eigen::Vector3d m_axis_B;    ///< unit axis in B's frame
  Eigen::Quaterniond m_q_AB0;  ///< relative orientation at creation
  LimitMotor m_limitMotor;
};

}  // namespace mlcp::dynamics
