#include <mlcp/dynamics/body.hpp>

#include <Eigen/Eigenvalues>
#include <fmt/format.h>

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
  if (!(mass > 0.0) || !std::isfinite(mass))
    fail(fmt::format("mass = {} must be finite and > 0 kg", mass));
  if (!I_Bcm_B.allFinite()) fail("inertia I_Bcm_B has NaN or Inf entries");
  if ((I_Bcm_B - I_Bcm_B.transpose()).cwiseAbs().maxCoeff() > 1e-9 * I_Bcm_B.cwiseAbs().maxCoeff())
    fail("inertia I_Bcm_B is not symmetric");
  const double smallest = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(I_Bcm_B).eigenvalues()[0];
  if (!(smallest > 0.0))
    fail(
        fmt::format("inertia I_Bcm_B is not positive definite (smallest eigenvalue {})", smallest));
  if (!p_WB.allFinite() || !v_WB.allFinite() || !w_WB.allFinite() || !f_B_W.allFinite() ||
      !tau_B_W.allFinite())
    fail("position, velocity, angular velocity, force or torque has NaN or Inf entries");
  if (!q_WB.coeffs().allFinite() || q_WB.norm() < 1e-12)
    fail("orientation quaternion q_WB is zero or not finite");
}

}  // namespace mlcp::dynamics
