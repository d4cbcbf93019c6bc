#pragma once

#include <mlcp/dynamics/collision_detector.hpp>

#include <Eigen/Geometry>

#include <utility>
#include <vector>

namespace mlcp::dynamics::detail {

/// The broad phase of the collision detectors: world poses of all geometries and the candidate
/// geometry pairs (i, j), the static geometry second, otherwise i < j.
///
/// Finite shapes are paired when their world-axis bounding boxes overlap: sort and sweep along
/// the axis on which the boxes' centres spread most, within strips across the second axis as
/// wide as the widest box (each box against its own strip and the next), then checks on the
/// other two axes. A plane is
/// paired with every non-static geometry whose bounding box reaches within kPlaneMargin of it
/// (the box's lowest point n . x - offset <= kPlaneMargin); the others cannot touch it. Skips
/// pairs of static geometries, pairs on the same body and body pairs the filter rejects. Pairs
/// come sorted by (i, j), so contacts are reproducible.
///
/// Buffers are kept between calls: once the geometry count and the number of pairs have been
/// reached, update() allocates nothing. Cost O(g log g + pairs log pairs + overlaps on the sweep
/// axis) for g geometries.
class BroadPhase {
 public:
  /// Distance (unit: m) within which a bounding box counts as reaching a plane; far above the
  /// rounding of the narrow phase's point-plane distances, far below any contact scale.
  static constexpr double kPlaneMargin = 1e-6;

  /// Computes the poses and the pairs at the bodies' current poses.
  /// @param[in] filter body pairs to consider (may be empty: all pairs)
  void update(const std::vector<Body>& bodies,
              const std::vector<Geometry>& geometries,
              const BodyPairFilter& filter);
  /// World pose X_WG of every geometry (index order), from the last update().
  const std::vector<Eigen::Isometry3d>& poses() const { return m_poses; }
  /// Candidate pairs of the last update(), sorted.
  const std::vector<std::pair<int, int>>& pairs() const { return m_pairs; }

 private:
  /// A finite geometry's bounding box (unit: m).
  struct Entry {
    Eigen::Vector3d min;
    Eigen::Vector3d max;
    int geometry = -1;
    int strip = 0;  ///< strip across the second axis
  };
  /// The entries of one strip, [begin, end) in sweep order.
  struct Strip {
    int strip;
    size_t begin, end;
  };
  /// A box's extent on the two axes other than the sweep axis, in sweep order.
  struct Cross {
    double min1, max1, min2, max2;
    int geometry;
  };

  std::vector<Eigen::Isometry3d> m_poses;
  std::vector<std::pair<int, int>> m_pairs;
  std::vector<int> m_planes;
  std::vector<Entry> m_entries;
  std::vector<std::pair<double, double>> m_sweep;  // extent on the sweep axis, in sweep order
  std::vector<Cross> m_cross;
  std::vector<Strip> m_strips;
};

/// Contacts of one pair by the built-in tests (sphere/plane, box/plane, capsule/plane,
/// sphere/sphere, either order), appended to `contacts` with n pointing from j towards i.
/// @return false when the pair has no built-in test (nothing appended)
bool collideBuiltIn(const std::vector<Geometry>& geometries,
                    const std::vector<Eigen::Isometry3d>& poses,
                    int i,
                    int j,
                    std::vector<ContactPoint>& contacts);

}  // namespace mlcp::dynamics::detail
