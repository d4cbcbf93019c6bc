#pragma once

#include <mlcp/adapters/common/scene_kind.hpp>

#include <Eigen/Core>

#include <memory>
#include <string>

class btMLCPSolverInterface;
class btDiscreteDynamicsWorld;

namespace mlcp::adapters {

/// Settings of a BulletScene. Units: m, kg, s; gravity is -9.81 m/s^2 along z.
struct BulletSceneOptions {
  /// Which test scene to build (the same names as libdynamics' scenes).
  SceneKind kind = SceneKind::BoxStack;
  /// Number of boxes; 0 takes defaultBoxCount(kind). A pyramid needs a triangular number.
  int boxes = 0;
  /// Fixed step h (unit: s).
  double timeStep = 1.0 / 60.0;
  /// btContactSolverInfo::m_globalCfm; btMLCPSolver adds cfm / h to the diagonal of A. Bullet's
  /// default 0 leaves A singular for the four-point box manifolds (12 rows, rank 6), which
  /// pivoting solvers rightly refuse; 1e-5 is ODE's default.
  double cfm = 1e-5;
  /// Friction coefficient mu of every contact (each body gets sqrt(mu); Bullet multiplies them).
  double friction = 0.5;
  /// Bullet's split impulse (a second MLCP per step for the position error); off uses ERP only.
  bool splitImpulse = false;

  /// True when usable; otherwise sets *why to a message naming the field.
  bool isValid(std::string* why) const;
};

/// One of the test scenes (SceneKind) built from Bullet's own bodies, shapes and constraints in a
/// btDiscreteDynamicsWorld whose constraint solver is a btMLCPSolver over a given
/// btMLCPSolverInterface, so that every contact and joint problem of a step goes through it.
///
/// Scenes: boxes of 1 m (chain links 0.5 x 0.2 x 0.2 m), 1 kg, on a static ground whose top is
/// z = 0; the stack and pyramid start resting (no overlap, pyramid columns 2 cm apart); the
/// chain hangs horizontally from a world pivot at z = 6 m on point-to-point joints (3 unbounded
/// rows each, so the problems have nub = 3 boxes); the slope box rests on a 20 degree incline.
/// Sleeping is disabled so that every step assembles a problem.
class BulletScene {
 public:
  /// @param options the scene and its settings (validated, see BulletSceneOptions::isValid)
  /// @param solver the interface btMLCPSolver calls; must outlive the scene.
  /// @throws std::invalid_argument for invalid options.
  BulletScene(const BulletSceneOptions& options, btMLCPSolverInterface& solver);
  ~BulletScene();
  BulletScene(const BulletScene&) = delete;
  BulletScene& operator=(const BulletScene&) = delete;

  /// Advances one fixed step of options().timeStep.
  void step();
  /// Steps taken so far.
  int steps() const;
  /// Number of dynamic boxes; box 0 is the lowest (stack, pyramid) or the pivoted end (chain).
  int bodyCount() const;
  /// Centre of mass of a box in the world frame, p_WB (unit: m).
  Eigen::Vector3d position(int body) const;
  /// btMLCPSolver::getNumFallbacks(): steps whose MLCP was reported failed and solved by
  /// Bullet's sequential-impulse iterations instead.
  int fallbacks() const;
  /// The options of the constructor.
  const BulletSceneOptions& options() const;
  /// The Bullet world, for what the scene does not wrap (more bodies, other settings).
  btDiscreteDynamicsWorld& world();

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mlcp::adapters
