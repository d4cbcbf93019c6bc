#pragma once

#include <mlcp/adapters/ode_world/ode_world_options.hpp>
#include <mlcp/dynamics/scene_description.hpp>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <memory>
#include <string>

namespace mlcp::adapters {

/// The state of one body of an OdeWorld after a step (world frame, SI units).
struct OdeBodyState {
  Eigen::Vector3d p_WB;     ///< centre of mass (unit: m)
  Eigen::Quaterniond q_WB;  ///< orientation, maps body to world axes (unit quaternion)
  Eigen::Vector3d v_WB;     ///< centre-of-mass velocity (unit: m/s)
  Eigen::Vector3d w_WB;     ///< angular velocity (unit: rad/s)
};

/// ODE 0.16's own world (Debian libode-dev, double precision) built from a scene description, to
/// compare libdynamics with the engine it follows (docs/physics-validation.md).
///
/// What is built, element by element of the SceneDescription:
///  - body: a dBody with dMassSetParameters(mass, CM at the origin, I_Bcm_B), its pose and
///    velocities, dBodySetGyroscopicMode (GyroscopicMode::Implicit = on, which is ODE 0.16's
///    linearly implicit term; None = off; Explicit has no ODE counterpart and is refused), its
///    shape (dCreateSphere, dCreateBox, dCreateCapsule) attached at the CM, and its constant
///    force f_B_W added with dBodyAddForce before every step;
///  - static: a Plane as dCreatePlane(n, offset), a Box as a body-less dCreateBox at p_WG, q_WG;
///  - joint: Ball as dJointCreateBall at anchor_W with dParamERP/dParamCFM from its softness
///    (resolved at the scene's h); Axis (one row along an axis) has no ODE joint and is refused;
///  - world: gravity, dWorldSetERP/dWorldSetCFM, the material's maxCorrectingVelocity and
///    surfaceLayer as dWorldSetContactMaxCorrectingVel and dWorldSetContactSurfaceLayer.
///
/// Contacts, every step: the geoms live in a dSimpleSpace whose dSpaceCollide (ODE's broad phase)
/// lists the candidate pairs; pairs of bodies joined by a joint are skipped (as libdynamics'
/// World does). The pairs are put in libdynamics' order, with geometry indices as
/// dynamics::buildWorld numbers them (statics first, then the bodies' shapes): the body's geom
/// first and a static one second, otherwise the lower index first, sorted; so dCollide gets the
/// same (A, B) as libdynamics' OdeCollision and its normal points from B to A. Each point becomes a
/// contact joint (dJointCreateContact, attached A then B, so never reversed) with
///  - mode dContactApprox1 (friction rows bounded by mu times the normal row's force, findex, as
///    libdynamics' ContactConstraint) unless mu is infinite (then two unbounded rows);
///  - dContactFDir1 with fdir1 = ContactConstraint::frictionBasis(n).t1 (ODE then takes
///    t2 = n x t1, which is libdynamics' second direction): without it ODE's dPlaneSpace(n) picks
///    other axes, and the friction pyramid, whose effective mu depends on the sliding direction
///    relative to its axes, would differ;
///  - dContactSoftERP/dContactSoftCFM with the material's softness resolved against the world's
///    ERP and CFM at h, and dContactSlip1/dContactSlip2 = that CFM: ODE gives friction rows the
///    world's CFM and only the normal row soft_cfm, libdynamics gives all three the material's;
///  - dContactBounce with restitution and bounceVelocity when restitution > 0.
///
/// Stepper: dWorldStep (ODE's Dantzig, per island) or dWorldQuickStep (OdeWorldOptions). The
/// contact joints are emptied after each step. One world per object; several may exist at a time
/// (ODE's library state is counted, see the adapter's OdeLibrary).
class OdeWorld {
 public:
  /// Builds ODE's world of `scene` (validated first).
  /// @throws std::invalid_argument from SceneDescription::validate, for invalid options, or
  ///         naming the engine, the scene and the element ODE cannot build ("ode: scene spring:
  ///         joint 'spring' of kind axis has no ODE joint")
  explicit OdeWorld(const dynamics::SceneDescription& scene, const OdeWorldOptions& options = {});
  ~OdeWorld();
  OdeWorld(const OdeWorld&) = delete;
  OdeWorld& operator=(const OdeWorld&) = delete;

  /// One step of the scene's h: constant forces, contacts (above), the stepper, the contact
  /// joints emptied.
  void step();
  /// Steps taken so far.
  int stepCount() const;
  /// Simulated time, stepCount() h (unit: s).
  double time() const;
  /// Number of bodies, in the description's order.
  int bodyCount() const;
  /// The state of body `index` (0 <= index < bodyCount()).
  /// @throws std::out_of_range for another index
  OdeBodyState body(int index) const;
  /// Contact points (contact joints) of the last step; 0 before the first.
  int lastContactCount() const;
  /// The stepper's name as the output shows it: "ode dWorldStep (Dantzig)" or
  /// "ode dWorldQuickStep (N iterations)".
  std::string stepperName() const;
  /// The description the world was built from.
  const dynamics::SceneDescription& scene() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::adapters
