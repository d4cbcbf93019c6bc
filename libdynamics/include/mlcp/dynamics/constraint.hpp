#pragma once

#include <mlcp/dynamics/constraint_row.hpp>

#include <span>
#include <string>
#include <string_view>

namespace mlcp::dynamics {

/// A constraint between body A and body B (either may be -1, the static world, not both): it
/// contributes 0 to 6 rows per step with J (1 x 12 per body pair), c, CFM, lo, hi, findex
/// (ConstraintRow). Joints keep their frames in the bodies' local coordinates, captured when they
/// are made, so "the configuration at creation" is the one they hold.
///
/// Subclasses: BallJoint, HingeJoint, SliderJoint, FixedJoint, DistanceJoint, AxisJoint and, made
/// by the World every step from the collision detector's output, ContactConstraint.
class Constraint {
 public:
  virtual ~Constraint();
  Constraint(const Constraint&) = delete;
  Constraint& operator=(const Constraint&) = delete;

  /// Lower-case kind ("ball", "hinge", "slider", "fixed", "distance", "axis", "contact").
  virtual std::string_view kind() const = 0;
  /// Rows this constraint contributes at the current state (limits may switch rows on and off).
  virtual int rowCount(const RowContext& context) const = 0;
  /// Fills exactly rowCount(context) rows.
  /// @param[in] context the time step, the world's ERP and CFM and the bodies at the step's start
  /// @param[out] rows of size rowCount(context)
  virtual void fillRows(const RowContext& context, std::span<ConstraintRow> rows) const = 0;

  /// Index of body A in World::bodies(), or -1.
  int bodyA() const { return m_bodyA; }
  /// Index of body B in World::bodies(), or -1.
  int bodyB() const { return m_bodyB; }

  /// Optional name shown in row labels.
  const std::string& name() const { return m_name; }
  /// Sets name(); empty means none.
  void setName(std::string name) { m_name = std::move(name); }

  /// Softness of the constraint's rows (joint limits and motors have their own, see LimitMotor).
  const RowSoftness& softness() const { return m_softness; }
  /// @throws std::invalid_argument as RowSoftness::validate
  void setSoftness(const RowSoftness& softness);

 protected:
  /// @throws std::invalid_argument when both bodies are -1 or they are the same body
  Constraint(int bodyA, int bodyB);
  /// Re-targets the constraint (for objects reused from step to step, as contacts are).
  /// @throws std::invalid_argument as the constructor
  void setBodies(int bodyA, int bodyB);

 private:
  int m_bodyA;
  int m_bodyB;
  std::string m_name;
  RowSoftness m_softness;
};

}  // namespace mlcp::dynamics
