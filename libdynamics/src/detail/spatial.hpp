#pragma once

#include <mlcp/dynamics/body.hpp>
#include <mlcp/dynamics/constraint_row.hpp>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <fmt/format.h>

#include <stdexcept>
#include <vector>

namespace mlcp::dynamics::detail {

/// Pose of a body, or the identity for the static world (index -1).
struct Pose {
  Eigen::Vector3d p = Eigen::Vector3d::Zero();            ///< p_WX (unit: m)
  Eigen::Quaterniond q = Eigen::Quaterniond::Identity();  ///< q_WX
  Eigen::Matrix3d R = Eigen::Matrix3d::Identity();        ///< R_WX
};

inline Pose poseOf(const Body* body) {
  Pose pose;
  if (body == nullptr) return pose;
  pose.p = body->p_WB;
  pose.q = body->q_WB.normalized();
  pose.R = pose.q.toRotationMatrix();
  return pose;
}

inline Pose poseOf(const std::vector<Body>& bodies, int index) {
  return poseOf(index < 0 ? nullptr : &bodies[static_cast<size_t>(index)]);
}

/// Throws std::invalid_argument unless index is -1 or a valid body index.
inline void requireBodyIndex(const std::vector<Body>& bodies, int index, const char* what) {
  if (index < -1 || index >= static_cast<int>(bodies.size()))
    throw std::invalid_argument(fmt::format("{}: body index {} is outside -1 .. {}", what, index,
                                            static_cast<int>(bodies.size()) - 1));
}

/// @throws std::invalid_argument "<what>: <field> = (x, y, z) must be finite" unless v is finite.
inline void requireFinite(const Eigen::Vector3d& v, const char* what, const char* field) {
  if (!v.allFinite())
    throw std::invalid_argument(
        fmt::format("{}: {} = ({}, {}, {}) must be finite (m)", what, field, v.x(), v.y(), v.z()));
}

/// Unit vector of v. @throws std::invalid_argument when v is zero or not finite.
inline Eigen::Vector3d unitAxis(const Eigen::Vector3d& v, const char* what) {
  const double norm = v.norm();
  if (!(norm > 1e-12) || !std::isfinite(norm))
    throw std::invalid_argument(fmt::format(
        "{}: axis_W = ({}, {}, {}) must be a finite non-zero vector", what, v.x(), v.y(), v.z()));
  return v / norm;
}

/// Two unit vectors p, q completing the unit vector n to a right-handed basis (p, q, n):
/// p = n x e / |n x e| for the world axis e least aligned with n, q = n x p.
inline void perpendicularBasis(const Eigen::Vector3d& n, Eigen::Vector3d& p, Eigen::Vector3d& q) {
  Eigen::Index axis = 0;
  n.cwiseAbs().minCoeff(&axis);
  p = n.cross(Eigen::Vector3d::Unit(axis)).normalized();
  q = n.cross(p);
}

/// Rotation vector (unit: rad) of a unit quaternion, taking the short way (w >= 0), exact for
/// small angles: 2 vec(q) for |angle| -> 0, angle * axis in general.
inline Eigen::Vector3d rotationVector(Eigen::Quaterniond q) {
  if (q.w() < 0.0) q.coeffs() = -q.coeffs();
  const double s = q.vec().norm();
  if (s < 1e-12) return 2.0 * q.vec();
  return 2.0 * std::atan2(s, q.w()) / s * q.vec();
}

/// Fills a point row along the unit direction d between anchors r_A, r_B (relative to the
/// centres of mass): J_A = [-d, -(r_A x d)], J_B = [d, r_B x d], so J v = d . (v_PB - v_PA).
inline void pointRow(const Eigen::Vector3d& d,
                     const Eigen::Vector3d& r_A,
                     const Eigen::Vector3d& r_B,
                     ConstraintRow& row) {
  row.J_A << -d, -r_A.cross(d);
  row.J_B << d, r_B.cross(d);
}

/// Fills an angular row about the unit direction d: J_A = [0, -d], J_B = [0, d].
inline void angularRow(const Eigen::Vector3d& d, ConstraintRow& row) {
  row.J_A << Eigen::Vector3d::Zero(), -d;
  row.J_B << Eigen::Vector3d::Zero(), d;
}

/// Fills a row that moves B's centre of mass along the unit direction d fixed in A:
/// J_A = [-d, d x (p_WB - p_WA)], J_B = [d, 0] (the derivative of d . (p_WB - p_WP) with d and P
/// fixed in A).
inline void linearRowFixedInA(const Eigen::Vector3d& d,
                              const Eigen::Vector3d& p_WA,
                              const Eigen::Vector3d& p_WB,
                              ConstraintRow& row) {
  row.J_A << -d, d.cross(p_WB - p_WA);
  row.J_B << d, Eigen::Vector3d::Zero();
}

/// Sets c = -ERP C / h and CFM for an equality row with error C.
inline void setCorrection(double C, const ErpCfm& erpCfm, double h, ConstraintRow& row) {
  row.violation = C;
  row.c = -erpCfm.erp * C / h;
  row.cfm = erpCfm.cfm;
}

}  // namespace mlcp::dynamics::detail
