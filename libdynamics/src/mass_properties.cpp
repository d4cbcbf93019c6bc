#include <mlcp/dynamics/mass_properties.hpp>

#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace mlcp::dynamics {

namespace {

void requirePositive(double value, const char* function, const char* what) {
  if (!(value > 0.0) || !std::isfinite(value))
    throw std::invalid_argument(
        fmt::format("{}: {} = {} must be finite and > 0", function, what, value));
}

}  // namespace

MassProperties boxMassProperties(double density, const Eigen::Vector3d& size) {
  requirePositive(density, "boxMassProperties", "density");
  requirePositive(size.x(), "boxMassProperties", "size.x");
  requirePositive(size.y(), "boxMassProperties", "size.y");
  requirePositive(size.z(), "boxMassProperties", "size.z");
  const double m = density * size.prod();
  const Eigen::Vector3d s2 = size.cwiseAbs2();
  MassProperties result;
  result.mass = m;
  result.I_Bcm_B =
      (m / 12.0 * Eigen::Vector3d(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y())).asDiagonal();
  return result;
}

MassProperties sphereMassProperties(double density, double radius) {
  requirePositive(density, "sphereMassProperties", "density");
  requirePositive(radius, "sphereMassProperties", "radius");
  MassProperties result;
  result.mass = 4.0 / 3.0 * std::numbers::pi * radius * radius * radius * density;
  result.I_Bcm_B = Eigen::Matrix3d::Identity() * (0.4 * result.mass * radius * radius);
  return result;
}

MassProperties capsuleMassProperties(double density, double radius, double length) {
  requirePositive(density, "capsuleMassProperties", "density");
  requirePositive(radius, "capsuleMassProperties", "radius");
  if (!(length >= 0.0) || !std::isfinite(length))
    throw std::invalid_argument(
        fmt::format("capsuleMassProperties: length = {} must be finite and >= 0", length));
  const double r2 = radius * radius;
  const double cylinder = density * std::numbers::pi * r2 * length;
  const double caps = density * 4.0 / 3.0 * std::numbers::pi * r2 * radius;
  const double axial = cylinder * r2 / 2.0 + 0.4 * caps * r2;
  const double transverse = cylinder * (length * length / 12.0 + r2 / 4.0) +
                            caps * (0.4 * r2 + length * length / 4.0 + 0.375 * length * radius);
  MassProperties result;
  result.mass = cylinder + caps;
  result.I_Bcm_B = Eigen::Vector3d(transverse, transverse, axial).asDiagonal();
  return result;
}

}  // namespace mlcp::dynamics
