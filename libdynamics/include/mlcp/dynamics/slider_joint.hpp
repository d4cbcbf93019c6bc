#pragma once

#include <mlcp/dynamics/constraint.hpp>
#include <mlcp/dynamics/limit_motor.hpp>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <vector>

namespace mlcp::dynamics {

/// Slider (prismatic) joint, ODE's dJointCreateSlider: B keeps its orientation relative to A and
/// its centre of mass moves only along the axis a fixed in A. Five rows, plus one for the
/// LimitMotor. With P the point fixed in A where B's CM sat at creation:
///   three angular rows as FixedJoint's;
///   two linear rows, d in {p, q} perpendicular to a:  C = d . (p_WB - p_WP),
///                     J_A = [-d, d x (p_WB - p_WA)],  J_B = [d, 0];
///   limit/motor row on the displacement s = a . (p_WB - p_WP), same form with d = a.
class SliderJoint final : public Constraint {
 public:
  /// Slider along the world axis axis_W (normalised) at the bodies' current poses (s = 0 there).
  /// @throws std::invalid_argument for bad body indices or a zero or non-finite axis
  SliderJoint(const std::vector<Body>& bodies, int bodyA, int bodyB, const Eigen::Vector3d& axis_W);

  std::string_view kind() const override { return "slider"; }
  int rowCount(const RowContext& context) const override;
  void fillRows(const RowContext& context, std::span<ConstraintRow> rows) const override;

  /// Displacement s along the axis (unit: m), 0 at creation.
  double position(const std::vector<Body>& bodies) const;

  /// The limits and motor of the joint's free axis (none at creation).
  const LimitMotor& limitMotor() const { return m_limitMotor; }
  /// @throws std::invalid_argument as LimitMotor::validate
  void setLimitMotor(const LimitMotor& limitMotor);

 private:
  Eigen::Vector3d m_p_AP_A;
  Eigen::Vector3d m_axis_A;
  Eigen::Quaterniond m_q_AB0;
  LimitMotor m_limitMotor;
};

}  // namespace mlcp::dynamics
