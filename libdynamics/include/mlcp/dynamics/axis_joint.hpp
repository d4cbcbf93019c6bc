#pragma once

#include <mlcp/dynamics/constraint.hpp>

#include <Eigen/Core>

#include <vector>

namespace mlcp::dynamics {

/// One linear row: the displacement of B's centre of mass from an anchor P fixed in A, measured
/// along an axis a fixed in A, is held at 0 (ODE's linear motor row, or one row of a slider):
///   C = a . (p_WB - p_WP),   J_A = [-a, a x (p_WB - p_WA)],   J_B = [a, 0].
/// With RowSoftness it is the spring of [ODE implicit springs 2012]: ERP 0.2, CFM 1e-5 at h = 1/60
/// pull a unit mass at C = 1 m with F = -719.568 N in one step.
class AxisJoint final : public Constraint {
 public:
  /// @param[in] bodies the world's bodies (World::bodies()), read for A's and B's current poses
  /// @param[in] bodyA index of body A in bodies, or -1 for the static world
  /// @param[in] bodyB index of body B in bodies (not -1)
  /// @param[in] p_WP anchor in the world at A's current pose (unit: m)
  /// @param[in] axis_W axis in the world at A's current pose (normalised)
  /// @throws std::invalid_argument for bad body indices, B = -1, a non-finite p_WP, or a zero
  ///         or non-finite axis
  AxisJoint(const std::vector<Body>& bodies,
            int bodyA,
            int bodyB,
            const Eigen::Vector3d& p_WP,
            const Eigen::Vector3d& axis_W);

  std::string_view kind() const override { return "axis"; }
  int rowCount(const RowContext&) const override { return 1; }
  void fillRows(const RowContext& context, std::span<ConstraintRow> rows) const override;

 private:
  Eigen::Vector3d m_p_AP_A;
  Eigen::Vector3d m_axis_A;
};

}  // namespace mlcp::dynamics
