// OdeWorld: ODE 0.16's world, space, geoms, joints and contact joints built from a scene
// description (the class comment in ode_world.hpp lists every mapping).

#include "ode_library.hpp"

#include <mlcp/adapters/ode_world/ode_world.hpp>
#include <mlcp/dynamics/contact_constraint.hpp>

#include <fmt/format.h>
#include <ode/ode.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <utility>
#include <variant>
#include <vector>

namespace mlcp::adapters {

namespace dyn = mlcp::dynamics;

namespace {

constexpr int kMaxContactsPerPair = 16;

/// "ode: scene NAME: WHAT" for an element ODE cannot build.
std::invalid_argument unsupported(const dyn::SceneDescription& scene, const std::string& what) {
  return std::invalid_argument(fmt::format("ode: scene {}: {}", scene.name, what));
}

dGeomID createGeom(dSpaceID space, const dyn::Shape& shape) {
  if (const auto* s = std::get_if<dyn::Sphere>(&shape)) return dCreateSphere(space, s->radius);
  if (const auto* b = std::get_if<dyn::Box>(&shape))
    return dCreateBox(space, b->size.x(), b->size.y(), b->size.z());
  if (const auto* c = std::get_if<dyn::Capsule>(&shape))
    return dCreateCapsule(space, c->radius, c->length);
  const auto& p = std::get<dyn::Plane>(shape);
  return dCreatePlane(space, p.normal_W.x(), p.normal_W.y(), p.normal_W.z(), p.offset);
}

void setQuaternion(dGeomID geom, const Eigen::Quaterniond& q) {
  const dQuaternion odeQ = {q.w(), q.x(), q.y(), q.z()};
  dGeomSetQuaternion(geom, odeQ);
}

/// The surface parameters every contact gets (see the class comment).
dSurfaceParameters surfaceOf(const dyn::SceneDescription& scene) {
  const dyn::ContactMaterial& material = scene.material;
  const dyn::ErpCfm soft = material.softness.resolve({scene.erp, scene.cfm}, scene.timeStep);
  dSurfaceParameters surface{};
  surface.mode = dContactSoftERP | dContactSoftCFM;
  surface.soft_erp = soft.erp;
  surface.soft_cfm = soft.cfm;
  surface.mu = material.mu;
  if (material.mu > 0.0) {
    surface.mode |= dContactFDir1 | dContactSlip1 | dContactSlip2;
    surface.slip1 = surface.slip2 = soft.cfm;
    if (std::isfinite(material.mu))
      surface.mode |= dContactApprox1;
    else
      surface.mu = dInfinity;
  }
  if (material.restitution > 0.0) {
    surface.mode |= dContactBounce;
    surface.bounce = material.restitution;
    surface.bounce_vel = material.bounceVelocity;
  }
  return surface;
}

}  // namespace

struct OdeWorld::Impl {
  detail::OdeLibrary library;
  dyn::SceneDescription scene;
  OdeWorldOptions options;
  dWorldID world = nullptr;
  dSpaceID space = nullptr;
  dJointGroupID contactGroup = nullptr;
  std::vector<dBodyID> bodies;
  /// Statics first, then the bodies' shapes (dynamics::buildWorld's geometry order).
  std::vector<dGeomID> geoms;
  std::vector<int> geomBody;  ///< body index of each geom, -1 static
  dSurfaceParameters surface{};
  /// Body pairs joined by a joint (lower index first, -1 the world): they do not collide.
  std::set<std::pair<int, int>> connected;
  std::vector<std::pair<int, int>> pairs;  ///< candidate pairs of the step
  int steps = 0;
  int contacts = 0;

  Impl(const dyn::SceneDescription& description, const OdeWorldOptions& worldOptions)
      : scene(description), options(worldOptions) {}

  ~Impl() {
    // Joints and bodies belong to the world, geoms to the space.
    if (contactGroup != nullptr) dJointGroupDestroy(contactGroup);
    if (space != nullptr) dSpaceDestroy(space);
    if (world != nullptr) dWorldDestroy(world);
  }

  void buildWorld() {
    world = dWorldCreate();
    space = dSimpleSpaceCreate(nullptr);
    contactGroup = dJointGroupCreate(0);
    dWorldSetGravity(world, scene.gravity_W.x(), scene.gravity_W.y(), scene.gravity_W.z());
    dWorldSetERP(world, scene.erp);
    dWorldSetCFM(world, scene.cfm);
    dWorldSetContactMaxCorrectingVel(world, scene.material.maxCorrectingVelocity);
    dWorldSetContactSurfaceLayer(world, scene.material.surfaceLayer);
    dWorldSetQuickStepNumIterations(world, options.quickStepIterations);
    surface = surfaceOf(scene);
  }

  void addStatic(const dyn::StaticDescription& fixed) {
    dGeomID geom = createGeom(space, fixed.shape);
    if (!std::holds_alternative<dyn::Plane>(fixed.shape)) {
      dGeomSetPosition(geom, fixed.p_WG.x(), fixed.p_WG.y(), fixed.p_WG.z());
      setQuaternion(geom, fixed.q_WG.normalized());
    }
    addGeom(geom, -1);
  }

  void addBody(const dyn::BodyDescription& description) {
    if (description.gyroscopicMode == dyn::GyroscopicMode::Explicit)
      throw unsupported(scene, fmt::format("body '{}': gyroscopic mode explicit has no ODE 0.16 "
                                           "counterpart (its dWorldStep is implicit or none)",
                                           description.name));
    dBodyID body = dBodyCreate(world);
    bodies.push_back(body);
    const Eigen::Matrix3d& I = description.I_Bcm_B;
    dMass mass;
    dMassSetParameters(&mass, description.mass, 0.0, 0.0, 0.0, I(0, 0), I(1, 1), I(2, 2), I(0, 1),
                       I(0, 2), I(1, 2));
    dBodySetMass(body, &mass);
    const Eigen::Vector3d& p = description.p_WB;
    const Eigen::Quaterniond q = description.q_WB.normalized();
    const dQuaternion odeQ = {q.w(), q.x(), q.y(), q.z()};
    dBodySetPosition(body, p.x(), p.y(), p.z());
    dBodySetQuaternion(body, odeQ);
    dBodySetLinearVel(body, description.v_WB.x(), description.v_WB.y(), description.v_WB.z());
    dBodySetAngularVel(body, description.w_WB.x(), description.w_WB.y(), description.w_WB.z());
    dBodySetGyroscopicMode(body,
                           description.gyroscopicMode == dyn::GyroscopicMode::Implicit ? 1 : 0);
    if (!description.shape) return;
    if (std::holds_alternative<dyn::Plane>(*description.shape))
      throw unsupported(scene,
                        fmt::format("body '{}': a plane can only be static", description.name));
    dGeomID geom = createGeom(space, *description.shape);
    dGeomSetBody(geom, body);
    addGeom(geom, static_cast<int>(bodies.size()) - 1);
  }

  void addGeom(dGeomID geom, int body) {
    dGeomSetData(geom, reinterpret_cast<void*>(static_cast<std::intptr_t>(geoms.size())));
    geoms.push_back(geom);
    geomBody.push_back(body);
  }

  void addJoint(const dyn::JointDescription& joint) {
    if (joint.kind != dyn::JointKind::Ball)
      throw unsupported(scene, fmt::format("joint '{}' of kind axis (one row along an axis) has "
                                           "no ODE joint",
                                           joint.name));
    dJointID ball = dJointCreateBall(world, nullptr);
    dJointAttach(ball, bodies[static_cast<size_t>(joint.body1)],
                 joint.body0 < 0 ? nullptr : bodies[static_cast<size_t>(joint.body0)]);
    dJointSetBallAnchor(ball, joint.anchor_W.x(), joint.anchor_W.y(), joint.anchor_W.z());
    const dyn::ErpCfm soft = joint.softness.resolve({scene.erp, scene.cfm}, scene.timeStep);
    dJointSetBallParam(ball, dParamERP, soft.erp);
    dJointSetBallParam(ball, dParamCFM, soft.cfm);
    connected.insert({std::min(joint.body0, joint.body1), std::max(joint.body0, joint.body1)});
  }

  static void nearCallback(void* data, dGeomID o1, dGeomID o2) {
    static_cast<Impl*>(data)->candidate(
        static_cast<int>(reinterpret_cast<std::intptr_t>(dGeomGetData(o1))),
        static_cast<int>(reinterpret_cast<std::intptr_t>(dGeomGetData(o2))));
  }

  /// Records a pair of geoms from the broad phase in libdynamics' (A, B) order, unless both are
  /// static or their bodies are joined.
  void candidate(int i, int j) {
    int bodyI = geomBody[static_cast<size_t>(i)], bodyJ = geomBody[static_cast<size_t>(j)];
    if (bodyI < 0 && bodyJ < 0) return;
    if (connected.count({std::min(bodyI, bodyJ), std::max(bodyI, bodyJ)}) != 0) return;
    if (bodyI < 0 || (bodyJ >= 0 && j < i)) std::swap(i, j);
    pairs.emplace_back(i, j);
  }

  void makeContacts() {
    pairs.clear();
    dSpaceCollide(space, this, &Impl::nearCallback);
    std::sort(pairs.begin(), pairs.end());
    std::array<dContactGeom, kMaxContactsPerPair> found;
    contacts = 0;
    for (const auto& [i, j] : pairs) {
      const int count = dCollide(geoms[static_cast<size_t>(i)], geoms[static_cast<size_t>(j)],
                                 options.maxContactsPerPair, found.data(), sizeof(dContactGeom));
      for (int k = 0; k < count; ++k) addContact(found[static_cast<size_t>(k)], i, j);
    }
  }

  void addContact(const dContactGeom& geom, int i, int j) {
    dContact contact{};
    contact.geom = geom;
    contact.surface = surface;
    const Eigen::Vector3d n =
        Eigen::Vector3d(geom.normal[0], geom.normal[1], geom.normal[2]).normalized();
    Eigen::Vector3d t1, t2;
    dyn::ContactConstraint::frictionBasis(n, t1, t2);
    contact.fdir1[0] = t1.x();
    contact.fdir1[1] = t1.y();
    contact.fdir1[2] = t1.z();
    dJointID joint = dJointCreateContact(world, contactGroup, &contact);
    dJointAttach(joint, bodyOf(i), bodyOf(j));
    ++contacts;
  }

  dBodyID bodyOf(int geom) const {
    const int body = geomBody[static_cast<size_t>(geom)];
    return body < 0 ? nullptr : bodies[static_cast<size_t>(body)];
  }
};

OdeWorld::OdeWorld(const dyn::SceneDescription& scene, const OdeWorldOptions& options) {
  scene.validate();
  std::string why;
  if (!options.isValid(&why)) throw std::invalid_argument("OdeWorldOptions: " + why);
  m_impl = std::make_unique<Impl>(scene, options);
  Impl& impl = *m_impl;
  impl.buildWorld();
  for (const dyn::StaticDescription& fixed : scene.statics) impl.addStatic(fixed);
  for (const dyn::BodyDescription& body : scene.bodies) impl.addBody(body);
  for (const dyn::JointDescription& joint : scene.joints) impl.addJoint(joint);
}

OdeWorld::~OdeWorld() = default;

void OdeWorld::step() {
  Impl& impl = *m_impl;
  detail::OdeLibrary::prepareThread();
  for (size_t i = 0; i < impl.bodies.size(); ++i) {
    const Eigen::Vector3d& f = impl.scene.bodies[i].f_B_W;
    dBodyAddForce(impl.bodies[i], f.x(), f.y(), f.z());
  }
  impl.makeContacts();
  if (impl.options.stepper == OdeStepper::Dantzig)
    dWorldStep(impl.world, impl.scene.timeStep);
  else
    dWorldQuickStep(impl.world, impl.scene.timeStep);
  dJointGroupEmpty(impl.contactGroup);
  ++impl.steps;
}

int OdeWorld::stepCount() const { return m_impl->steps; }

double OdeWorld::time() const { return m_impl->steps * m_impl->scene.timeStep; }

int OdeWorld::bodyCount() const { return static_cast<int>(m_impl->bodies.size()); }

OdeBodyState OdeWorld::body(int index) const {
  if (index < 0 || index >= bodyCount())
    throw std::out_of_range(
        fmt::format("OdeWorld::body: index {} is outside 0 .. {}", index, bodyCount() - 1));
  dBodyID body = m_impl->bodies[static_cast<size_t>(index)];
  const dReal* p = dBodyGetPosition(body);
  const dReal* q = dBodyGetQuaternion(body);
  const dReal* v = dBodyGetLinearVel(body);
  const dReal* w = dBodyGetAngularVel(body);
  return {Eigen::Vector3d(p[0], p[1], p[2]), Eigen::Quaterniond(q[0], q[1], q[2], q[3]),
          Eigen::Vector3d(v[0], v[1], v[2]), Eigen::Vector3d(w[0], w[1], w[2])};
}

int OdeWorld::lastContactCount() const { return m_impl->contacts; }

std::string OdeWorld::stepperName() const {
  if (m_impl->options.stepper == OdeStepper::Dantzig) return "ode dWorldStep (Dantzig)";
  return fmt::format("ode dWorldQuickStep ({} iterations)", m_impl->options.quickStepIterations);
}

const dyn::SceneDescription& OdeWorld::scene() const { return m_impl->scene; }

}  // namespace mlcp::adapters
