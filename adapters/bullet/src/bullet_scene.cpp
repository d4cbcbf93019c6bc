#include <mlcp/adapters/bullet/bullet_scene.hpp>
#include <mlcp/core/option_check.hpp>

#include <btBulletDynamicsCommon.h>
#include <fmt/format.h>

#include <BulletDynamics/MLCPSolvers/btMLCPSolver.h>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

namespace mlcp::adapters {

bool BulletSceneOptions::isValid(std::string* why) const {
  OptionCheck check("BulletSceneOptions", why);
  check.require(boxes >= 0, "boxes", boxes, "boxes >= 0 (0 = scene default)");
  check.require(timeStep > 0.0, "timeStep", timeStep, "timeStep > 0");
  check.require(cfm >= 0.0, "cfm", cfm, "cfm >= 0");
  check.require(friction >= 0.0, "friction", friction, "friction >= 0");
  check.require(!(kind == SceneKind::Slope && boxes > 1), "boxes", boxes,
                "the slope scene has one box");
  return check.ok();
}

struct BulletScene::Impl {
  BulletSceneOptions options;
  btDefaultCollisionConfiguration collisionConfiguration;
  btCollisionDispatcher dispatcher{&collisionConfiguration};
  btDbvtBroadphase broadphase;
  btMLCPSolver constraintSolver;
  btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &constraintSolver,
                                &collisionConfiguration};
  std::vector<std::unique_ptr<btCollisionShape>> shapes;
  std::vector<std::unique_ptr<btDefaultMotionState>> motionStates;
  std::vector<std::unique_ptr<btRigidBody>> bodies;  // static first, then the dynamic boxes
  std::vector<btRigidBody*> boxes;
  std::vector<std::unique_ptr<btTypedConstraint>> constraints;
  int steps = 0;

  explicit Impl(btMLCPSolverInterface& solver) : constraintSolver(&solver) {}

  ~Impl() {
    for (auto& c : constraints) world.removeConstraint(c.get());
    for (auto& b : bodies) world.removeRigidBody(b.get());
  }

  btCollisionShape* boxShape(const btVector3& halfExtents) {
    shapes.push_back(std::make_unique<btBoxShape>(halfExtents));
    return shapes.back().get();
  }

  btRigidBody* addBody(btCollisionShape* shape, double mass, const btTransform& pose) {
    btVector3 inertia(0, 0, 0);
    if (mass > 0.0) shape->calculateLocalInertia(mass, inertia);
    motionStates.push_back(std::make_unique<btDefaultMotionState>(pose));
    btRigidBody::btRigidBodyConstructionInfo info(mass, motionStates.back().get(), shape, inertia);
    info.m_friction = std::sqrt(options.friction);  // Bullet multiplies the two bodies' values
    bodies.push_back(std::make_unique<btRigidBody>(info));
    btRigidBody* body = bodies.back().get();
    body->setActivationState(DISABLE_DEACTIVATION);
    world.addRigidBody(body);
    if (mass > 0.0) boxes.push_back(body);
    return body;
  }

  void addGround() {
    btTransform pose;
    pose.setIdentity();
    pose.setOrigin(btVector3(0, 0, -0.5));
    addBody(boxShape(btVector3(50, 50, 0.5)), 0.0, pose);
  }

  void buildStack(int count) {
    addGround();
    btCollisionShape* shape = boxShape(btVector3(0.5, 0.5, 0.5));
    for (int i = 0; i < count; ++i) {
      btTransform pose;
      pose.setIdentity();
      pose.setOrigin(btVector3(0, 0, 0.5 + i));
      addBody(shape, 1.0, pose);
    }
  }

  void buildPyramid(int count) {
    int base = 0;
    while (base * (base + 1) / 2 < count) ++base;
    if (base * (base + 1) / 2 != count)
      throw std::invalid_argument(
          fmt::format("BulletSceneOptions::boxes = {}: a pyramid needs a "
                      "triangular number (1, 3, 6, 10, 15, ...)",
                      count));
    addGround();
    btCollisionShape* shape = boxShape(btVector3(0.5, 0.5, 0.5));
    const double pitch = 1.02;  // 2 cm between neighbours of a row
    for (int row = 0; row < base; ++row) {
      const int inRow = base - row;
      for (int k = 0; k < inRow; ++k) {
        btTransform pose;
        pose.setIdentity();
        pose.setOrigin(btVector3((k - 0.5 * (inRow - 1)) * pitch, 0, 0.5 + row));
        addBody(shape, 1.0, pose);
      }
    }
  }

  void buildChain(int count) {
    addGround();
    const double halfLength = 0.25;
    btCollisionShape* shape = boxShape(btVector3(halfLength, 0.1, 0.1));
    const double pivotHeight = 6.0;
    btRigidBody* previous = nullptr;
    for (int i = 0; i < count; ++i) {
      btTransform pose;
      pose.setIdentity();
      pose.setOrigin(btVector3((2 * i + 1) * halfLength, 0, pivotHeight));
      btRigidBody* link = addBody(shape, 1.0, pose);
      const btVector3 left(-halfLength, 0, 0);
      if (previous == nullptr)
        constraints.push_back(std::make_unique<btPoint2PointConstraint>(*link, left));
      else
        constraints.push_back(std::make_unique<btPoint2PointConstraint>(
            *previous, *link, btVector3(halfLength, 0, 0), left));
      world.addConstraint(constraints.back().get(), true);
      previous = link;
    }
  }

  void buildSlope() {
    const double angle = 20.0 * std::numbers::pi / 180.0;
    const btQuaternion tilt(btVector3(0, 1, 0), angle);
    btTransform slopePose(tilt, btVector3(0, 0, -0.5));
    addBody(boxShape(btVector3(20, 20, 0.5)), 0.0, slopePose);
    // The box rests on the incline: 1 m above the slab's centre along the slab's normal.
    btTransform boxPose(tilt, slopePose.getOrigin() + slopePose.getBasis() * btVector3(0, 0, 1.0));
    addBody(boxShape(btVector3(0.5, 0.5, 0.5)), 1.0, boxPose);
  }
};

BulletScene::BulletScene(const BulletSceneOptions& options, btMLCPSolverInterface& solver)
    : m_impl(std::make_unique<Impl>(solver)) {
  requireValid(options);
  Impl& s = *m_impl;
  s.options = options;
  s.world.setGravity(btVector3(0, 0, -9.81));
  btContactSolverInfo& info = s.world.getSolverInfo();
  info.m_globalCfm = options.cfm;
  info.m_splitImpulse = options.splitImpulse ? 1 : 0;
  info.m_solverMode |= SOLVER_USE_2_FRICTION_DIRECTIONS;
  info.m_timeStep = options.timeStep;
  const int count = options.boxes > 0 ? options.boxes : defaultBoxCount(options.kind);
  switch (options.kind) {
    case SceneKind::BoxStack:
      s.buildStack(count);
      break;
    case SceneKind::BoxPyramid:
      s.buildPyramid(count);
      break;
    case SceneKind::PendulumChain:
      s.buildChain(count);
      break;
    case SceneKind::Slope:
      s.buildSlope();
      break;
  }
}

BulletScene::~BulletScene() = default;

void BulletScene::step() {
  m_impl->world.stepSimulation(m_impl->options.timeStep, 0);
  ++m_impl->steps;
}

int BulletScene::steps() const { return m_impl->steps; }

int BulletScene::bodyCount() const { return static_cast<int>(m_impl->boxes.size()); }

Eigen::Vector3d BulletScene::position(int body) const {
  const btVector3& p = m_impl->boxes.at(static_cast<std::size_t>(body))->getCenterOfMassPosition();
  return {p.x(), p.y(), p.z()};
}

int BulletScene::fallbacks() const { return m_impl->constraintSolver.getNumFallbacks(); }

const BulletSceneOptions& BulletScene::options() const { return m_impl->options; }

btDiscreteDynamicsWorld& BulletScene::world() { return m_impl->world; }

}  // namespace mlcp::adapters
