#pragma once

#include <mlcp/dynamics/body.hpp>
#include <mlcp/dynamics/contact_point.hpp>
#include <mlcp/dynamics/geometry.hpp>

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace mlcp::dynamics {

/// Decides whether two bodies (-1 = static world) may touch; false skips the pair (for example
/// bodies connected by a joint).
using BodyPairFilter = std::function<bool(int bodyA, int bodyB)>;

/// The narrow interface between the World and collision detection: geometries in, contact points
/// (position, normal, depth) out, grouped by geometry pair in the order the pairs were found.
/// Pairs of two static geometries and pairs on the same body are never reported.
class CollisionDetector {
 public:
  virtual ~CollisionDetector();

  /// Name for reports ("built-in", "ode").
  virtual std::string_view name() const = 0;

  /// Finds the contacts between the geometries at the bodies' current poses.
  /// @param[in] bodies the world's bodies (poses read)
  /// @param[in] geometries the world's geometries (validated by the World)
  /// @param[in] filter body pairs to consider (may be empty: all pairs)
  /// @param[out] contacts cleared, then filled
  /// @throws std::invalid_argument when a pair of shapes has no test in this detector
  virtual void findContacts(const std::vector<Body>& bodies,
                            const std::vector<Geometry>& geometries,
                            const BodyPairFilter& filter,
                            std::vector<ContactPoint>& contacts) = 0;
};

/// True when libdynamics was built with ODE's collision functions (OdeCollision available).
bool hasOdeCollision();

/// The detector World uses unless told otherwise: OdeCollision when built with ODE (built-in
/// tests first, dCollide for the other pairs), otherwise BuiltInCollision.
std::unique_ptr<CollisionDetector> makeDefaultCollisionDetector();

}  // namespace mlcp::dynamics
