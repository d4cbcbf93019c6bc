#pragma once

#include <mlcp/dynamics/row_softness.hpp>

#include <limits>

namespace mlcp::dynamics {

/// Surface parameters of a contact between two geometries (World::setContactMaterial sets them
/// per pair; World::defaultContactMaterial() applies otherwise). The fields mirror ODE's
/// dSurfaceParameters.
struct ContactMaterial {
  /// Coulomb friction coefficient (unit: 1), >= 0. 0 adds no friction rows; +inf gives two
  /// unbounded friction rows (no sliding), as in ODE.
  double mu = 0.5;
  /// ERP, CFM or spring gains of all three rows; unset fields fall back to the world's.
  RowSoftness softness;
  /// Coefficient of restitution (unit: 1), in [0, 1]; the normal row asks for a separating
  /// velocity of at least restitution * (approach speed) when approaching faster than
  /// bounceVelocity.
  double restitution = 0.0;
  /// Minimum approach speed for restitution to act (unit: m/s), >= 0.
  double bounceVelocity = 0.1;
  /// Upper bound of the ERP correcting velocity of the normal row (unit: m/s), > 0 (ODE's
  /// dWorldSetContactMaxCorrectingVel).
  double maxCorrectingVelocity = std::numeric_limits<double>::infinity();
  /// Penetration allowed without correction (unit: m), >= 0 (ODE's dWorldSetContactSurfaceLayer).
  double surfaceLayer = 0.0;

  /// @throws std::invalid_argument naming the bad field
  void validate() const;
};

}  // namespace mlcp::dynamics
