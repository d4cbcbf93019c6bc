#pragma once

#include <mlcp/dynamics/mass_properties.hpp>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <ostream>
#include <string>
#include <string_view>

namespace mlcp::dynamics {

/// How the gyroscopic torque -w x (I w) of a free rotation enters a step [ODE gyroscopic 2013].
enum class GyroscopicMode {
  /// No gyroscopic torque: a free body keeps its angular velocity w (not its momentum).
  None,
  /// tau += (I_W w) x w at the start of the step (ODE's classic form): gains energy
  /// without bound for a body with three different principal moments.
  Explicit,
  /// Linearly implicit in the world frame [Lacoursiere 2007; ODE gyroscopic 2013]: with
  /// L = I_W w and I~ = I_W - h [L]x,  tau~ = I_W I~^-1 (L / h) + I_W I~^-1 tau - L / h, so that a
  /// free body steps to w' = I~^-1 (I_W w + h tau). Never gains kinetic energy in a free rotation.
  /// This is what Debian's ODE 0.16 dWorldStep does (test/dynamics/ode_pendulum_test.cpp).
  Implicit,
};

/// Lower-case name ("none", "explicit", "implicit").
std::string_view toString(GyroscopicMode mode);

/// Writes toString(mode).
inline std::ostream& operator<<(std::ostream& out, GyroscopicMode mode) {
  return out << toString(mode);
}

/// Parses toString()'s names. @throws std::invalid_argument listing the accepted names.
GyroscopicMode gyroscopicModeFromString(std::string_view name);

/// One rigid body, as the user sees it. Frames (Drake monogram notation): W is the world frame
/// (z up), B the body frame, whose origin is the centre of mass. All vectors are expressed in W
/// unless their name ends in _B.
///
/// The World copies bodies into its own list (World::addBody) and steps them in place; force and
/// torque accumulators are cleared after every step, as in ODE.
struct Body {
  std::string name;                                       ///< for labels and CSV files
  double mass = 1.0;                                      ///< (unit: kg), > 0
  Eigen::Matrix3d I_Bcm_B = Eigen::Matrix3d::Identity();  ///< inertia about the CM (kg m^2)
  Eigen::Vector3d p_WB = Eigen::Vector3d::Zero();         ///< CM position (unit: m)
  /// Orientation, maps B to W: a unit quaternion, |norm - 1| <= kUnitQuaternionTolerance.
  Eigen::Quaterniond q_WB = Eigen::Quaterniond::Identity();
  Eigen::Vector3d v_WB = Eigen::Vector3d::Zero();     ///< CM velocity (unit: m/s)
  Eigen::Vector3d w_WB = Eigen::Vector3d::Zero();     ///< angular velocity (unit: rad/s)
  Eigen::Vector3d f_B_W = Eigen::Vector3d::Zero();    ///< applied force at CM (unit: N)
  Eigen::Vector3d tau_B_W = Eigen::Vector3d::Zero();  ///< applied torque (unit: N m)
  /// Constant force at the CM (unit: N): added to f_B_W in every step and, unlike f_B_W, never
  /// cleared (a push that lasts, e.g. the pushed-box scene's).
  Eigen::Vector3d f_constant_B_W = Eigen::Vector3d::Zero();
  GyroscopicMode gyroscopicMode = GyroscopicMode::Implicit;  ///< see GyroscopicMode
  bool gravity = true;                                       ///< World::gravity() acts on it

  /// Largest |norm(q_WB) - 1| validate() accepts (unit: 1). Quaternions typed with 7 significant
  /// digits pass; World::addBody and World::step renormalise such a q_WB, anything further from
  /// unit length is an error rather than a silently different orientation.
  static constexpr double kUnitQuaternionTolerance = 1e-6;
  /// Largest |I - I^T| entry validate() accepts, relative to the largest |I| entry (unit: 1).
  static constexpr double kInertiaSymmetryTolerance = 1e-9;

  /// A body at p_WB with the given mass properties, at rest, identity orientation.
  static Body withMass(std::string name, const MassProperties& mass, const Eigen::Vector3d& p_WB);

  /// Rotation matrix R_WB of q_WB (q_WB need not be exactly unit; it is normalised first).
  Eigen::Matrix3d R_WB() const;
  /// Inertia about the CM in world axes, I_W = R I_B R^T (unit: kg m^2).
  Eigen::Matrix3d I_Bcm_W() const;
  /// Inverse inertia in world axes, R I_B^-1 R^T (unit: 1/(kg m^2)).
  Eigen::Matrix3d inverseInertiaWorld() const;
  /// Angular velocity in body axes, w_B = R^T w_W (unit: rad/s).
  Eigen::Vector3d w_WB_B() const;
  /// 1/2 m |v|^2 + 1/2 w^T I_W w (unit: J).
  double kineticEnergy() const;
  /// Velocity of the body-fixed point at p_WP: v + w x (p_WP - p_WB) (unit: m/s).
  Eigen::Vector3d pointVelocity(const Eigen::Vector3d& p_WP) const;

  /// Checks a finite mass > 0; a finite inertia, symmetric within kInertiaSymmetryTolerance and
  /// positive definite (Cholesky factorisation; the message gives the smallest eigenvalue); finite
  /// p_WB, v_WB, w_WB, f_B_W, tau_B_W, f_constant_B_W; a finite q_WB of unit length within
  /// kUnitQuaternionTolerance.
  /// @throws std::invalid_argument "body '<name>': <field> = <value> ..." naming the body, the
  ///         field (and entry) and the offending value
  void validate() const;
};

}  // namespace mlcp::dynamics
