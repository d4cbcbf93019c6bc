#include <mlcp/dynamics/built_in_collision.hpp>
#include <mlcp/dynamics/collision_detector.hpp>
#include <mlcp/dynamics/ode_collision.hpp>

#include <stdexcept>

namespace mlcp::dynamics {

CollisionDetector::~CollisionDetector() = default;

bool hasOdeCollision() {
#ifdef MLCP_DYNAMICS_HAS_ODE
  return true;
#else
  return false;
#endif
}

std::unique_ptr<CollisionDetector> makeDefaultCollisionDetector() {
#ifdef MLCP_DYNAMICS_HAS_ODE
  return std::make_unique<OdeCollision>();
#else
  return std::make_unique<BuiltInCollision>();
#endif
}

#ifndef MLCP_DYNAMICS_HAS_ODE
namespace detail {
class OdeGeometryCache {};
}  // namespace detail

OdeCollision::OdeCollision(bool preferBuiltIn, int maxContactsPerPair)
    : m_preferBuiltIn(preferBuiltIn), m_maxContactsPerPair(maxContactsPerPair) {
  throw std::runtime_error("OdeCollision: libdynamics was built without ODE (libode-dev)");
}

OdeCollision::~OdeCollision() = default;

void OdeCollision::findContacts(const std::vector<Body>&,
                                const std::vector<Geometry>&,
                                const BodyPairFilter&,
                                std::vector<ContactPoint>&) {
  throw std::runtime_error("OdeCollision: libdynamics was built without ODE (libode-dev)");
}
#endif

}  // namespace mlcp::dynamics
