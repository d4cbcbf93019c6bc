#pragma once

#include <mlcp/dynamics/scene_description.hpp>

#include <Eigen/Core>

#include <memory>
#include <vector>

namespace dart::constraint {
class BoxedLcpSolver;
}  // namespace dart::constraint
namespace dart::simulation {
class World;
}  // namespace dart::simulation

namespace mlcp::adapters {

/// Settings of a DartScene that the scene description does not hold.
struct DartSceneOptions {
  /// Use FCL for collision (more contact points per box pair) instead of DART's own detector.
  bool fclCollider = false;
};

/// A libdynamics scene description (docs/scenes.md) built from DART's own skeletons and shapes in
/// a dart::simulation::World whose constraint solver is a BoxedLcpConstraintSolver over given
/// primary and secondary BoxedLcpSolvers, so that every contact problem goes through them.
///
/// What is built from the description: a body without a joint is a skeleton on a FreeJoint; a
/// body that is body1 of a JointKind::Ball joint is a child BodyNode on a DART BallJoint of its
/// body0's skeleton (or the root of a new skeleton when body0 is the world), so DART solves
/// joints in reduced coordinates and its problems hold contacts only; every body gets its mass,
/// its inertia, its pose and velocities, and its shape centred at the CM (BoxShape, SphereShape,
/// CapsuleShape) with the material's mu as friction coefficient (DART combines two by their
/// minimum) and the square root of its restitution (DART multiplies two). A static plane is a
/// welded 100 x 100 x 1 m box whose top face lies on the plane (DART's own collision detector
/// has no plane shape); a static box is a welded box. Gravity and h are the description's; a
/// body's f_B_W is applied before every step. DART's contact defaults apply (ERP 0.01, max ERV
/// 1e-3 m/s, relative CFM 1e-5, two friction directions per contact point); the description's
/// ERP and CFM are not used.
class DartScene {
 public:
  /// @param scene the scene to build (checked with SceneDescription::validate)
  /// @param primary the BoxedLcpSolver DART calls first (required).
  /// @param secondary the one it calls when the primary returns false; may be null.
  /// @param options settings the description does not hold
  /// @throws std::invalid_argument for an invalid description, a null primary, or an element DART
  ///         cannot build here (a JointKind::Axis joint, a body with two parent joints or whose
  ///         parent comes later in the list, a moving jointed body), naming the engine, the scene
  ///         and the element.
  DartScene(const dynamics::SceneDescription& scene,
            std::shared_ptr<dart::constraint::BoxedLcpSolver> primary,
            std::shared_ptr<dart::constraint::BoxedLcpSolver> secondary = nullptr,
            const DartSceneOptions& options = {});
  ~DartScene();
  DartScene(const DartScene&) = delete;
  DartScene& operator=(const DartScene&) = delete;

  /// Advances one step of the description's h.
  void step();
  /// Steps taken so far.
  int steps() const;
  /// Number of moving bodies, in the description's order.
  int bodyCount() const;
  /// Centre of mass of a body in the world frame, p_WB (unit: m).
  /// @throws std::out_of_range for a bad index
  Eigen::Vector3d position(int body) const;
  /// The moving bodies as DART holds them, read back from its BodyNodes and shapes: name, mass
  /// (kg), inertia moment about the CM (kg m^2), shape and size (m), world pose and velocities.
  std::vector<dynamics::BodyDescription> builtBodies() const;
  /// The description the scene was built from.
  const dynamics::SceneDescription& description() const;
  /// The DART world, for what the scene does not wrap (more bodies, other settings).
  dart::simulation::World& world();

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::adapters
