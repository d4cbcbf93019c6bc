#include "broad_phase.hpp"

#include <algorithm>
#include <limits>
#include <variant>

namespace mlcp::dynamics::detail {

namespace {

/// Half extents of the world-axis bounding box of a finite shape at pose X_WG.
Eigen::Vector3d halfExtents(const Shape& shape, const Eigen::Isometry3d& X_WG) {
  if (const auto* sphere = std::get_if<Sphere>(&shape))
    return Eigen::Vector3d::Constant(sphere->radius);
  if (const auto* box = std::get_if<Box>(&shape))
    return X_WG.linear().cwiseAbs() * (0.5 * box->size);
  if (const auto* capsule = std::get_if<Capsule>(&shape))
    return (0.5 * capsule->length * X_WG.linear().col(2)).cwiseAbs() +
           Eigen::Vector3d::Constant(capsule->radius);
  return Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
}

}  // namespace

void BroadPhase::update(const std::vector<Body>& bodies,
                        const std::vector<Geometry>& geometries,
                        const BodyPairFilter& filter) {
  const int count = static_cast<int>(geometries.size());
  m_poses.resize(geometries.size());
  m_pairs.clear();
  m_planes.clear();
  m_entries.clear();
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
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  Eigen::Vector3d sumSquares = Eigen::Vector3d::Zero();
  for (int i = 0; i < count; ++i) {
    const Geometry& g = geometries[static_cast<size_t>(i)];
    const Eigen::Isometry3d& X = m_poses[static_cast<size_t>(i)] = g.poseInWorld(bodies);
    if (std::holds_alternative<Plane>(g.shape)) {
      m_planes.push_back(i);
      continue;
    }
    const Eigen::Vector3d half = halfExtents(g.shape, X);
    m_entries.push_back({X.translation() - half, X.translation() + half, i});
    sum += X.translation();
    sumSquares += X.translation().cwiseAbs2();
  }
  for (int plane : m_planes) {
    const Plane& p = std::get<Plane>(geometries[static_cast<size_t>(plane)].shape);
    for (const Entry& e : m_entries) {
      // Lowest point of the box along n: n . centre - |n| . half.
      const Eigen::Vector3d centre = 0.5 * (e.min + e.max);
      const Eigen::Vector3d half = 0.5 * (e.max - e.min);
      const double lowest = p.normal_W.dot(centre) - p.normal_W.cwiseAbs().dot(half) - p.offset;
      if (lowest <= kPlaneMargin && accept(plane, e.geometry))
        m_pairs.push_back(makePair(plane, e.geometry));
    }
  }
  // Sweep axis: the largest spread of the centres (variance times the count).
  Eigen::Index axis = 0;
  if (!m_entries.empty())
    (sumSquares - sum.cwiseAbs2() / static_cast<double>(m_entries.size())).maxCoeff(&axis);
  const Eigen::Index second = (axis + 1) % 3;
  const Eigen::Index third = (axis + 2) % 3;
  std::sort(m_entries.begin(), m_entries.end(),
            [axis](const Entry& a, const Entry& b) { return a.min[axis] < b.min[axis]; });
  // The sweep reads the sweep-axis extents and the other two axes' from two packed arrays.
  m_sweep.resize(m_entries.size());
  m_cross.resize(m_entries.size());
  for (size_t k = 0; k < m_entries.size(); ++k) {
    const Entry& e = m_entries[k];
    m_sweep[k] = {e.min[axis], e.max[axis]};
    m_cross[k] = {e.min[second], e.max[second], e.min[third], e.max[third], e.geometry};
  }
  for (size_t k = 0; k < m_sweep.size(); ++k) {
    const double end = m_sweep[k].second;
    const Cross& a = m_cross[k];
    for (size_t l = k + 1; l < m_sweep.size() && m_sweep[l].first <= end; ++l) {
      const Cross& b = m_cross[l];
      // One branch for the four tests (|, not ||): most boxes on the sweep fail one of them.
      if ((b.min1 > a.max1) | (a.min1 > b.max1) | (b.min2 > a.max2) | (a.min2 > b.max2)) continue;
      if (accept(a.geometry, b.geometry)) m_pairs.push_back(makePair(a.geometry, b.geometry));
    }
  }
  std::sort(m_pairs.begin(), m_pairs.end());
}

}  // namespace mlcp::dynamics::detail
