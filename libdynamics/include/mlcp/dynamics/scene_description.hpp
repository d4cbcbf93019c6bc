#pragma once

#include <mlcp/dynamics/body.hpp>
#include <mlcp/dynamics/contact_material.hpp>
#include <mlcp/dynamics/geometry.hpp>
#include <mlcp/dynamics/row_softness.hpp>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::dynamics {

/// One rigid body of a scene: its state, its mass properties and the one collision shape it
/// carries (none for a body that never touches anything, e.g. a pendulum link or the spring's
/// mass). Engines build it as a body with that shape centred at the CM, its axes the body axes.
struct BodyDescription {
  std::string name;                                          ///< unique in the scene, e.g. "box3"
  double mass = 1.0;                                         ///< (unit: kg), > 0
  Eigen::Matrix3d I_Bcm_B = Eigen::Matrix3d::Identity();     ///< inertia about the CM (kg m^2), SPD
  Eigen::Vector3d p_WB = Eigen::Vector3d::Zero();            ///< CM position (unit: m)
  Eigen::Quaterniond q_WB = Eigen::Quaterniond::Identity();  ///< orientation, unit quaternion
  Eigen::Vector3d v_WB = Eigen::Vector3d::Zero();            ///< CM velocity (unit: m/s)
  Eigen::Vector3d w_WB = Eigen::Vector3d::Zero();            ///< angular velocity (unit: rad/s)
  /// Constant applied force at the CM, in the world frame, every step (unit: N).
  Eigen::Vector3d f_B_W = Eigen::Vector3d::Zero();
  GyroscopicMode gyroscopicMode = GyroscopicMode::Implicit;  ///< see GyroscopicMode
  std::optional<Shape> shape;  ///< Sphere, Box or Capsule centred at the CM; none: no collision
};

/// A static collision shape of the scene (ground, slope, bin walls), in the world frame.
struct StaticDescription {
  std::string name;                                          ///< e.g. "ground"
  Shape shape;                                               ///< a Plane (world frame) or a Box
  Eigen::Vector3d p_WG = Eigen::Vector3d::Zero();            ///< box centre (unit: m)
  Eigen::Quaterniond q_WG = Eigen::Quaterniond::Identity();  ///< box orientation
};

/// The joint kinds a scene may use.
enum class JointKind {
  Ball,  ///< three rows holding one point of both bodies together (ODE's ball joint)
  Axis,  ///< one row along `axis_W` holding the bodies' anchor points together (a spring row)
};

/// A joint between body0 and body1 (indices into SceneDescription::bodies; -1 = the world).
struct JointDescription {
  std::string name;                                    ///< e.g. "ball2"
  JointKind kind = JointKind::Ball;                    ///< see JointKind
  int body0 = -1;                                      ///< -1: the world
  int body1 = 0;                                       ///< a body index
  Eigen::Vector3d anchor_W = Eigen::Vector3d::Zero();  ///< joint point at the start (unit: m)
  Eigen::Vector3d axis_W = Eigen::Vector3d::UnitX();   ///< unit axis (Axis only)
  RowSoftness softness;  ///< ERP/CFM or spring gains; unset fields use the scene's
};

/// A scene as plain data: what every engine (libdynamics' World, ODE's world, Bullet, DART)
/// builds. Units SI; z up; gravity along -z unless said otherwise. See docs/scenes.md.
struct SceneDescription {
  std::string name;        ///< catalogue name, e.g. "box-stack"
  std::string parameters;  ///< "key=value ..." of every parameter, defaults included
  Eigen::Vector3d gravity_W{0.0, 0.0, -9.81};  ///< (unit: m/s^2)
  double timeStep = 1.0 / 60.0;                ///< h (unit: s), > 0
  double erp = 0.2;                            ///< the world's ERP (unit: 1), in [0, 1]
  double cfm = 1e-5;                           ///< the world's CFM (unit: s/kg for linear rows)
  ContactMaterial material;                    ///< every contact's surface parameters
  std::vector<BodyDescription> bodies;         ///< the moving bodies
  std::vector<StaticDescription> statics;      ///< the fixed collision shapes
  std::vector<JointDescription> joints;        ///< joints between bodies (or to the world)
  std::vector<int> watchedBodies;  ///< bodies whose drift the scene is about (e.g. the top box)

  /// Checks every field: names, masses > 0, SPD inertias, unit quaternions, finite states,
  /// shapes of positive size, body indices of joints in range, h > 0, ERP in [0, 1], CFM >= 0.
  /// @throws std::invalid_argument naming the scene, the element and the field
  void validate() const;
};

/// The catalogue scene `name` (sceneCatalog()) with "key=value" parameters, as a description.
/// @throws std::invalid_argument for an unknown scene (listing the names) or bad parameters (the
///         message starts "scene 'NAME': " and names the parameter)
SceneDescription describeScene(std::string_view name,
                               const std::vector<std::string>& assignments = {});

}  // namespace mlcp::dynamics
