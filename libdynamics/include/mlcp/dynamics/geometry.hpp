#pragma once

#include <mlcp/dynamics/body.hpp>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <string>
#include <variant>
#include <vector>

namespace mlcp::dynamics {

/// Sphere centred at the geometry origin.
struct Sphere {
  double radius = 0.5;  ///< (unit: m)
};

/// Box centred at the geometry origin, edges along its axes.
struct Box {
  Eigen::Vector3d size = Eigen::Vector3d::Ones();  ///< full edge lengths (unit: m)
};

/// Capsule: a cylinder along the geometry z axis between two hemispherical caps (ODE's capsule).
struct Capsule {
  double radius = 0.1;  ///< (unit: m)
  double length = 1.0;  ///< distance between the cap centres (unit: m)
};

/// Half-space boundary {p : n . p = offset} with normal n pointing out of the solid side; static
/// geometry only (body -1), given directly in the world frame (its pose is ignored).
struct Plane {
  Eigen::Vector3d normal_W = Eigen::Vector3d::UnitZ();  ///< unit normal (unit: 1)
  double offset = 0.0;                                  ///< (unit: m)
};

/// The shapes a Geometry can have.
using Shape = std::variant<Sphere, Box, Capsule, Plane>;

/// Lower-case name of the shape's type ("sphere", "box", "capsule", "plane").
std::string_view shapeName(const Shape& shape);

/// A collision shape attached to a body (or to the static world when body = -1), posed in the
/// body frame B by X_BG = (p_BG, q_BG). For static geometry B is the world frame.
struct Geometry {
  std::string name;                                ///< for contact labels
  Shape shape;                                     ///< see Shape
  int body = -1;                                   ///< index in World::bodies(), -1 static
  Eigen::Vector3d p_BG = Eigen::Vector3d::Zero();  ///< (unit: m)
  /// Maps G to B: a unit quaternion, |norm - 1| <= Body::kUnitQuaternionTolerance.
  Eigen::Quaterniond q_BG = Eigen::Quaterniond::Identity();

  /// Pose of G in the world, X_WG = X_WB X_BG (X_BG alone when static).
  /// @pre body is -1 or a valid index into bodies
  Eigen::Isometry3d poseInWorld(const std::vector<Body>& bodies) const;

  /// Checks positive sizes, a unit plane normal on a static geometry, a finite p_BG and a finite
  /// unit q_BG (within Body::kUnitQuaternionTolerance; World::addGeometry renormalises it).
  /// @throws std::invalid_argument naming the geometry and the field
  void validate(int bodyCount) const;
};

}  // namespace mlcp::dynamics
