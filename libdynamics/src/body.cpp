#include <mlcp/dynamics/body.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace mlcp::dynamics {

std::string_view toString(GyroscopicMode mode) {
  switch (mode) {
    case GyroscopicMode::None:
      return "none";
    case GyroscopicMode::Explicit:
      return "explicit";
    case GyroscopicMode::Implicit:
      return "implicit";
  }
  return "unknown";
}

GyroscopicMode gyroscopicModeFromString(std::string_view name) {
  for (GyroscopicMode mode :
       {GyroscopicMode::None, GyroscopicMode::Explicit, GyroscopicMode::Implicit})
    if (toString(mode) == name) return mode;
  throw std::invalid_argument(
      fmt::format("unknown gyroscopic mode '{}'; use none, explicit or implicit", name));
}

Body Body::withMass(std::string name, const MassProperties& mass, const Eigen::Vector3d& p_WB) {
  Body body;
  body.name = std::move(name);
  body.mass = mass.mass;
  body.I_Bcm_B = mass.I_Bcm_B;
  body.p_WB = p_WB;
  return body;
}

Eigen::Matrix3d Body::R_WB() const { return q_WB.normalized().toRotationMatrix(); }

Eigen::Matrix3d Body::I_Bcm_W() const {
  const Eigen::Matrix3d R = R_WB();
  return R * I_Bcm_B * R.transpose();
}

Eigen::Matrix3d Body::inverseInertiaWorld() const {
  const Eigen::Matrix3d R = R_WB();
  return R * I_Bcm_B.inverse() * R.transpose();
}

Eigen::Vector3d Body::w_WB_B() const { return R_WB().transpose() * w_WB; }

double Body::kineticEnergy() const {
  return 0.5 * mass * v_WB.squaredNorm() + 0.5 * w_WB.dot(I_Bcm_W() * w_WB);
}

Eigen::Vector3d Body::pointVelocity(const Eigen::Vector3d& p_WP) const {
  return v_WB + w_WB.cross(p_WP - p_WB);
}

void Body::validate() const {
  auto fail = [this](const std::string& what) {
    throw std::invalid_argument(fmt::format("body '{}': {}", name, what));
  };
  auto requireFinite = [&fail](const Eigen::Vector3d& value, const char* field, const char* unit) {
    if (!value.allFinite())
      fail(fmt::format("{} = ({}, {}, {}) must be finite ({})", field, value.x(), value.y(),
                       value.z(), unit));
  };
  if (!(mass > 0.0) || !std::isfinite(mass))
    fail(fmt::format("mass = {} must be finite and > 0 kg", mass));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (!std::isfinite(I_Bcm_B(i, j)))
        fail(fmt::format("inertia I_Bcm_B({}, {}) = {} must be finite (kg m^2)", i, j,
                         I_Bcm_B(i, j)));
  const double scale = I_Bcm_B.cwiseAbs().maxCoeff();
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j)
      if (std::abs(I_Bcm_B(i, j) - I_Bcm_B(j, i)) > kInertiaSymmetryTolerance * scale)
        fail(
            fmt::format("inertia I_Bcm_B is not symmetric: I_Bcm_B({}, {}) = {} but "
                        "I_Bcm_B({}, {}) = {}",
                        i, j, I_Bcm_B(i, j), j, i, I_Bcm_B(j, i)));
  if (Eigen::LLT<Eigen::Matrix3d>(I_Bcm_B).info() != Eigen::Success) {
    const Eigen::Vector3d eigenvalues =
        Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(I_Bcm_B, Eigen::EigenvaluesOnly)
            .eigenvalues();
    fail(
        fmt::format("inertia I_Bcm_B is not positive definite: eigenvalues ({}, {}, {}) kg m^2 "
                    "must all be > 0",
                    eigenvalues[0], eigenvalues[1], eigenvalues[2]));
  }
  requireFinite(p_WB, "position p_WB", "m");
  requireFinite(v_WB, "velocity v_WB", "m/s");
  requireFinite(w_WB, "angular velocity w_WB", "rad/s");
  requireFinite(f_B_W, "force f_B_W", "N");
  requireFinite(tau_B_W, "torque tau_B_W", "N m");
  requireFinite(f_constant_B_W, "constant force f_constant_B_W", "N");
  const double norm = q_WB.norm();
  if (!q_WB.coeffs().allFinite() || !(std::abs(norm - 1.0) <= kUnitQuaternionTolerance))
    fail(
        fmt::format("orientation q_WB = (w {}, x {}, y {}, z {}) has norm {}; it must be a finite "
                    "unit quaternion (|norm - 1| <= {}, e.g. q.normalized())",
                    q_WB.w(), q_WB.x(), q_WB.y(), q_WB.z(), norm, kUnitQuaternionTolerance));
}

}  // namespace mlcp::dynamics
