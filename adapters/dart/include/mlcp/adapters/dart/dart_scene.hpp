#pragma once

#include <mlcp/adapters/common/scene_kind.hpp>

#include <Eigen/Core>

#include <memory>
#include <string>

namespace dart::constraint {
class BoxedLcpSolver;
}  // namespace dart::constraint
namespace dart::simulation {
class World;
}  // namespace dart::simulation

namespace mlcp::adapters {

/// Settings of a DartScene. Units: m, kg, s; gravity is -9.81 m/s^2 along z.
struct DartSceneOptions {
  /// Which test scene to build (the same names as libdynamics' scenes).
  SceneKind kind = SceneKind::BoxStack;
  /// Number of boxes; 0 takes defaultBoxCount(kind). A pyramid needs a triangular number.
  int boxes = 0;
  /// Fixed step h (unit: s); DART's default is 1 ms.
  double timeStep = 0.001;
  /// Friction coefficient mu of every shape (DART combines two by their minimum).
  double friction = 0.5;
  /// Use FCL for collision (more contact points per box pair) instead of DART's own detector.
  bool fclCollider = false;

  /// True when usable; otherwise sets *why to a message naming the field.
  bool isValid(std::string* why) const;
};

/// One of the test scenes (SceneKind) built from DART's own skeletons and shapes in a
/// dart::simulation::World whose constraint solver is a BoxedLcpConstraintSolver over given
/// primary and secondary BoxedLcpSolvers, so that every contact problem goes through them.
///
/// Scenes: free boxes of 1 m, 1 kg, on a welded ground whose top is z = 0; the stack and pyramid
/// start resting (pyramid columns 2 cm apart); the chain is one articulated skeleton of 20 links
/// (0.5 x 0.2 x 0.2 m) on ball joints, hanging horizontally from a world pivot at z = 6 m, so its
/// problems hold contacts only (DART solves joints in reduced coordinates); the slope box rests on
/// a 20 degree incline. DART's contact defaults apply (ERP 0.01, max ERV 1e-3 m/s, relative CFM
/// 1e-5, two friction directions per contact point).
class DartScene {
 public:
  /// @param options the scene and its settings (validated, see DartSceneOptions::isValid)
  /// @param primary the BoxedLcpSolver DART calls first (required).
  /// @param secondary the one it calls when the primary returns false; may be null.
  /// @throws std::invalid_argument for invalid options or a null primary.
  DartScene(const DartSceneOptions& options,
            std::shared_ptr<dart::constraint::BoxedLcpSolver> primary,
            std::shared_ptr<dart::constraint::BoxedLcpSolver> secondary = nullptr);
  ~DartScene();
  DartScene(const DartScene&) = delete;
  DartScene& operator=(const DartScene&) = delete;

  /// Advances one step of options().timeStep.
  void step();
  /// Steps taken so far.
  int steps() const;
  /// Number of moving boxes (chain links); box 0 is the lowest (stack, pyramid) or the pivoted
  /// end (chain).
  int bodyCount() const;
  /// Centre of mass of a box in the world frame, p_WB (unit: m).
  Eigen::Vector3d position(int body) const;
  /// The options of the constructor.
  const DartSceneOptions& options() const;
  /// The DART world, for what the scene does not wrap (more bodies, other settings).
  dart::simulation::World& world();

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::adapters
