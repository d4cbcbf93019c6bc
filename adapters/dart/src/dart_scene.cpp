#include <mlcp/adapters/dart/dart_scene.hpp>
#include <mlcp/core/option_check.hpp>

#include <dart/collision/dart/DARTCollisionDetector.hpp>
#include <dart/collision/fcl/FCLCollisionDetector.hpp>
#include <dart/constraint/BoxedLcpConstraintSolver.hpp>
#include <dart/dynamics/BallJoint.hpp>
#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/BoxShape.hpp>
#include <dart/dynamics/FreeJoint.hpp>
#include <dart/dynamics/Skeleton.hpp>
#include <dart/dynamics/WeldJoint.hpp>
#include <dart/simulation/World.hpp>
#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

namespace mlcp::adapters {

namespace dd = dart::dynamics;

bool DartSceneOptions::isValid(std::string* why) const {
  OptionCheck check("DartSceneOptions", why);
  check.require(boxes >= 0, "boxes", boxes, "boxes >= 0 (0 = scene default)");
  check.require(timeStep > 0.0, "timeStep", timeStep, "timeStep > 0");
  check.require(friction >= 0.0, "friction", friction, "friction >= 0");
  check.require(!(kind == SceneKind::Slope && boxes > 1), "boxes", boxes,
                "the slope scene has one box");
  return check.ok();
}

struct DartScene::Impl {
  DartSceneOptions options;
  dart::simulation::WorldPtr world = dart::simulation::World::create("mlcp scene");
  std::vector<dd::BodyNode*> boxes;
  int steps = 0;

  // A box shape with collision and friction on `body`, and the box's inertia for `mass`.
  void dress(dd::BodyNode* body, const Eigen::Vector3d& size, double mass) {
    auto shape = std::make_shared<dd::BoxShape>(size);
    dd::ShapeNode* node = body->createShapeNodeWith<dd::CollisionAspect, dd::DynamicsAspect>(shape);
    node->getDynamicsAspect()->setFrictionCoeff(options.friction);
    if (mass > 0.0) {
      dd::Inertia inertia;
      inertia.setMass(mass);
      inertia.setMoment(shape->computeInertia(mass));
      body->setInertia(inertia);
    }
  }

  void addFixedBox(const std::string& name,
                   const Eigen::Vector3d& size,
                   const Eigen::Isometry3d& pose) {
    dd::SkeletonPtr skeleton = dd::Skeleton::create(name);
    dd::WeldJoint::Properties joint;
    joint.mT_ParentBodyToJoint = pose;
    auto pair = skeleton->createJointAndBodyNodePair<dd::WeldJoint>(nullptr, joint);
    dress(pair.second, size, 0.0);
    world->addSkeleton(skeleton);
  }

  void addFreeBox(const Eigen::Isometry3d& pose) {
    dd::SkeletonPtr skeleton = dd::Skeleton::create(fmt::format("box{}", boxes.size()));
    auto pair = skeleton->createJointAndBodyNodePair<dd::FreeJoint>();
    dress(pair.second, Eigen::Vector3d::Ones(), 1.0);
    dd::FreeJoint::setTransformOf(pair.first, pose);
    world->addSkeleton(skeleton);
    boxes.push_back(pair.second);
  }

  void addGround() {
    addFixedBox("ground", Eigen::Vector3d(100, 100, 1),
                Eigen::Isometry3d(Eigen::Translation3d(0, 0, -0.5)));
  }

  void buildStack(int count) {
    addGround();
    for (int i = 0; i < count; ++i)
      addFreeBox(Eigen::Isometry3d(Eigen::Translation3d(0, 0, 0.5 + i)));
  }

  void buildPyramid(int count) {
    int base = 0;
    while (base * (base + 1) / 2 < count) ++base;
    if (base * (base + 1) / 2 != count)
      throw std::invalid_argument(
          fmt::format("DartSceneOptions::boxes = {}: a pyramid needs a "
                      "triangular number (1, 3, 6, 10, 15, ...)",
                      count));
    addGround();
    const double pitch = 1.02;  // 2 cm between neighbours of a row
    for (int row = 0; row < base; ++row) {
      const int inRow = base - row;
      for (int k = 0; k < inRow; ++k)
        addFreeBox(
            Eigen::Isometry3d(Eigen::Translation3d((k - 0.5 * (inRow - 1)) * pitch, 0, 0.5 + row)));
    }
  }

  void buildChain(int count) {
    addGround();
    const double halfLength = 0.25;
    dd::SkeletonPtr chain = dd::Skeleton::create("chain");
    dd::BodyNode* parent = nullptr;
    for (int i = 0; i < count; ++i) {
      dd::BallJoint::Properties joint;
      joint.mT_ParentBodyToJoint =
          Eigen::Isometry3d(parent == nullptr ? Eigen::Translation3d(0, 0, 6.0)
                                              : Eigen::Translation3d(halfLength, 0, 0));
      joint.mT_ChildBodyToJoint = Eigen::Isometry3d(Eigen::Translation3d(-halfLength, 0, 0));
      joint.mName = fmt::format("joint{}", i);
      dd::BodyNode::Properties link;
      link.mName = fmt::format("link{}", i);
      auto pair = chain->createJointAndBodyNodePair<dd::BallJoint>(parent, joint, link);
      dress(pair.second, Eigen::Vector3d(2 * halfLength, 0.2, 0.2), 1.0);
      boxes.push_back(pair.second);
      parent = pair.second;
    }
    world->addSkeleton(chain);
  }

  void buildSlope() {
    const double angle = 20.0 * std::numbers::pi / 180.0;
    const Eigen::Isometry3d slab =
        Eigen::Translation3d(0, 0, -0.5) * Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitY());
    addFixedBox("slope", Eigen::Vector3d(40, 40, 1), slab);
    // The box rests on the incline: 1 m above the slab's centre along the slab's normal.
    addFreeBox(slab * Eigen::Isometry3d(Eigen::Translation3d(0, 0, 1.0)));
  }
};

DartScene::DartScene(const DartSceneOptions& options,
                     std::shared_ptr<dart::constraint::BoxedLcpSolver> primary,
                     std::shared_ptr<dart::constraint::BoxedLcpSolver> secondary)
    : m_impl(std::make_unique<Impl>()) {
  requireValid(options);
  if (!primary) throw std::invalid_argument("DartScene: the primary BoxedLcpSolver is null");
  Impl& s = *m_impl;
  s.options = options;
  s.world->setGravity(Eigen::Vector3d(0, 0, -9.81));
  s.world->setTimeStep(options.timeStep);
  auto solver = std::make_unique<dart::constraint::BoxedLcpConstraintSolver>(std::move(primary),
                                                                             std::move(secondary));
  if (options.fclCollider)
    solver->setCollisionDetector(dart::collision::FCLCollisionDetector::create());
  else
    solver->setCollisionDetector(dart::collision::DARTCollisionDetector::create());
  s.world->setConstraintSolver(std::move(solver));
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

DartScene::~DartScene() = default;

void DartScene::step() {
  m_impl->world->step();
  ++m_impl->steps;
}

int DartScene::steps() const { return m_impl->steps; }

int DartScene::bodyCount() const { return static_cast<int>(m_impl->boxes.size()); }

Eigen::Vector3d DartScene::position(int body) const {
  return m_impl->boxes.at(static_cast<std::size_t>(body))->getCOM();
}

const DartSceneOptions& DartScene::options() const { return m_impl->options; }

dart::simulation::World& DartScene::world() { return *m_impl->world; }

}  // namespace mlcp::adapters
