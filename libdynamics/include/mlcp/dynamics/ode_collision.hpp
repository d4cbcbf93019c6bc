#pragma once

#include <mlcp/dynamics/collision_detector.hpp>

#include <memory>

namespace mlcp::dynamics {

namespace detail {
class OdeGeometryCache;
}  // namespace detail

/// Collision detection by the Open Dynamics Engine's narrow phase, dCollide() used standalone
/// (Debian's libode-dev; no ODE world or space is created). Box/box, box/sphere, capsules and all
/// other pairs of Shape come from ODE; with `preferBuiltIn` (the default) the pairs
/// BuiltInCollision covers use its tests instead, so both detectors agree on them.
/// At most `maxContactsPerPair` points per pair (ODE culls box/box clipping to the deepest spread).
/// Broad phase as BuiltInCollision's. ODE geoms are created once per geometry and reposed each
/// call. Available only when hasOdeCollision(); the constructor throws std::runtime_error
/// otherwise.
class OdeCollision final : public CollisionDetector {
 public:
  /// @param[in] preferBuiltIn use BuiltInCollision's tests for the pairs it covers
  /// @param[in] maxContactsPerPair 1 .. 16
  /// @throws std::invalid_argument for maxContactsPerPair outside 1 .. 16
  explicit OdeCollision(bool preferBuiltIn = true, int maxContactsPerPair = 4);
  ~OdeCollision() override;
  OdeCollision(const OdeCollision&) = delete;
  OdeCollision& operator=(const OdeCollision&) = delete;

  std::string_view name() const override { return "ode"; }
  void findContacts(const std::vector<Body>& bodies,
                    const std::vector<Geometry>& geometries,
                    const BodyPairFilter& filter,
                    std::vector<ContactPoint>& contacts) override;

 private:
  bool m_preferBuiltIn;
  int m_maxContactsPerPair;
  std::unique_ptr<detail::OdeGeometryCache> m_cache;
};

}  // namespace mlcp::dynamics
