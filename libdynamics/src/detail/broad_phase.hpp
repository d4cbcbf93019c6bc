#pragma once

#include <mlcp/dynamics/collision_detector.hpp>

#include <Eigen/Geometry>

#include <utility>
#include <vector>

namespace mlcp::dynamics::detail {

/// World poses of all geometries, computed once per collision query.
std::vector<Eigen::Isometry3d> geometryPoses(const std::vector<Body>& bodies,
                                             const std::vector<Geometry>& geometries);

/// Candidate geometry pairs (i, j), the static geometry second, otherwise i < j:
/// axis-aligned boxes overlapping (sort and sweep on x, then y and z checks); planes paired with
/// every non-static geometry. Skips pairs of static geometries, pairs on the same body and body
/// pairs the filter rejects. Pairs come sorted by (i, j), so contacts are reproducible.
std::vector<std::pair<int, int>> candidatePairs(const std::vector<Body>& bodies,
                                                const std::vector<Geometry>& geometries,
                                                const std::vector<Eigen::Isometry3d>& poses,
                                                const BodyPairFilter& filter);

/// Contacts of one pair by the built-in tests (sphere/plane, box/plane, capsule/plane,
/// sphere/sphere, either order), appended to `contacts` with n pointing from j towards i.
/// @return false when the pair has no built-in test (nothing appended)
bool collideBuiltIn(const std::vector<Geometry>& geometries,
                    const std::vector<Eigen::Isometry3d>& poses,
                    int i,
                    int j,
                    std::vector<ContactPoint>& contacts);

}  // namespace mlcp::dynamics::detail
