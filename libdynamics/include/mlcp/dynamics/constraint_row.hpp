#pragma once

#include <mlcp/dynamics/body.hpp>
#include <mlcp/dynamics/row_softness.hpp>

#include <Eigen/Core>

#include <limits>
#include <ostream>
#include <span>
#include <string_view>
#include <vector>

namespace mlcp::dynamics {

/// A 6-vector (linear x y z, angular x y z) in world axes.
using Vector6d = Eigen::Matrix<double, 6, 1>;

/// What a row is for; drives diagnostics (drift, penetration) and labels.
enum class RowType {
  Equality,       ///< bilateral joint row (ball, hinge, slider, fixed, distance, axis)
  Limit,          ///< one-sided joint limit row
  Motor,          ///< velocity motor row with a force bound
  ContactNormal,  ///< contact normal row, lo = 0, hi = +inf
  Friction,       ///< contact friction row, findex -> its normal row, hi = mu
};

/// Lower-case name ("equality", "limit", "motor", "normal", "friction").
std::string_view toString(RowType type);

/// Writes toString(type).
inline std::ostream& operator<<(std::ostream& out, RowType type) { return out << toString(type); }

/// One row a constraint contributes to the step's MLCP (ODE's getInfo2 output for one row).
///
/// Used terms: J = [J_A, J_B] (1 x 12) so that J v = J_A . (v_A, w_A) + J_B . (v_B, w_B) is the
/// rate of the row's position error C; c is the velocity the row asks J v' to reach (ERP
/// correction -ERP C / h plus any target velocity); cfm is the row's CFM; lo, hi bound lambda
/// (unit: N or N m); findex is the local index, within the same constraint, of the normal row a
/// friction row is coupled to (then hi holds mu), or -1.
struct ConstraintRow {
  Vector6d J_A = Vector6d::Zero();  ///< on body A (unit: 1 and m)
  Vector6d J_B = Vector6d::Zero();  ///< on body B (unit: 1 and m)
  double c = 0.0;                   ///< (unit: m/s or rad/s)
  double cfm = 0.0;                 ///< (unit: s/kg, or s/(kg m^2) for angular rows)
  double lo = -std::numeric_limits<double>::infinity();  ///< lower bound of lambda (N or N m)
  double hi = std::numeric_limits<double>::infinity();   ///< upper bound, or mu (friction row)
  int findex = -1;         ///< local row index of the normal row, or -1
  double violation = 0.0;  ///< position error C of the row (unit: m or rad)
  /// What the row is for.
  RowType type = RowType::Equality;
  std::string_view name;  ///< static row name ("x", "swing1", "normal", ...)
};

/// What a constraint may read when it fills its rows (ODE's Info2 inputs).
struct RowContext {
  double h = 1.0 / 60.0;            ///< time step (unit: s)
  ErpCfm defaults;                  ///< the world's ERP and CFM
  const std::vector<Body>& bodies;  ///< the bodies at the start of the step

  /// The body with this index, or nullptr for -1 (the static world).
  const Body* body(int index) const {
    return index < 0 ? nullptr : &bodies[static_cast<size_t>(index)];
  }
  /// ERP and CFM of rows with this softness.
  ErpCfm resolve(const RowSoftness& softness) const { return softness.resolve(defaults, h); }
};

}  // namespace mlcp::dynamics
