#pragma once

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/dynamics/body.hpp>
#include <mlcp/dynamics/collision_detector.hpp>
#include <mlcp/dynamics/constraint.hpp>
#include <mlcp/dynamics/contact_material.hpp>
#include <mlcp/dynamics/geometry.hpp>
#include <mlcp/dynamics/step_problem.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace mlcp::dynamics {

class ContactConstraint;
namespace detail {
class WarmStartCache;
}  // namespace detail

/// CPU time of the calling thread spent in each phase of the last World::step() (unit: s), to
/// see where a step's time goes (wall time would count other processes' time slices too).
struct StepTimes {
  double collision = 0.0;    ///< contact points: broad and narrow phase, contact constraints
  double assembly = 0.0;     ///< body terms, rows, b, the factors and warm start to the solver
  double solve = 0.0;        ///< MixedLCP::solve()
  double integration = 0.0;  ///< velocities, poses, the warm-start table (finishStep)
};

/// What the last World::step() did.
struct StepStatistics {
  int rows = 0;            ///< n of the MLCP
  int contacts = 0;        ///< contact points
  std::string solverName;  ///< MixedLCP::name() of the solver used ("" when n = 0)
  /// The solver's status (NotSolved when n = 0).
  Status status = Status::NotSolved;
  /// The solver's iterations (SolveReport::iterations).
  int iterations = 0;
  double relativeResidual = 0.0;  ///< spec residual of the solver's answer
  double solveSeconds = 0.0;      ///< (unit: s)
  /// When the solver did not converge: label of the row with the largest residual
  /// ("contact box3/ground friction1"), so the joint or contact at fault is named.
  std::string worstRow;
  StepTimes times;  ///< CPU time per phase
};

/// A rigid-body world stepped as ODE's dWorldStep [Smith ODE; ROS ODE Solvers] (docs/dynamics.md):
/// bodies, joints, contacts from a collision detector, and an MLCP solver it is given.
///
/// One step of size h, from state (p, q, v, w):
///  1. contacts: the collision detector's points become ContactConstraints (material per pair);
///  2. per body: f_ext = f + f_constant + m g, tau_ext = tau + the gyroscopic term of its
///     GyroscopicMode, M^-1 = diag(1/m I3, R I_B^-1 R^T);
///  3. every constraint fills its rows (J, c, CFM, lo, hi, findex);
///  4. the MLCP in force form: A = J M^-1 J^T + diag(CFM / h), b = c / h - J (v / h + M^-1 f),
///     w = A lambda - b, with the rows' bounds and findex (friction rows point at their normal);
///  5. the solver computes lambda (unit: N, N m); it gets the problem through
///     MixedLCP::setProblem() with A in factor form (mlcp::Operator of J, M^-1, CFM/h): PGS and
///     APGD work on the factors, dense methods (capabilities().denseA) assemble their own A;
///  6. semi-implicit Euler: v' = v + h M^-1 (f_ext + J^T lambda),  p' = p + h v',
///     q' = normalise(q + h/2 (0, w') q);  force and torque accumulators are cleared.
/// Multiplying 4 by h gives the equivalent impulse form (h A)(h lambda) = c - J (v + h M^-1 f)
/// with f = f_ext.
///
/// The solver is used only through the MixedLCP base class, is not owned, and may be replaced
/// between any two steps (setSolver), so Dantzig, PGS and APGD swap without this code changing.
/// Iterative solvers get the previous step's lambda of the same rows as initial guess.
/// The step keeps its buffers (contact constraints, rows, the warm-start table) from step to
/// step, and the solver reads the factors in place, so a step whose sizes were reached before
/// allocates little: the containers whose size is the row count are Eigen vectors, which reallocate
/// when n changes. Frames and units: z up, SI units everywhere (m, kg, s, N, rad).
class World {
 public:
  /// Empty world: gravity (0, 0, -9.81) m/s^2, ERP 0.2, CFM 1e-5, the default collision
  /// detector, the default contact material, connected bodies do not collide, no solver.
  World();
  ~World();
  /// Takes over the other world's bodies, constraints, geometry and solver.
  World(World&&) noexcept;
  /// Takes over the other world's bodies, constraints, geometry and solver.
  World& operator=(World&&) noexcept;

  /// Adds a copy of the body; returns its index. Empty names become "body<index>". A q_WB within
  /// Body::kUnitQuaternionTolerance of unit length is renormalised; any other bad field is an
  /// error.
  /// @throws std::invalid_argument as Body::validate (zero, negative or non-finite mass; a
  ///         non-finite, non-symmetric or non-positive-definite inertia; a non-finite state; a
  ///         non-unit quaternion)
  int addBody(Body body);
  /// The body with this index, to read or to change its state between steps (forces, velocities,
  /// pose, mass). The next step()/prepareStep() checks every body as addBody() does.
  /// @pre 0 <= index < bodyCount()
  Body& body(int index) { return m_bodies[static_cast<size_t>(index)]; }
  /// @pre 0 <= index < bodyCount()
  const Body& body(int index) const { return m_bodies[static_cast<size_t>(index)]; }
  /// All bodies, in index order (what joint constructors take).
  const std::vector<Body>& bodies() const { return m_bodies; }
  /// Number of bodies.
  int bodyCount() const { return static_cast<int>(m_bodies.size()); }
  /// Index of the body with this name, or -1.
  int findBody(std::string_view name) const;
  /// "world" for -1, otherwise the body's name.
  std::string bodyName(int index) const;

  /// Adds a geometry; returns its index. Empty names become the body's name (or "static<index>").
  /// @throws std::invalid_argument as Geometry::validate
  int addGeometry(Geometry geometry);
  /// All geometries, in index order.
  const std::vector<Geometry>& geometries() const { return m_geometries; }

  /// Adds a joint made for this world's bodies; returns a reference to it (owned by the world).
  /// @throws std::invalid_argument when its body indices are out of range
  Constraint& addConstraint(std::unique_ptr<Constraint> constraint);
  /// Makes a T(bodies(), bodyA, bodyB, args...) and adds it, e.g.
  /// emplaceConstraint<BallJoint>(0, 1, p_WP).
  template <typename T, typename... Args>
  T& emplaceConstraint(int bodyA, int bodyB, Args&&... args) {
    auto constraint = std::make_unique<T>(m_bodies, bodyA, bodyB, std::forward<Args>(args)...);
    T& reference = *constraint;
    addConstraint(std::move(constraint));
    return reference;
  }
  /// Number of joints (contacts are not counted: they are made per step).
  int constraintCount() const { return static_cast<int>(m_constraints.size()); }
  /// The joint with this index, e.g. to set its softness or limits.
  /// @pre 0 <= index < constraintCount()
  Constraint& constraint(int index) { return *m_constraints[static_cast<size_t>(index)]; }

  /// Gravity (unit: m/s^2), default (0, 0, -9.81).
  const Eigen::Vector3d& gravity() const { return m_gravity; }
  /// @throws std::invalid_argument when not finite
  void setGravity(const Eigen::Vector3d& gravity_W);
  /// Default ERP (unit: 1) and CFM (unit: s/kg) of rows that do not set their own.
  const ErpCfm& erpCfm() const { return m_erpCfm; }
  /// @throws std::invalid_argument for ERP outside [0, 1] or NaN, CFM < 0, NaN or Inf
  void setErpCfm(const ErpCfm& erpCfm);

  /// Material of contacts between geometries without a pair entry.
  const ContactMaterial& defaultContactMaterial() const { return m_defaultMaterial; }
  /// @throws std::invalid_argument as ContactMaterial::validate
  void setDefaultContactMaterial(const ContactMaterial& material);
  /// Material of contacts between geometries a and b (either order).
  /// @throws std::invalid_argument for bad indices or a bad material
  void setContactMaterial(int geometryA, int geometryB, const ContactMaterial& material);
  /// The material contacts between geometries a and b get (the pair's, or the default).
  const ContactMaterial& contactMaterial(int geometryA, int geometryB) const;
  /// Replaces the collision detector (never null). @throws std::invalid_argument for null
  void setCollisionDetector(std::unique_ptr<CollisionDetector> detector);
  /// The detector in use.
  const CollisionDetector& collisionDetector() const { return *m_detector; }
  /// Whether bodies joined by a joint collide (default false, as in ODE's demos).
  void setCollideConnected(bool collide) { m_collideConnected = collide; }

  /// The solver of the following steps (not owned; must outlive its use). nullptr detaches.
  void setSolver(MixedLCP* solver) { m_solver = solver; }
  /// As above, for a solver that must be there.
  void setSolver(MixedLCP& solver) { m_solver = &solver; }
  /// The solver of the next step, or nullptr.
  MixedLCP* solver() const { return m_solver; }
  /// Warm start iterative solvers with the previous lambda of matching rows (default on).
  void setWarmStart(bool warmStart) { m_warmStart = warmStart; }
  /// Largest n step() hands to a solver that works on a dense copy of A (capabilities().denseA;
  /// default 4000: A takes 128 MB). Solvers that work on the factors (J, M^-1, CFM/h) have no
  /// limit: the pile scene is for them.
  /// @throws std::invalid_argument for rows < 1
  void setMaxDenseRows(int rows);

  /// Name used in exported problems (scenes set it to "NAME key=value ...").
  const std::string& name() const { return m_name; }
  /// Sets name(); it appears in exported problems as "<name> step K".
  void setName(std::string name) { m_name = std::move(name); }

  /// One step of h seconds with the current solver (steps 1-6 of the class comment).
  /// @throws std::invalid_argument for h <= 0, NaN or Inf, or a body changed through body() into
  ///         one Body::validate rejects (the message names the body and the field)
  /// @throws std::logic_error when rows exist but no solver was set
  /// @throws std::runtime_error when a dense solver meets more than setMaxDenseRows() rows (the
  ///         message says what to do)
  /// @throws std::runtime_error when the solver reports InvalidProblem or NumericalFailure (the
  ///         message names the worst row's constraint); other statuses are recorded in
  ///         lastStatistics() and their lambda is used
  void step(double h);

  /// Steps 1-4 only: the MLCP of a step of h from the current state, without changing it
  /// (apart from renormalising quaternions within Body::kUnitQuaternionTolerance).
  /// @throws std::invalid_argument as step()
  const StepProblem& prepareStep(double h);
  /// Step 6 with the given lambda (n) for the problem of the last prepareStep().
  /// @throws std::logic_error when prepareStep() did not precede it
  /// @throws std::invalid_argument for a lambda of the wrong size or with NaN/Inf
  void finishStep(const Eigen::VectorXd& lambda);

  /// The problem of the last prepareStep() or step(); the reference (as prepareStep()'s) is
  /// valid until the next one.
  const StepProblem& lastProblem() const { return *m_problem; }
  /// lambda of the last step (n) (unit: N, N m).
  const Eigen::VectorXd& lastLambda() const { return m_lambda; }
  /// What the last step() did (rows, contacts, solver, status, residual, time).
  const StepStatistics& lastStatistics() const { return m_statistics; }

  /// Steps taken so far.
  int stepCount() const { return m_stepCount; }
  /// Simulated time (unit: s).
  double time() const { return m_time; }

  /// Sum of the bodies' kinetic energies (unit: J).
  double kineticEnergy() const;
  /// Gravitational potential energy -sum m g . p_WB of bodies subject to gravity (unit: J).
  double potentialEnergy() const;

 private:
  struct BodyStepData;
  void validateBodies();
  void findContacts();
  void computeBodyTerms(double h);
  void assembleRows(double h);
  void applyWarmStart(MixedLCP& solver);
  /// Warm-start key of a source's rows without the row index (its low 4 bits): joint index, or
  /// a contact's geometry pair and index of the point within the pair.
  std::uint64_t sourceKey(int source) const;
  void labelSource(size_t source, const Constraint& constraint);

  std::vector<Body> m_bodies;
  std::vector<Geometry> m_geometries;
  std::vector<std::unique_ptr<Constraint>> m_constraints;
  std::vector<ContactPoint> m_contacts;
  /// One per contact of the step (the first m_contacts.size()), reused across steps.
  std::vector<std::unique_ptr<ContactConstraint>> m_contactConstraints;
  std::map<std::pair<int, int>, ContactMaterial> m_pairMaterials;
  ContactMaterial m_defaultMaterial;
  std::unique_ptr<CollisionDetector> m_detector;
  bool m_collideConnected = false;
  Eigen::Vector3d m_gravity{0.0, 0.0, -9.81};
  ErpCfm m_erpCfm{0.2, 1e-5};
  MixedLCP* m_solver = nullptr;
  bool m_warmStart = true;
  int m_maxDenseRows = 4000;
  std::string m_name = "world";

  std::vector<BodyStepData> m_bodyData;
  /// The step's problem, shared with the solver during step() (the factors it is given point
  /// into it); replaced by a new one only when the solver kept that pointer.
  std::shared_ptr<StepProblem> m_problem;
  // The step problem before m_problem: the next one is assembled into it when nobody else (the
  // last solver, which keeps the factors it was given) holds it, so steady steps do not
  // allocate.
  std::shared_ptr<StepProblem> m_spareProblem;
  std::vector<const Constraint*> m_sources;  ///< joints then contacts, per step
  std::vector<int> m_sourceRows;             ///< rows of each source
  std::vector<Vector6d> m_bodyVectors;       ///< per body: v / h + M^-1 f_ext, then the force
  Eigen::VectorXd m_c;                       ///< per row, for b
  std::vector<std::uint64_t> m_rowKeys;
  std::unique_ptr<detail::WarmStartCache> m_previousLambda;
  Eigen::VectorXd m_initialGuess;
  Problem m_solverInput;  ///< what setProblem() gets, its vectors reused
  Eigen::VectorXd m_lambda;
  StepTimes m_prepareTimes;  ///< collision and assembly of the last prepareStep()
  bool m_prepared = false;
  StepStatistics m_statistics;
  int m_stepCount = 0;
  double m_time = 0.0;
};

}  // namespace mlcp::dynamics
