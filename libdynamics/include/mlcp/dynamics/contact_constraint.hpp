#pragma once

#include <mlcp/dynamics/constraint.hpp>
#include <mlcp/dynamics/contact_material.hpp>
#include <mlcp/dynamics/contact_point.hpp>

namespace mlcp::dynamics {

/// The rows of one contact point (ODE's dJointCreateContact with dContactApprox1): a normal row
/// and, when mu > 0, two friction rows along tangents t1, t2 (t1 = n x e / |n x e| for the world
/// axis e least aligned with n, t2 = n x t1). With r_X = p_W - p_WX:
///   normal:    J_A = [n, r_A x n],  J_B = [-n, -(r_B x n)],  lo = 0, hi = +inf,
///              c = min(ERP max(depth - surfaceLayer, 0) / h, maxCorrectingVelocity), raised to
///              -restitution (J v) when approaching faster than bounceVelocity;
///   friction:  the same with t1, t2, c = 0, findex -> the normal row, lo = -mu, hi = mu
///              (mu = +inf: unbounded rows without findex).
/// The World makes these from the collision detector's ContactPoints at every step, reusing the
/// objects of earlier steps (reset()).
class ContactConstraint final : public Constraint {
 public:
  /// @throws std::invalid_argument for a contact between two static geometries
  ContactConstraint(const ContactPoint& contact, const ContactMaterial& material);
  /// Makes this the constraint of another contact point, as if constructed anew.
  /// @throws std::invalid_argument for a contact between two static geometries
  void reset(const ContactPoint& contact, const ContactMaterial& material);

  std::string_view kind() const override { return "contact"; }
  int rowCount(const RowContext&) const override;
  void fillRows(const RowContext& context, std::span<ConstraintRow> rows) const override;

  /// The contact point this constraint holds (the collision detector's output).
  const ContactPoint& contact() const { return m_contact; }
  /// The material of the contact (friction mu, restitution, softness).
  const ContactMaterial& material() const { return m_material; }

  /// The friction directions of a contact of unit normal n (unit: 1): t1 = n x e / |n x e| for
  /// the world axis e least aligned with n (the lowest axis on a tie), t2 = n x t1, so that
  /// (t1, t2, n) is right-handed. ODE's dPlaneSpace(n) picks other axes (for n = z it gives
  /// t1 = -y, t2 = x); an ODE contact given dContactFDir1 = t1 gets these two.
  static void frictionBasis(const Eigen::Vector3d& n, Eigen::Vector3d& t1, Eigen::Vector3d& t2);

 private:
  ContactPoint m_contact;
  ContactMaterial m_material;
};

}  // namespace mlcp::dynamics
