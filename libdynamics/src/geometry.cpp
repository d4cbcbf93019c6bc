#include <mlcp/dynamics/geometry.hpp>

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace mlcp::dynamics {

namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};

}  // namespace

std::string_view shapeName(const Shape& shape) {
  return std::visit(Overloaded{[](const Sphere&) { return std::string_view("sphere"); },
                               [](const Box&) { return std::string_view("box"); },
                               [](const Capsule&) { return std::string_view("capsule"); },
                               [](const Plane&) { return std::string_view("plane"); }},
                    shape);
}

Eigen::Isometry3d Geometry::poseInWorld(const std::vector<Body>& bodies) const {
  Eigen::Isometry3d X_BG = Eigen::Isometry3d::Identity();
  X_BG.linear() = q_BG.normalized().toRotationMatrix();
  X_BG.translation() = p_BG;
  if (body < 0) return X_BG;
  const Body& b = bodies[static_cast<size_t>(body)];
  Eigen::Isometry3d X_WB = Eigen::Isometry3d::Identity();
  X_WB.linear() = b.R_WB();
  X_WB.translation() = b.p_WB;
  return X_WB * X_BG;
}

void Geometry::validate(int bodyCount) const {
  auto fail = [this](const std::string& what) {
    throw std::invalid_argument(fmt::format("geometry '{}': {}", name, what));
  };
  auto positive = [&](double value, const char* field) {
    if (!(value > 0.0) || !std::isfinite(value))
      fail(fmt::format("{} = {} must be finite and > 0 m", field, value));
  };
  if (body < -1 || body >= bodyCount)
    fail(fmt::format("body = {} is outside -1 .. {}", body, bodyCount - 1));
  if (!p_BG.allFinite())
    fail(fmt::format("p_BG = ({}, {}, {}) must be finite (m)", p_BG.x(), p_BG.y(), p_BG.z()));
  if (const double norm = q_BG.norm();
      !q_BG.coeffs().allFinite() || !(std::abs(norm - 1.0) <= Body::kUnitQuaternionTolerance))
    fail(
        fmt::format("q_BG = (w {}, x {}, y {}, z {}) has norm {}; it must be a finite unit "
                    "quaternion (|norm - 1| <= {})",
                    q_BG.w(), q_BG.x(), q_BG.y(), q_BG.z(), norm, Body::kUnitQuaternionTolerance));
  std::visit(
      Overloaded{[&](const Sphere& s) { positive(s.radius, "sphere radius"); },
                 [&](const Box& b) {
                   positive(b.size.x(), "box size x");
                   positive(b.size.y(), "box size y");
                   positive(b.size.z(), "box size z");
                 },
                 [&](const Capsule& c) {
                   positive(c.radius, "capsule radius");
                   if (!(c.length >= 0.0) || !std::isfinite(c.length))
                     fail(fmt::format("capsule length = {} must be finite and >= 0 m", c.length));
                 },
                 [&](const Plane& p) {
                   if (body != -1) fail("a plane must be static (body -1)");
                   if (!p.normal_W.allFinite() || std::abs(p.normal_W.norm() - 1.0) > 1e-9)
                     fail("plane normal must be a finite unit vector");
                   if (!std::isfinite(p.offset)) fail("plane offset is not finite");
                 }},
      shape);
}

}  // namespace mlcp::dynamics
