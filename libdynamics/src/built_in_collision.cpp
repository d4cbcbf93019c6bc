#include "detail/broad_phase.hpp"

#include <mlcp/dynamics/built_in_collision.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp::dynamics {

BuiltInCollision::BuiltInCollision() : m_broadPhase(std::make_unique<detail::BroadPhase>()) {}

BuiltInCollision::~BuiltInCollision() = default;

void BuiltInCollision::findContacts(const std::vector<Body>& bodies,
                                    const std::vector<Geometry>& geometries,
                                    const BodyPairFilter& filter,
                                    std::vector<ContactPoint>& contacts) {
  contacts.clear();
  m_broadPhase->update(bodies, geometries, filter);
  const std::vector<Eigen::Isometry3d>& poses = m_broadPhase->poses();
  for (const auto& [i, j] : m_broadPhase->pairs()) {
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
