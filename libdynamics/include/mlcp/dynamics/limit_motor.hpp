#pragma once

#include <mlcp/dynamics/constraint_row.hpp>

#include <optional>

namespace mlcp::dynamics {

/// Joint limit and velocity motor on the free coordinate s of a hinge (angle, rad) or slider
/// (displacement, m), ODE's dxJointLimitMotor. At most one row per step:
///  - a limit row when s < lower or s > upper: one-sided (lo = 0 or hi = 0), c = -ERP (s - limit)/h
///    with the ERP/CFM of limitSoftness (a spring gives a soft stop); lower == upper locks s;
///  - otherwise, when motorSpeed is set, a motor row: c = motorSpeed, |lambda| <= maxMotorForce
///    (ODE's dParamVel / dParamFMax). A limit that is hit takes precedence over the motor.
struct LimitMotor {
  std::optional<double> lower;       ///< (unit: rad or m)
  std::optional<double> upper;       ///< (unit: rad or m)
  std::optional<double> motorSpeed;  ///< target ds/dt (unit: rad/s or m/s)
  double maxMotorForce = 0.0;        ///< (unit: N m or N), >= 0
  RowSoftness limitSoftness;         ///< of the limit row; the motor row uses the world's CFM

  /// True when a limit or motor row is needed at coordinate s.
  bool rowActive(double s) const;

  /// Fills the row for coordinate s. J_A and J_B (with J v = ds/dt) are set by the caller.
  /// @pre rowActive(s)
  void fillRow(double s, const RowContext& context, ConstraintRow& row) const;

  /// @throws std::invalid_argument naming the bad field (lower > upper, NaN, negative force)
  void validate() const;
};

}  // namespace mlcp::dynamics
