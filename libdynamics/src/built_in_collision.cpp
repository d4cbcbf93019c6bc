#include "detail/broad_phase.hpp"

#include <mlcp/dynamics/built_in_collision.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp::dynamics {

void BuiltInCollision::findContacts(const std::vector<Body>& bodies,
                                    const std::vector<Geometry>& geometries,
                                    const BodyPairFilter& filter,
                                    std::vector<ContactPoint>& contacts) {
  contacts.clear();
  const std::vector<Eigen::Isometry3d> poses = detail::geometryPoses(bodies, geometries);
  for (const auto& [i, j] : detail::candidatePairs(bodies, geometries, poses, filter)) {
    if (!detail::collideBuiltIn(geometries, poses, i, j, contacts)) {
      const Geometry& a = geometries[static_cast<size_t>(i)];
      const Geometry& b = geometries[static_cast<size_t>(j)];
      throw std::invalid_argument(fmt::format(
          "BuiltInCollision has no {}/{} test (geometries '{}' and '{}'); use OdeCollision",
          shapeName(a.shape), shapeName(b.shape), a.name, b.name));
    }
  }
}

}  // namespace mlcp::dynamics
