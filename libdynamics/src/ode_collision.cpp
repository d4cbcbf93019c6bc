// OdeCollision: ODE's narrow phase (dCollide) on standalone geoms, one per Geometry.
// Compiled only when ODE is found (MLCP_DYNAMICS_HAS_ODE).

#include "detail/broad_phase.hpp"

#include <mlcp/dynamics/ode_collision.hpp>

#include <fmt/format.h>
#include <ode/ode.h>

#include <array>
#include <mutex>
#include <stdexcept>
#include <variant>

namespace mlcp::dynamics {

namespace detail {

namespace {

constexpr int kMaxContacts = 16;

void initialiseOde() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (dInitODE2(0) == 0) throw std::runtime_error("OdeCollision: dInitODE2 failed");
  });
  thread_local bool threadReady = false;
  if (!threadReady) {
    if (dAllocateODEDataForThread(dAllocateMaskAll) == 0)
      throw std::runtime_error("OdeCollision: dAllocateODEDataForThread failed");
    threadReady = true;
  }
}

bool sameShape(const Shape& a, const Shape& b) {
  if (a.index() != b.index()) return false;
  if (const auto* s = std::get_if<Sphere>(&a)) return s->radius == std::get<Sphere>(b).radius;
  if (const auto* x = std::get_if<Box>(&a)) return x->size == std::get<Box>(b).size;
  if (const auto* c = std::get_if<Capsule>(&a))
    return c->radius == std::get<Capsule>(b).radius && c->length == std::get<Capsule>(b).length;
  const auto& p = std::get<Plane>(a);
  return p.normal_W == std::get<Plane>(b).normal_W && p.offset == std::get<Plane>(b).offset;
}

dGeomID createGeom(const Shape& shape) {
  if (const auto* s = std::get_if<Sphere>(&shape)) return dCreateSphere(nullptr, s->radius);
  if (const auto* x = std::get_if<Box>(&shape))
    return dCreateBox(nullptr, x->size.x(), x->size.y(), x->size.z());
  if (const auto* c = std::get_if<Capsule>(&shape))
    return dCreateCapsule(nullptr, c->radius, c->length);
  const auto& p = std::get<Plane>(shape);
  return dCreatePlane(nullptr, p.normal_W.x(), p.normal_W.y(), p.normal_W.z(), p.offset);
}

}  // namespace

/// One ODE geom per Geometry, recreated when the shape changes; destroyed with the detector.
class OdeGeometryCache {
 public:
  ~OdeGeometryCache() {
    for (dGeomID geom : m_geoms) dGeomDestroy(geom);
  }

  /// Makes the cache match `geometries` and poses every placeable geom.
  void update(const std::vector<Geometry>& geometries,
              const std::vector<Eigen::Isometry3d>& poses) {
    while (m_geoms.size() > geometries.size()) {
      dGeomDestroy(m_geoms.back());
      m_geoms.pop_back();
      m_shapes.pop_back();
    }
    for (size_t i = 0; i < geometries.size(); ++i) {
      const Shape& shape = geometries[i].shape;
      if (i == m_geoms.size()) {
        m_geoms.push_back(createGeom(shape));
        m_shapes.push_back(shape);
      } else if (!sameShape(m_shapes[i], shape)) {
        dGeomDestroy(m_geoms[i]);
        m_geoms[i] = createGeom(shape);
        m_shapes[i] = shape;
      }
      if (std::holds_alternative<Plane>(shape)) continue;
      const Eigen::Isometry3d& X = poses[i];
      const Eigen::Quaterniond q(X.linear());
      const dQuaternion odeQ = {q.w(), q.x(), q.y(), q.z()};
      dGeomSetPosition(m_geoms[i], X.translation().x(), X.translation().y(), X.translation().z());
      dGeomSetQuaternion(m_geoms[i], odeQ);
    }
  }

  dGeomID geom(int index) const { return m_geoms[static_cast<size_t>(index)]; }

  /// The broad phase, kept with the geoms so its buffers live as long as the detector.
  BroadPhase& broadPhase() { return m_broadPhase; }

 private:
  BroadPhase m_broadPhase;
  std::vector<dGeomID> m_geoms;
  std::vector<Shape> m_shapes;
};

}  // namespace detail

OdeCollision::OdeCollision(bool preferBuiltIn, int maxContactsPerPair)
    : m_preferBuiltIn(preferBuiltIn),
      m_maxContactsPerPair(maxContactsPerPair),
      m_cache(std::make_unique<detail::OdeGeometryCache>()) {
  if (maxContactsPerPair < 1 || maxContactsPerPair > detail::kMaxContacts)
    throw std::invalid_argument(
        fmt::format("OdeCollision: maxContactsPerPair = {} must be in 1 .. {}", maxContactsPerPair,
                    detail::kMaxContacts));
  detail::initialiseOde();
}

OdeCollision::~OdeCollision() = default;

void OdeCollision::findContacts(const std::vector<Body>& bodies,
                                const std::vector<Geometry>& geometries,
                                const BodyPairFilter& filter,
                                std::vector<ContactPoint>& contacts) {
  detail::initialiseOde();
  contacts.clear();
  detail::BroadPhase& broadPhase = m_cache->broadPhase();
  broadPhase.update(bodies, geometries, filter);
  const std::vector<Eigen::Isometry3d>& poses = broadPhase.poses();
  m_cache->update(geometries, poses);
  std::array<dContactGeom, detail::kMaxContacts> found;
  for (const auto& [i, j] : broadPhase.pairs()) {
    if (m_preferBuiltIn && detail::collideBuiltIn(geometries, poses, i, j, contacts)) continue;
    // dCollide's normal points so that moving the first geom along it by depth separates the
    // pair, i.e. from j towards i: ContactPoint's convention with A = i.
    const int count = dCollide(m_cache->geom(i), m_cache->geom(j), m_maxContactsPerPair,
                               found.data(), sizeof(dContactGeom));
    for (int k = 0; k < count; ++k) {
      const dContactGeom& g = found[static_cast<size_t>(k)];
      ContactPoint contact;
      contact.geometryA = i;
      contact.geometryB = j;
      contact.bodyA = geometries[static_cast<size_t>(i)].body;
      contact.bodyB = geometries[static_cast<size_t>(j)].body;
      contact.p_W = Eigen::Vector3d(g.pos[0], g.pos[1], g.pos[2]);
      contact.n_W = Eigen::Vector3d(g.normal[0], g.normal[1], g.normal[2]).normalized();
      contact.depth = g.depth;
      contacts.push_back(contact);
    }
  }
}

}  // namespace mlcp::dynamics
