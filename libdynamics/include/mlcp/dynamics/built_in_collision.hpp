#pragma once

#include <mlcp/dynamics/collision_detector.hpp>

#include <memory>

namespace mlcp::dynamics {

namespace detail {
class BroadPhase;
}  // namespace detail

/// Collision detection without external libraries for the simple pairs:
///   sphere/plane (1 point at the sphere's deepest point),
///   box/plane (each box corner behind the plane, up to 4 for a resting face),
///   capsule/plane (each cap centre treated as a sphere: 0 to 2 points),
///   sphere/sphere (1 point halfway through the overlap).
/// Touching counts as contact: surfaces within 1 nm give points of depth 0 (rounding tolerance).
/// Broad phase: sort and sweep of world-axis bounding boxes along the axis of largest spread;
/// planes are tested against the non-static geometries whose box reaches them. Any other pair of
/// shapes throws std::invalid_argument naming both (use OdeCollision). The broad phase's buffers
/// are kept between calls (no allocation once the sizes have been reached).
class BuiltInCollision final : public CollisionDetector {
 public:
  BuiltInCollision();
  ~BuiltInCollision() override;

  std::string_view name() const override { return "built-in"; }
  void findContacts(const std::vector<Body>& bodies,
                    const std::vector<Geometry>& geometries,
                    const BodyPairFilter& filter,
                    std::vector<ContactPoint>& contacts) override;

 private:
  std::unique_ptr<detail::BroadPhase> m_broadPhase;
};

}  // namespace mlcp::dynamics
