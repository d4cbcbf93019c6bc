#pragma once

#include <Eigen/Core>

namespace mlcp::dynamics {

/// Mass and rotational inertia of a rigid body about its centre of mass, in the body frame B.
struct MassProperties {
  double mass = 1.0;                                      ///< (unit: kg)
  Eigen::Matrix3d I_Bcm_B = Eigen::Matrix3d::Identity();  ///< (unit: kg m^2), SPD
};

/// Solid box of uniform density, edges along the body axes:
/// m = rho lx ly lz, I = m/12 diag(ly^2 + lz^2, lx^2 + lz^2, lx^2 + ly^2).
/// @param[in] density (unit: kg/m^3), > 0
/// @param[in] size full edge lengths (lx, ly, lz) (unit: m), each > 0
/// @throws std::invalid_argument naming the bad value
MassProperties boxMassProperties(double density, const Eigen::Vector3d& size);

/// Solid sphere of uniform density: m = 4/3 pi r^3 rho, I = 2/5 m r^2 (identity).
/// @param[in] density (unit: kg/m^3), > 0;  @param[in] radius (unit: m), > 0
/// @throws std::invalid_argument naming the bad value
MassProperties sphereMassProperties(double density, double radius);

/// Solid capsule of uniform density: a cylinder of radius r and length l along the body z axis,
/// capped by two hemispheres. Cylinder part m_c = rho pi r^2 l, hemispheres m_h = rho 4/3 pi r^3
/// (both together); I_zz = m_c r^2 / 2 + 2/5 m_h r^2,
/// I_xx = I_yy = m_c (l^2/12 + r^2/4) + m_h (2/5 r^2 + l^2/4 + 3/8 l r)
/// (each hemisphere's inertia moved by the parallel-axis theorem from its own centroid, 3/8 r from
/// the flat face).
/// @param[in] density (unit: kg/m^3), > 0;  @param[in] radius (unit: m), > 0
/// @param[in] length cylinder length between the cap centres (unit: m), >= 0
/// @throws std::invalid_argument naming the bad value
MassProperties capsuleMassProperties(double density, double radius, double length);

}  // namespace mlcp::dynamics
