#pragma once

#include <mlcp/core/factors.hpp>
#include <mlcp/core/problem.hpp>
#include <mlcp/dynamics/constraint_row.hpp>

#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::dynamics {

/// Which constraint made a row of the step's problem, for diagnostics.
struct RowLabel {
  int source = -1;   ///< index into StepProblem::sources
  int localRow = 0;  ///< row within its constraint
  /// What the row is for.
  RowType type = RowType::Equality;
  std::string_view name;   ///< static row name ("x", "normal", "friction1", ...)
  double violation = 0.0;  ///< position error C at the start of the step (unit: m or rad)
};

/// A constraint (joint, or one contact point) that contributed rows to a step.
struct RowSource {
  std::string kind;   ///< "ball", "contact", ...
  std::string label;  ///< kind, optional name and the two bodies, e.g. "ball link0/link1"
  int bodyA = -1;     ///< -1 = world
  /// Index of body B in World::bodies(), -1 = world.
  int bodyB = -1;
  int geometryA = -1;  ///< contacts: the geometry pair (World::geometries()); -1 for joints
  /// The second geometry of the pair; -1 for joints.
  int geometryB = -1;
};

/// The MLCP of one World step in ODE's force form, as World::prepareStep() assembles it:
///
///   (J M^-1 J^T + CFM / h) lambda = c / h - J (v / h + M^-1 f_ext),   lambda in N (or N m),
///
/// held as a Factors (J rows of 12 entries, 6 x 6 blocks of M^-1, problem.cfm = CFM/h),
/// the factor form of A (mlcp::Operator) that every solver takes. Row i was
/// made by sources[rows[i].source]. Units: A in 1/kg (and 1/(kg m^2)), b in m/s^2 (rad/s^2).
struct StepProblem {
  int step = 0;    ///< World::stepCount() of the state it was assembled from
  double h = 0.0;  ///< time step (unit: s)
  /// The n rows: J, M^-1, CFM / h, b, lo, hi, findex.
  Factors problem;
  std::vector<RowLabel> rows;      ///< (n)
  std::vector<RowSource> sources;  ///< constraints then contacts, in row order
  int contactCount = 0;            ///< contact points among the sources

  /// Number of rows n.
  int size() const { return problem.size(); }
  /// "ball link0/link1 x", "contact box3/ground friction1", ... @pre 0 <= row < n
  std::string rowLabel(int row) const;
  /// As above, written into `label` (its capacity reused). @pre 0 <= row < n
  void rowLabel(int row, std::string& label) const;
  /// The step's problem with A in factor form (a copy of the factors, shared by the Problem's
  /// copies) and problem.name as name; A.toDense() assembles J M^-1 J^T + diag(CFM/h).
  Problem toProblem() const;
  /// Largest contact penetration (unit: m), 0 without contacts.
  double maxPenetration() const;
  /// Largest |C| over the equality rows of joints (unit: m or rad), 0 without joints.
  double maxJointError() const;
};

/// Writes the step's dense problem in the BLCP text format (docs/file-formats.md) with
/// one comment line "# row i: LABEL" per row before the data, so residual diagnostics can name
/// the joint or contact of a row; readBlcp() ignores the comments. The file is replaced only
/// once complete (AtomicFile).
/// @throws std::runtime_error when the file cannot be written
void writeLabelledBlcp(const StepProblem& step, const std::filesystem::path& path);

/// As above, to a stream.
void writeLabelledBlcp(const StepProblem& step, std::ostream& out);

}  // namespace mlcp::dynamics
