#include <mlcp/adapters/bullet/bullet_scene.hpp>

#include <btBulletDynamicsCommon.h>
#include <fmt/format.h>

#include <BulletCollision/CollisionShapes/btEmptyShape.h>
#include <BulletDynamics/MLCPSolvers/btMLCPSolver.h>
#include <cmath>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace mlcp::adapters {

namespace dyn = mlcp::dynamics;

namespace {

btVector3 toBullet(const Eigen::Vector3d& v) { return {v.x(), v.y(), v.z()}; }
Eigen::Vector3d toEigen(const btVector3& v) { return {v.x(), v.y(), v.z()}; }

btTransform pose(const Eigen::Quaterniond& q, const Eigen::Vector3d& p) {
  return btTransform(btQuaternion(q.x(), q.y(), q.z(), q.w()), toBullet(p));
}

[[noreturn]] void cannotBuild(const dyn::SceneDescription& scene, const std::string& what) {
  throw std::invalid_argument(fmt::format("bullet cannot build scene '{}': {}", scene.name, what));
}

/// The inertia's diagonal; Bullet holds principal moments only.
btVector3 principalMoments(const dyn::SceneDescription& scene, const dyn::BodyDescription& body) {
  const Eigen::Matrix3d& I = body.I_Bcm_B;
  const double offDiagonal = (I - Eigen::Matrix3d(I.diagonal().asDiagonal())).cwiseAbs().maxCoeff();
  if (offDiagonal > 1e-12 * I.diagonal().maxCoeff())
    cannotBuild(scene, fmt::format("body '{}' has a non-diagonal inertia I_Bcm_B (Bullet takes "
                                   "principal moments in the body axes)",
                                   body.name));
  return toBullet(I.diagonal());
}

}  // namespace

struct BulletScene::Impl {
  dyn::SceneDescription scene;
  BulletSceneOptions options;
  btDefaultCollisionConfiguration collisionConfiguration;
  btCollisionDispatcher dispatcher{&collisionConfiguration};
  btDbvtBroadphase broadphase;
  btMLCPSolver constraintSolver;
  btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &constraintSolver,
                                &collisionConfiguration};
  std::vector<std::unique_ptr<btCollisionShape>> shapes;
  std::vector<std::unique_ptr<btDefaultMotionState>> motionStates;
  std::vector<std::unique_ptr<btRigidBody>> statics;
  std::vector<std::unique_ptr<btRigidBody>> bodies;  // in the description's order
  std::vector<std::unique_ptr<btTypedConstraint>> constraints;
  int steps = 0;

  explicit Impl(btMLCPSolverInterface& solver) : constraintSolver(&solver) {
    // Several points per convex/plane manifold from the first step (Bullet's default finds one).
    collisionConfiguration.setPlaneConvexMultipointIterations();
  }

  ~Impl() {
    for (auto& c : constraints) world.removeConstraint(c.get());
    for (auto& b : bodies) world.removeRigidBody(b.get());
    for (auto& b : statics) world.removeRigidBody(b.get());
  }

  btCollisionShape* keep(std::unique_ptr<btCollisionShape> shape) {
    shapes.push_back(std::move(shape));
    return shapes.back().get();
  }

  btCollisionShape* shapeOf(const std::optional<dyn::Shape>& shape) {
    if (!shape) return keep(std::make_unique<btEmptyShape>());
    if (const auto* box = std::get_if<dyn::Box>(&*shape))
      return keep(std::make_unique<btBoxShape>(toBullet(0.5 * box->size)));
    if (const auto* sphere = std::get_if<dyn::Sphere>(&*shape))
      return keep(std::make_unique<btSphereShape>(sphere->radius));
    if (const auto* capsule = std::get_if<dyn::Capsule>(&*shape))
      return keep(std::make_unique<btCapsuleShapeZ>(capsule->radius, capsule->length));
    const auto& plane = std::get<dyn::Plane>(*shape);
    return keep(std::make_unique<btStaticPlaneShape>(toBullet(plane.normal_W), plane.offset));
  }

  std::unique_ptr<btRigidBody> makeBody(btCollisionShape* shape,
                                        double mass,
                                        const btVector3& inertia,
                                        const btTransform& X_WB) {
    motionStates.push_back(std::make_unique<btDefaultMotionState>(X_WB));
    btRigidBody::btRigidBodyConstructionInfo info(mass, motionStates.back().get(), shape, inertia);
    // Bullet multiplies the two bodies' values: each gets the square root.
    info.m_friction = std::sqrt(scene.material.mu);
    info.m_restitution = std::sqrt(scene.material.restitution);
    auto body = std::make_unique<btRigidBody>(info);
    body->setActivationState(DISABLE_DEACTIVATION);
    world.addRigidBody(body.get());
    return body;
  }

  void addStatic(const dyn::StaticDescription& fixed) {
    statics.push_back(makeBody(shapeOf(fixed.shape), 0.0, btVector3(0, 0, 0),
                               std::holds_alternative<dyn::Plane>(fixed.shape)
                                   ? btTransform::getIdentity()
                                   : pose(fixed.q_WG, fixed.p_WG)));
  }

  void addBody(const dyn::BodyDescription& description) {
    bodies.push_back(makeBody(shapeOf(description.shape), description.mass,
                              principalMoments(scene, description),
                              pose(description.q_WB, description.p_WB)));
    bodies.back()->setLinearVelocity(toBullet(description.v_WB));
    bodies.back()->setAngularVelocity(toBullet(description.w_WB));
  }

  /// The anchor in body k's frame (its CM frame).
  btVector3 pivotIn(int k, const Eigen::Vector3d& anchor_W) const {
    const btTransform& X_WB = bodies[static_cast<size_t>(k)]->getCenterOfMassTransform();
    return X_WB.inverse() * toBullet(anchor_W);
  }

  void addJoint(const dyn::JointDescription& joint, size_t index) {
    if (joint.kind != dyn::JointKind::Ball)
      cannotBuild(scene, fmt::format("joint {} '{}' is an axis (spring) joint; Bullet builds "
                                     "ball joints only",
                                     index, joint.name));
    btRigidBody& body1 = *bodies[static_cast<size_t>(joint.body1)];
    if (joint.body0 < 0)
      constraints.push_back(
          std::make_unique<btPoint2PointConstraint>(body1, pivotIn(joint.body1, joint.anchor_W)));
    else
      constraints.push_back(std::make_unique<btPoint2PointConstraint>(
          *bodies[static_cast<size_t>(joint.body0)], body1, pivotIn(joint.body0, joint.anchor_W),
          pivotIn(joint.body1, joint.anchor_W)));
    world.addConstraint(constraints.back().get(), true);
  }
};

BulletScene::BulletScene(const dyn::SceneDescription& scene,
                         btMLCPSolverInterface& solver,
                         const BulletSceneOptions& options)
    : m_impl(std::make_unique<Impl>(solver)) {
  scene.validate();
  Impl& s = *m_impl;
  s.scene = scene;
  s.options = options;
  s.world.setGravity(toBullet(scene.gravity_W));
  btContactSolverInfo& info = s.world.getSolverInfo();
  info.m_globalCfm = scene.cfm;
  info.m_erp = scene.erp;
  info.m_splitImpulse = options.splitImpulse ? 1 : 0;
  info.m_solverMode |= SOLVER_USE_2_FRICTION_DIRECTIONS;
  info.m_timeStep = scene.timeStep;
  for (const dyn::StaticDescription& fixed : scene.statics) s.addStatic(fixed);
  for (const dyn::BodyDescription& body : scene.bodies) s.addBody(body);
  for (size_t j = 0; j < scene.joints.size(); ++j) s.addJoint(scene.joints[j], j);
}

BulletScene::~BulletScene() = default;

void BulletScene::step() {
  Impl& s = *m_impl;
  for (size_t k = 0; k < s.bodies.size(); ++k)
    s.bodies[k]->applyCentralForce(toBullet(s.scene.bodies[k].f_B_W));
  s.world.stepSimulation(s.scene.timeStep, 0);
  ++s.steps;
}

int BulletScene::steps() const { return m_impl->steps; }

int BulletScene::bodyCount() const { return static_cast<int>(m_impl->bodies.size()); }

Eigen::Vector3d BulletScene::position(int body) const {
  return toEigen(m_impl->bodies.at(static_cast<std::size_t>(body))->getCenterOfMassPosition());
}

namespace {

std::optional<dyn::Shape> shapeOf(const btCollisionShape& shape) {
  switch (shape.getShapeType()) {
    case BOX_SHAPE_PROXYTYPE:
      return dyn::Box{2.0 *
                      toEigen(static_cast<const btBoxShape&>(shape).getHalfExtentsWithMargin())};
    case SPHERE_SHAPE_PROXYTYPE:
      return dyn::Sphere{static_cast<const btSphereShape&>(shape).getRadius()};
    case CAPSULE_SHAPE_PROXYTYPE: {
      const auto& capsule = static_cast<const btCapsuleShape&>(shape);
      return dyn::Capsule{capsule.getRadius(), 2.0 * capsule.getHalfHeight()};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

std::vector<dyn::BodyDescription> BulletScene::builtBodies() const {
  std::vector<dyn::BodyDescription> built;
  for (size_t k = 0; k < m_impl->bodies.size(); ++k) {
    const btRigidBody& body = *m_impl->bodies[k];
    dyn::BodyDescription description;
    description.name = m_impl->scene.bodies[k].name;
    description.mass = 1.0 / body.getInvMass();
    description.I_Bcm_B = toEigen(body.getLocalInertia()).asDiagonal();
    const btTransform& X_WB = body.getCenterOfMassTransform();
    description.p_WB = toEigen(X_WB.getOrigin());
    const btQuaternion q = X_WB.getRotation();
    description.q_WB = Eigen::Quaterniond(q.w(), q.x(), q.y(), q.z());
    description.v_WB = toEigen(body.getLinearVelocity());
    description.w_WB = toEigen(body.getAngularVelocity());
    description.shape = shapeOf(*body.getCollisionShape());
    built.push_back(std::move(description));
  }
  return built;
}

int BulletScene::fallbacks() const { return m_impl->constraintSolver.getNumFallbacks(); }

const dyn::SceneDescription& BulletScene::description() const { return m_impl->scene; }

btDiscreteDynamicsWorld& BulletScene::world() { return m_impl->world; }

}  // namespace mlcp::adapters
