#include <mlcp/adapters/dart/dart_scene.hpp>

#include <dart/collision/dart/DARTCollisionDetector.hpp>
#include <dart/collision/fcl/FCLCollisionDetector.hpp>
#include <dart/constraint/BoxedLcpConstraintSolver.hpp>
#include <dart/dynamics/BallJoint.hpp>
#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/BoxShape.hpp>
#include <dart/dynamics/CapsuleShape.hpp>
#include <dart/dynamics/FreeJoint.hpp>
#include <dart/dynamics/Skeleton.hpp>
#include <dart/dynamics/SphereShape.hpp>
#include <dart/dynamics/WeldJoint.hpp>
#include <dart/simulation/World.hpp>
#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <variant>
#include <vector>

namespace mlcp::adapters {

namespace dd = dart::dynamics;
namespace dyn = mlcp::dynamics;

namespace {

[[noreturn]] void cannotBuild(const dyn::SceneDescription& scene, const std::string& what) {
  throw std::invalid_argument(fmt::format("dart cannot build scene '{}': {}", scene.name, what));
}

Eigen::Isometry3d pose(const Eigen::Quaterniond& q, const Eigen::Vector3d& p) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = q.normalized().toRotationMatrix();
  X.translation() = p;
  return X;
}

dd::ShapePtr shapeOf(const dyn::Shape& shape) {
  if (const auto* box = std::get_if<dyn::Box>(&shape))
    return std::make_shared<dd::BoxShape>(box->size);
  if (const auto* sphere = std::get_if<dyn::Sphere>(&shape))
    return std::make_shared<dd::SphereShape>(sphere->radius);
  const auto& capsule = std::get<dyn::Capsule>(shape);
  return std::make_shared<dd::CapsuleShape>(capsule.radius, capsule.length);
}

/// Side of the welded box that stands for a static plane (unit: m).
constexpr double kPlaneBoxSide = 100.0;

/// Index of the joint whose body1 is each body (-1: none).
std::vector<int> parentJoints(const dyn::SceneDescription& scene) {
  std::vector<int> parent(scene.bodies.size(), -1);
  for (size_t j = 0; j < scene.joints.size(); ++j) {
    const dyn::JointDescription& joint = scene.joints[j];
    const std::string& child = scene.bodies[static_cast<size_t>(joint.body1)].name;
    if (joint.kind != dyn::JointKind::Ball)
      cannotBuild(scene, fmt::format("joint {} '{}' is an axis (spring) joint; DART builds ball "
                                     "joints only",
                                     j, joint.name));
    int& slot = parent[static_cast<size_t>(joint.body1)];
    if (slot >= 0)
      cannotBuild(scene, fmt::format("body '{}' is body1 of joints {} and {} (DART builds a tree "
                                     "of joints)",
                                     child, slot, j));
    if (joint.body0 >= joint.body1)
      cannotBuild(scene, fmt::format("joint {}: body0 {} must come before body1 '{}' (DART builds "
                                     "parents first)",
                                     j, joint.body0, child));
    slot = static_cast<int>(j);
  }
  return parent;
}

}  // namespace

struct DartScene::Impl {
  dyn::SceneDescription scene;
  DartSceneOptions options;
  dart::simulation::WorldPtr world = dart::simulation::World::create("mlcp scene");
  std::vector<dd::BodyNode*> bodies;  // in the description's order
  int steps = 0;

  void dress(dd::BodyNode* body, const dd::ShapePtr& shape) {
    dd::ShapeNode* node = body->createShapeNodeWith<dd::CollisionAspect, dd::DynamicsAspect>(shape);
    node->getDynamicsAspect()->setFrictionCoeff(scene.material.mu);
    node->getDynamicsAspect()->setRestitutionCoeff(std::sqrt(scene.material.restitution));
  }

  void addStatic(const dyn::StaticDescription& fixed) {
    dd::SkeletonPtr skeleton = dd::Skeleton::create(fixed.name);
    dd::WeldJoint::Properties joint;
    dd::ShapePtr shape;
    if (const auto* plane = std::get_if<dyn::Plane>(&fixed.shape)) {
      const Eigen::Vector3d& n = plane->normal_W;
      joint.mT_ParentBodyToJoint =
          pose(Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(), n),
               (plane->offset - 0.5) * n);
      shape = std::make_shared<dd::BoxShape>(Eigen::Vector3d(kPlaneBoxSide, kPlaneBoxSide, 1.0));
    } else {
      joint.mT_ParentBodyToJoint = pose(fixed.q_WG, fixed.p_WG);
      shape = shapeOf(fixed.shape);
    }
    auto pair = skeleton->createJointAndBodyNodePair<dd::WeldJoint>(nullptr, joint);
    dress(pair.second, shape);
    world->addSkeleton(skeleton);
  }

  void setMass(dd::BodyNode* node, const dyn::BodyDescription& body) {
    dd::Inertia inertia;
    inertia.setMass(body.mass);
    inertia.setMoment(body.I_Bcm_B);
    node->setInertia(inertia);
    if (body.shape) dress(node, shapeOf(*body.shape));
  }

  void addFreeBody(const dyn::BodyDescription& body) {
    dd::SkeletonPtr skeleton = dd::Skeleton::create(body.name);
    dd::BodyNode::Properties properties;
    properties.mName = body.name;
    auto pair = skeleton->createJointAndBodyNodePair<dd::FreeJoint>(
        nullptr, dd::FreeJoint::Properties(), properties);
    setMass(pair.second, body);
    dd::FreeJoint::setTransformOf(pair.first, pose(body.q_WB, body.p_WB));
    pair.first->setLinearVelocity(body.v_WB);
    pair.first->setAngularVelocity(body.w_WB);
    world->addSkeleton(skeleton);
    bodies.push_back(pair.second);
  }

  void addJointedBody(const dyn::BodyDescription& body, const dyn::JointDescription& ball) {
    if (!body.v_WB.isZero() || !body.w_WB.isZero())
      cannotBuild(scene, fmt::format("body '{}' on a ball joint starts moving; DART builds jointed "
                                     "bodies at rest",
                                     body.name));
    const Eigen::Isometry3d X_WC = pose(body.q_WB, body.p_WB);
    const Eigen::Isometry3d X_WJ(Eigen::Translation3d(ball.anchor_W));
    dd::BallJoint::Properties joint;
    joint.mName = ball.name.empty() ? fmt::format("ball_{}", body.name) : ball.name;
    joint.mT_ChildBodyToJoint = X_WC.inverse() * X_WJ;
    dd::BodyNode::Properties properties;
    properties.mName = body.name;
    dd::BodyNode* node = nullptr;
    if (ball.body0 < 0) {
      joint.mT_ParentBodyToJoint = X_WJ;
      dd::SkeletonPtr skeleton = dd::Skeleton::create(body.name);
      node = skeleton->createJointAndBodyNodePair<dd::BallJoint>(nullptr, joint, properties).second;
      world->addSkeleton(skeleton);
    } else {
      dd::BodyNode* parent = bodies[static_cast<size_t>(ball.body0)];
      joint.mT_ParentBodyToJoint = parent->getWorldTransform().inverse() * X_WJ;
      node = parent->createChildJointAndBodyNodePair<dd::BallJoint>(joint, properties).second;
    }
    setMass(node, body);
    bodies.push_back(node);
  }
};

DartScene::DartScene(const dyn::SceneDescription& scene,
                     std::shared_ptr<dart::constraint::BoxedLcpSolver> primary,
                     std::shared_ptr<dart::constraint::BoxedLcpSolver> secondary,
                     const DartSceneOptions& options)
    : m_impl(std::make_unique<Impl>()) {
  scene.validate();
  if (!primary) throw std::invalid_argument("DartScene: the primary BoxedLcpSolver is null");
  const std::vector<int> parent = parentJoints(scene);
  Impl& s = *m_impl;
  s.scene = scene;
  s.options = options;
  s.world->setGravity(scene.gravity_W);
  s.world->setTimeStep(scene.timeStep);
  auto solver = std::make_unique<dart::constraint::BoxedLcpConstraintSolver>(std::move(primary),
                                                                             std::move(secondary));
  if (options.fclCollider)
    solver->setCollisionDetector(dart::collision::FCLCollisionDetector::create());
  else
    solver->setCollisionDetector(dart::collision::DARTCollisionDetector::create());
  s.world->setConstraintSolver(std::move(solver));
  for (const dyn::StaticDescription& fixed : scene.statics) s.addStatic(fixed);
  for (size_t k = 0; k < scene.bodies.size(); ++k) {
    if (parent[k] < 0)
      s.addFreeBody(scene.bodies[k]);
    else
      s.addJointedBody(scene.bodies[k], scene.joints[static_cast<size_t>(parent[k])]);
  }
}

DartScene::~DartScene() = default;

void DartScene::step() {
  Impl& s = *m_impl;
  for (size_t k = 0; k < s.bodies.size(); ++k)
    if (!s.scene.bodies[k].f_B_W.isZero()) s.bodies[k]->setExtForce(s.scene.bodies[k].f_B_W);
  s.world->step();
  ++s.steps;
}

int DartScene::steps() const { return m_impl->steps; }

int DartScene::bodyCount() const { return static_cast<int>(m_impl->bodies.size()); }

Eigen::Vector3d DartScene::position(int body) const {
  return m_impl->bodies.at(static_cast<std::size_t>(body))->getCOM();
}

namespace {

std::optional<dyn::Shape> builtShape(const dd::BodyNode& body) {
  const auto nodes = body.getShapeNodesWith<dd::CollisionAspect>();
  if (nodes.empty()) return std::nullopt;
  const dd::ConstShapePtr shape = nodes.front()->getShape();
  if (const auto* box = dynamic_cast<const dd::BoxShape*>(shape.get()))
    return dyn::Box{box->getSize()};
  if (const auto* sphere = dynamic_cast<const dd::SphereShape*>(shape.get()))
    return dyn::Sphere{sphere->getRadius()};
  if (const auto* capsule = dynamic_cast<const dd::CapsuleShape*>(shape.get()))
    return dyn::Capsule{capsule->getRadius(), capsule->getHeight()};
  return std::nullopt;
}

}  // namespace

std::vector<dyn::BodyDescription> DartScene::builtBodies() const {
  std::vector<dyn::BodyDescription> built;
  for (const dd::BodyNode* body : m_impl->bodies) {
    dyn::BodyDescription description;
    description.name = body->getName();
    description.mass = body->getMass();
    description.I_Bcm_B = body->getInertia().getMoment();
    const Eigen::Isometry3d X_WB = body->getWorldTransform();
    description.p_WB = X_WB.translation();
    description.q_WB = Eigen::Quaterniond(X_WB.linear());
    description.v_WB = body->getLinearVelocity();
    description.w_WB = body->getAngularVelocity();
    description.shape = builtShape(*body);
    built.push_back(std::move(description));
  }
  return built;
}

const dyn::SceneDescription& DartScene::description() const { return m_impl->scene; }

dart::simulation::World& DartScene::world() { return *m_impl->world; }

}  // namespace mlcp::adapters
