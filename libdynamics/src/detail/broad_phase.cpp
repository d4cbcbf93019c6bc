#include "broad_phase.hpp"

#include <algorithm>
#include <limits>
#include <variant>

namespace mlcp::dynamics::detail {

namespace {

struct Aabb {
  Eigen::Vector3d min;
  Eigen::Vector3d max;
};

Aabb boundingBox(const Shape& shape, const Eigen::Isometry3d& X_WG) {
  const Eigen::Vector3d c = X_WG.translation();
  Eigen::Vector3d half;
  if (const auto* sphere = std::get_if<Sphere>(&shape)) {
    half.setConstant(sphere->radius);
  } else if (const auto* box = std::get_if<Box>(&shape)) {
    half = X_WG.linear().cwiseAbs() * (0.5 * box->size);
  } else if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    half = (0.5 * capsule->length * X_WG.linear().col(2)).cwiseAbs() +
           Eigen::Vector3d::Constant(capsule->radius);
  } else {
    half.setConstant(std::numeric_limits<double>::infinity());
  }
  return {c - half, c + half};
}

}  // namespace

std::vector<Eigen::Isometry3d> geometryPoses(const std::vector<Body>& bodies,
                                             const std::vector<Geometry>& geometries) {
  std::vector<Eigen::Isometry3d> poses;
  poses.reserve(geometries.size());
  for (const Geometry& g : geometries) poses.push_back(g.poseInWorld(bodies));
  return poses;
}

std::vector<std::pair<int, int>> candidatePairs(const std::vector<Body>&,
                                                const std::vector<Geometry>& geometries,
                                                const std::vector<Eigen::Isometry3d>& poses,
                                                const BodyPairFilter& filter) {
  const int count = static_cast<int>(geometries.size());
  auto accept = [&](int i, int j) {
    const int bi = geometries[static_cast<size_t>(i)].body;
    const int bj = geometries[static_cast<size_t>(j)].body;
    if (bi < 0 && bj < 0) return false;
    if (bi == bj) return false;
    return !filter || filter(bi, bj);
  };
  // A static geometry is always the pair's second (B), so contact normals point at the body.
  auto makePair = [&](int i, int j) {
    if (geometries[static_cast<size_t>(i)].body < 0) return std::make_pair(j, i);
    if (geometries[static_cast<size_t>(j)].body < 0) return std::make_pair(i, j);
    return std::make_pair(std::min(i, j), std::max(i, j));
  };
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> planes, finite;
  std::vector<Aabb> boxes(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    const Geometry& g = geometries[static_cast<size_t>(i)];
    if (std::holds_alternative<Plane>(g.shape)) {
      planes.push_back(i);
    } else {
      boxes[static_cast<size_t>(i)] = boundingBox(g.shape, poses[static_cast<size_t>(i)]);
      finite.push_back(i);
    }
  }
  for (int plane : planes)
    for (int other : finite)
      if (accept(plane, other)) pairs.push_back(makePair(plane, other));
  std::sort(finite.begin(), finite.end(), [&](int a, int b) {
    return boxes[static_cast<size_t>(a)].min.x() < boxes[static_cast<size_t>(b)].min.x();
  });
  for (size_t k = 0; k < finite.size(); ++k) {
    const Aabb& a = boxes[static_cast<size_t>(finite[k])];
    for (size_t l = k + 1; l < finite.size(); ++l) {
      const Aabb& b = boxes[static_cast<size_t>(finite[l])];
      if (b.min.x() > a.max.x()) break;
      if (b.min.y() > a.max.y() || a.min.y() > b.max.y()) continue;
      if (b.min.z() > a.max.z() || a.min.z() > b.max.z()) continue;
      if (accept(finite[k], finite[l])) pairs.push_back(makePair(finite[k], finite[l]));
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace mlcp::dynamics::detail
