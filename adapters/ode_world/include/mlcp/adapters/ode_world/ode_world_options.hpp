#pragma once

#include <string>
#include <string_view>

namespace mlcp::adapters {

/// ODE 0.16's two steppers (docs/physics-validation.md).
enum class OdeStepper {
  /// dWorldStep: per island, A = J M^-1 J^T + CFM/h assembled and solved by ODE's dSolveLCP
  /// (Dantzig pivoting with friction index), the method libdynamics follows (docs/dynamics.md).
  Dantzig,
  /// dWorldQuickStep: projected Gauss-Seidel (SOR) sweeps on the same rows, a fixed number of
  /// iterations (OdeWorldOptions::quickStepIterations).
  QuickStep,
};

/// "dantzig" or "quickstep", the names `mlcp simulate --engine ode --solver` takes.
std::string_view toString(OdeStepper stepper);

/// Parses toString()'s names.
/// @throws std::invalid_argument naming the unknown stepper and listing the accepted names
OdeStepper odeStepperFromString(std::string_view name);

/// Settings of an OdeWorld that the scene description does not carry.
struct OdeWorldOptions {
  OdeStepper stepper = OdeStepper::Dantzig;  ///< dWorldStep or dWorldQuickStep
  /// dWorldSetQuickStepNumIterations (ODE's default 20); QuickStep only; >= 1.
  int quickStepIterations = 20;
  /// Largest number of contact points dCollide returns per geom pair (1 .. 16); 4 as
  /// libdynamics' OdeCollision.
  int maxContactsPerPair = 4;

  /// True when usable; otherwise sets *why to a message naming the field and its value.
  bool isValid(std::string* why) const;
};

}  // namespace mlcp::adapters
