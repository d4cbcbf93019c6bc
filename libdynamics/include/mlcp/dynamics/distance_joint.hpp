#pragma once

#include <mlcp/dynamics/constraint.hpp>

#include <Eigen/Core>

#include <optional>
#include <vector>

namespace mlcp::dynamics {

/// Distance joint, ODE's dJointCreateDBall: point P_A fixed in A and point P_B fixed in B keep the
/// distance d. One row, with u the unit vector from P_A to P_B (+z when they coincide):
///   C = |p_WPB - p_WPA| - d,   J_A = [-u, -(r_A x u)],   J_B = [u, r_B x u].
/// Give it RowSoftness::fromSpring(kp, kd) for a damped spring of rest length d.
class DistanceJoint final : public Constraint {
 public:
  /// @param[in] bodies the world's bodies (World::bodies()), read for their current poses
  /// @param[in] bodyA, bodyB indices of A and B in bodies; -1 for the static world (not both)
  /// @param[in] p_WPA, p_WPB the two points in the world at the bodies' current poses (unit: m)
  /// @param[in] distance rest distance (unit: m), >= 0; the current distance when not given
  /// @throws std::invalid_argument for bad body indices, non-finite anchors p_WPA, p_WPB, or a
  ///         negative or non-finite distance
  DistanceJoint(const std::vector<Body>& bodies,
                int bodyA,
                int bodyB,
                const Eigen::Vector3d& p_WPA,
                const Eigen::Vector3d& p_WPB,
                std::optional<double> distance = std::nullopt);

  std::string_view kind() const override { return "distance"; }
  int rowCount(const RowContext&) const override { return 1; }
  void fillRows(const RowContext& context, std::span<ConstraintRow> rows) const override;

  /// Rest distance d (unit: m).
  double distance() const { return m_distance; }

 private:
  Eigen::Vector3d m_p_APA_A;
  Eigen::Vector3d m_p_BPB_B;
  double m_distance;
};

}  // namespace mlcp::dynamics
