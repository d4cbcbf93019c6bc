// Contact rows (ODE: joints/contact.cpp with dContactApprox1).
//
//   n points from B to A; r_X = p_W - p_WX; J v is A's contact point velocity relative to B's:
//   normal:    J = [ n, r_A x n | -n, -(r_B x n) ],  C = -depth,  lo = 0, hi = +inf
//              c = min(ERP max(depth - surfaceLayer, 0) / h, maxCorrectingVelocity)
//              bounce: with vn = J v < -bounceVelocity, c = max(c, -restitution vn)
//   friction:  t1, t2 perpendicular to n, J as above with t, c = 0, lo = -mu, hi = mu,
//              findex = 0 (the normal row of this contact): |lambda_t| <= mu lambda_n.

#include "detail/spatial.hpp"

#include <mlcp/dynamics/contact_constraint.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mlcp::dynamics {

namespace {

void contactRow(const Eigen::Vector3d& d,
                const Eigen::Vector3d& r_A,
                const Eigen::Vector3d& r_B,
                ConstraintRow& row) {
  row.J_A << d, r_A.cross(d);
  row.J_B << -d, -r_B.cross(d);
}

double rowVelocity(const ConstraintRow& row, const Body* a, const Body* b) {
  double v = 0.0;
  if (a != nullptr) v += row.J_A.head<3>().dot(a->v_WB) + row.J_A.tail<3>().dot(a->w_WB);
  if (b != nullptr) v += row.J_B.head<3>().dot(b->v_WB) + row.J_B.tail<3>().dot(b->w_WB);
  return v;
}

}  // namespace

ContactConstraint::ContactConstraint(const ContactPoint& contact, const ContactMaterial& material)
    : Constraint(contact.bodyA, contact.bodyB), m_contact(contact), m_material(material) {}

void ContactConstraint::reset(const ContactPoint& contact, const ContactMaterial& material) {
  setBodies(contact.bodyA, contact.bodyB);
  m_contact = contact;
  m_material = material;
}

void ContactConstraint::frictionBasis(const Eigen::Vector3d& n,
                                      Eigen::Vector3d& t1,
                                      Eigen::Vector3d& t2) {
  detail::perpendicularBasis(n, t1, t2);
}

int ContactConstraint::rowCount(const RowContext&) const { return m_material.mu > 0.0 ? 3 : 1; }

void ContactConstraint::fillRows(const RowContext& context, std::span<ConstraintRow> rows) const {
  const Body* a = context.body(bodyA());
  const Body* b = context.body(bodyB());
  const Eigen::Vector3d& n = m_contact.n_W;
  const Eigen::Vector3d r_A =
      a ? Eigen::Vector3d(m_contact.p_W - a->p_WB) : Eigen::Vector3d::Zero();
  const Eigen::Vector3d r_B =
      b ? Eigen::Vector3d(m_contact.p_W - b->p_WB) : Eigen::Vector3d::Zero();
  const ErpCfm erpCfm = context.resolve(m_material.softness);

  ConstraintRow& normal = rows[0];
  contactRow(n, r_A, r_B, normal);
  const double correctedDepth = std::max(m_contact.depth - m_material.surfaceLayer, 0.0);
  normal.c = std::min(erpCfm.erp * correctedDepth / context.h, m_material.maxCorrectingVelocity);
  if (m_material.restitution > 0.0) {
    const double vn = rowVelocity(normal, a, b);
    if (vn < -m_material.bounceVelocity)
      normal.c = std::max(normal.c, -m_material.restitution * vn);
  }
  normal.cfm = erpCfm.cfm;
  normal.lo = 0.0;
  normal.violation = -m_contact.depth;
  normal.type = RowType::ContactNormal;
  normal.name = "normal";
  if (rows.size() == 1) return;

  Eigen::Vector3d t1, t2;
  frictionBasis(n, t1, t2);
  const bool bounded = std::isfinite(m_material.mu);
  static constexpr std::string_view kNames[2] = {"friction1", "friction2"};
  for (int k = 0; k < 2; ++k) {
    ConstraintRow& row = rows[static_cast<size_t>(k + 1)];
    contactRow(k == 0 ? t1 : t2, r_A, r_B, row);
    row.c = 0.0;
    row.cfm = erpCfm.cfm;
    row.lo = -m_material.mu;
    row.hi = m_material.mu;
    row.findex = bounded ? 0 : -1;
    row.violation = 0.0;
    row.type = RowType::Friction;
    row.name = kNames[k];
  }
}

}  // namespace mlcp::dynamics
