#include "broad_phase.hpp"

#include <algorithm>
#include <array>
#include <cmath>
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

/// True when geometries i and j may touch: not both static, not on one body, and passed by the
/// filter (when there is one).
bool acceptPair(const std::vector<Geometry>& geometries,
                const BodyPairFilter& filter,
                int i,
                int j) {
  const int bi = geometries[static_cast<size_t>(i)].body;
  const int bj = geometries[static_cast<size_t>(j)].body;
  if (bi < 0 && bj < 0) return false;
  if (bi == bj) return false;
  return !filter || filter(bi, bj);
}

/// The pair (i, j) in its order: a static geometry is always the pair's second (B), so contact
/// normals point at the body; otherwise the lower index first.
std::pair<int, int> orderedPair(const std::vector<Geometry>& geometries, int i, int j) {
  if (geometries[static_cast<size_t>(i)].body < 0) return std::make_pair(j, i);
  if (geometries[static_cast<size_t>(j)].body < 0) return std::make_pair(i, j);
  return std::make_pair(std::min(i, j), std::max(i, j));
}

/// The sweep axis: the largest spread of the count box centres (variance times the count, from
/// the sums of the centres and of their squares); the strips run across the second largest.
/// Returns (sweep, second, third); (0, 1, 2) without boxes.
std::array<Eigen::Index, 3> sweepAxes(const Eigen::Vector3d& sum,
                                      const Eigen::Vector3d& sumSquares,
                                      size_t count) {
  Eigen::Index axis = 0;
  Eigen::Index second = 1;
  if (count > 0) {
    Eigen::Vector3d spread = sumSquares - sum.cwiseAbs2() / static_cast<double>(count);
    spread.maxCoeff(&axis);
    spread[axis] = -std::numeric_limits<double>::infinity();
    spread.maxCoeff(&second);
  }
  return {axis, second, 3 - axis - second};
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
  auto accept = [&](int i, int j) { return acceptPair(geometries, filter, i, j); };
  auto makePair = [&](int i, int j) { return orderedPair(geometries, i, j); };
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
  const std::array<Eigen::Index, 3> axes = sweepAxes(sum, sumSquares, m_entries.size());
  const Eigen::Index axis = axes[0];
  const Eigen::Index second = axes[1];
  const Eigen::Index third = axes[2];
  // Strips across the second axis a little wider than the widest box on it: two boxes that
  // overlap there have their lower ends less than a strip apart, so lie in the same strip or in
  // neighbouring ones.
  double widest = 0.0;
  double longest = 0.0;  // the longest box on the sweep axis
  double low = std::numeric_limits<double>::infinity();
  for (const Entry& e : m_entries) {
    widest = std::max(widest, e.max[second] - e.min[second]);
    longest = std::max(longest, e.max[axis] - e.min[axis]);
    low = std::min(low, e.min[second]);
  }
  const double width = 1.001 * widest + 1e-12;
  for (Entry& e : m_entries)
    e.strip = static_cast<int>(std::min(std::floor((e.min[second] - low) / width), 1e9));
  std::sort(m_entries.begin(), m_entries.end(), [axis](const Entry& a, const Entry& b) {
    return a.strip != b.strip ? a.strip < b.strip : a.min[axis] < b.min[axis];
  });
  // Packed arrays in that order: the sweep-axis extents, the other two axes', the strips' ranges.
  m_sweep.resize(m_entries.size());
  m_cross.resize(m_entries.size());
  m_strips.clear();
  for (size_t k = 0; k < m_entries.size(); ++k) {
    const Entry& e = m_entries[k];
    m_sweep[k] = {e.min[axis], e.max[axis]};
    m_cross[k] = {e.min[second], e.max[second], e.min[third], e.max[third], e.geometry};
    if (m_strips.empty() || m_strips.back().strip != e.strip) m_strips.push_back({e.strip, k, k});
    ++m_strips.back().end;
  }
  auto test = [&](size_t k, size_t l) {
    const Cross& a = m_cross[k];
    const Cross& b = m_cross[l];
    // One branch for the four tests (|, not ||): most boxes on the sweep fail one of them.
    if ((b.min1 > a.max1) | (a.min1 > b.max1) | (b.min2 > a.max2) | (a.min2 > b.max2)) return;
    if (accept(a.geometry, b.geometry)) m_pairs.push_back(makePair(a.geometry, b.geometry));
  };
  for (size_t r = 0; r < m_strips.size(); ++r) {
    const Strip& strip = m_strips[r];
    const bool hasNext = r + 1 < m_strips.size() && m_strips[r + 1].strip == strip.strip + 1;
    size_t cursor = hasNext ? m_strips[r + 1].begin : 0;
    for (size_t k = strip.begin; k < strip.end; ++k) {
      const auto [start, end] = m_sweep[k];
      // The same strip: the boxes after this one that start before it ends.
      for (size_t l = k + 1; l < strip.end && m_sweep[l].first <= end; ++l) test(k, l);
      if (!hasNext) continue;
      // The next strip: boxes that start before this one ends and end after it starts (those
      // starting more than two of the longest boxes earlier cannot; the cursor only advances,
      // as this strip's starts increase).
      const Strip& next = m_strips[r + 1];
      while (cursor < next.end && m_sweep[cursor].first + 2.0 * longest < start) ++cursor;
      for (size_t l = cursor; l < next.end && m_sweep[l].first <= end; ++l)
        if (m_sweep[l].second >= start) test(k, l);
    }
  }
  std::sort(m_pairs.begin(), m_pairs.end());
}

}  // namespace mlcp::dynamics::detail
