// Built-in narrow phase: sphere/plane, box/plane, capsule/plane, sphere/sphere.
//
//   shape vs plane {x : n . x = offset}: signed distance of a point x is n . x - offset;
//     sphere:  depth = r - dist(c), point c - n r (deepest point of the sphere, as ODE)
//     box:     every corner with dist <= 0: depth = -dist, point = the corner
//     capsule: each cap centre as a sphere
//   sphere/sphere: d = c_A - c_B, depth = r_A + r_B - |d|, n = d / |d|, point halfway through
//     the overlap, c_B + n (r_B - depth / 2).
// Touching counts as contact, with a tolerance of kTouching (1 nm) for rounding, so a body placed
// exactly on a surface (or resting on it) keeps all its rows; such points get depth 0.

#include "broad_phase.hpp"

#include <algorithm>
#include <variant>

namespace mlcp::dynamics::detail {

namespace {

constexpr double kTouching = 1e-9;  // (unit: m)

/// Points of `shape` at pose X behind the plane, as (point, depth) pairs.
template <typename Add>
bool shapeVsPlane(const Shape& shape, const Eigen::Isometry3d& X, const Plane& plane, Add add) {
  const Eigen::Vector3d& n = plane.normal_W;
  auto distance = [&](const Eigen::Vector3d& x) { return n.dot(x) - plane.offset; };
  const Eigen::Vector3d c = X.translation();
  if (const auto* sphere = std::get_if<Sphere>(&shape)) {
    const double depth = sphere->radius - distance(c);
    if (depth >= -kTouching) add(Eigen::Vector3d(c - n * sphere->radius), std::max(depth, 0.0));
    return true;
  }
  if (const auto* box = std::get_if<Box>(&shape)) {
    const Eigen::Vector3d half = 0.5 * box->size;
    for (int corner = 0; corner < 8; ++corner) {
      const Eigen::Vector3d local((corner & 1) ? half.x() : -half.x(),
                                  (corner & 2) ? half.y() : -half.y(),
                                  (corner & 4) ? half.z() : -half.z());
      const Eigen::Vector3d x = X * local;
      const double dist = distance(x);
      if (dist <= kTouching) add(x, std::max(-dist, 0.0));
    }
    return true;
  }
  if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    const Eigen::Vector3d axis = X.linear().col(2) * (0.5 * capsule->length);
    for (const Eigen::Vector3d& end : {Eigen::Vector3d(c + axis), Eigen::Vector3d(c - axis)}) {
      const double depth = capsule->radius - distance(end);
      if (depth >= -kTouching)
        add(Eigen::Vector3d(end - n * capsule->radius), std::max(depth, 0.0));
    }
    return true;
  }
  return false;
}

}  // namespace

bool collideBuiltIn(const std::vector<Geometry>& geometries,
                    const std::vector<Eigen::Isometry3d>& poses,
                    int i,
                    int j,
                    std::vector<ContactPoint>& contacts) {
  const Geometry& a = geometries[static_cast<size_t>(i)];
  const Geometry& b = geometries[static_cast<size_t>(j)];
  const Eigen::Isometry3d& X_A = poses[static_cast<size_t>(i)];
  const Eigen::Isometry3d& X_B = poses[static_cast<size_t>(j)];
  auto add = [&](const Eigen::Vector3d& p, const Eigen::Vector3d& n, double depth) {
    contacts.push_back(ContactPoint{i, j, a.body, b.body, p, n, depth});
  };
  if (const auto* plane = std::get_if<Plane>(&b.shape)) {
    const Eigen::Vector3d n = plane->normal_W;  // from the plane (B) towards A
    return shapeVsPlane(a.shape, X_A, *plane,
                        [&](const Eigen::Vector3d& p, double depth) { add(p, n, depth); });
  }
  if (const auto* plane = std::get_if<Plane>(&a.shape)) {
    const Eigen::Vector3d n = -plane->normal_W;  // from B towards the plane (A)
    return shapeVsPlane(b.shape, X_B, *plane,
                        [&](const Eigen::Vector3d& p, double depth) { add(p, n, depth); });
  }
  const auto* sphereA = std::get_if<Sphere>(&a.shape);
  const auto* sphereB = std::get_if<Sphere>(&b.shape);
  if (sphereA != nullptr && sphereB != nullptr) {
    const Eigen::Vector3d d = X_A.translation() - X_B.translation();
    const double distance = d.norm();
    const double depth = sphereA->radius + sphereB->radius - distance;
    if (depth >= -kTouching) {
      const Eigen::Vector3d n =
          distance > 1e-12 ? Eigen::Vector3d(d / distance) : Eigen::Vector3d::UnitZ();
      add(X_B.translation() + n * (sphereB->radius - 0.5 * depth), n, std::max(depth, 0.0));
    }
    return true;
  }
  return false;
}

}  // namespace mlcp::dynamics::detail
