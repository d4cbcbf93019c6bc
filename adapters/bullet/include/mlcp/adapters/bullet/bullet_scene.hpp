#pragma once

#include <mlcp/dynamics/scene_description.hpp>

#include <Eigen/Core>

#include <memory>
#include <vector>

class btMLCPSolverInterface;
class btDiscreteDynamicsWorld;

namespace mlcp::adapters {

/// Settings of a BulletScene that the scene description does not hold.
struct BulletSceneOptions {
  /// Bullet's split impulse (a second MLCP per step for the position error); off uses ERP only.
  bool splitImpulse = false;
};

/// A libdynamics scene description (docs/scenes.md) built from Bullet's own bodies, shapes and
/// constraints in a btDiscreteDynamicsWorld whose constraint solver is a btMLCPSolver over a
/// given btMLCPSolverInterface, so that every contact and joint problem of a step goes through
/// it. Bullet here is Debian's double-precision build (bullet-float64, BT_USE_DOUBLE_PRECISION).
///
/// What is built from the description: one btRigidBody per body with its mass, the diagonal of
/// its inertia (Bullet takes principal moments only), its pose and velocities, and its shape
/// centred at the CM (btBoxShape, btSphereShape, btCapsuleShapeZ; a body without shape gets a
/// btEmptyShape and never collides); static planes as btStaticPlaneShape (box/plane manifolds
/// get several points from the first step: setPlaneConvexMultipointIterations) and static boxes
/// as btBoxShape; JointKind::Ball as btPoint2PointConstraint (3 unbounded rows, so the
/// problems have nub = 3 per joint); gravity; h; the world's CFM as btContactSolverInfo's
/// m_globalCfm (btMLCPSolver adds cfm / h to A's diagonal; 0 leaves A singular for four-point box
/// manifolds) and ERP as its m_erp; every body's friction and restitution are the square roots of
/// the material's mu and restitution, since Bullet multiplies the two bodies' values. A body's
/// f_B_W is applied before every step. Sleeping is disabled so that every step assembles a
/// problem. Bullet's contact ERP (m_erp2) and its collision margins stay Bullet's own.
class BulletScene {
 public:
  /// @param scene the scene to build (checked with SceneDescription::validate)
  /// @param solver the interface btMLCPSolver calls; must outlive the scene.
  /// @param options settings the description does not hold
  /// @throws std::invalid_argument for an invalid description, or an element Bullet cannot
  ///         build here (a JointKind::Axis joint, a non-diagonal inertia), naming the engine,
  ///         the scene and the element.
  BulletScene(const dynamics::SceneDescription& scene,
              btMLCPSolverInterface& solver,
              const BulletSceneOptions& options = {});
  ~BulletScene();
  BulletScene(const BulletScene&) = delete;
  BulletScene& operator=(const BulletScene&) = delete;

  /// Advances one fixed step of the description's h.
  void step();
  /// Steps taken so far.
  int steps() const;
  /// Number of moving bodies, in the description's order.
  int bodyCount() const;
  /// Centre of mass of a body in the world frame, p_WB (unit: m).
  /// @throws std::out_of_range for a bad index
  Eigen::Vector3d position(int body) const;
  /// The moving bodies as Bullet holds them, read back from its btRigidBody and shape objects:
  /// mass (1 / inverse mass, kg), inertia diagonal (1 / inverse local inertia, kg m^2), shape and
  /// size (box extents with Bullet's margin, sphere and capsule radius and length, m), CM pose
  /// and velocities; names are the description's (Bullet bodies have none).
  std::vector<dynamics::BodyDescription> builtBodies() const;
  /// btMLCPSolver::getNumFallbacks(): steps whose MLCP was reported failed and solved by
  /// Bullet's sequential-impulse iterations instead.
  int fallbacks() const;
  /// The description the scene was built from.
  const dynamics::SceneDescription& description() const;
  /// The Bullet world, for what the scene does not wrap (more bodies, other settings).
  btDiscreteDynamicsWorld& world();

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::adapters
