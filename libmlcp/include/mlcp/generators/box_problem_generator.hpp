#pragma once

#include <mlcp/core/matrix_free_problem.hpp>

#include <cstdint>

namespace mlcp {

/// Recipe of boxStacks(): columns of cubes on a grid, each column resting on the ground.
/// Units SI: m, kg, s.
struct BoxStackOptions {
  int columnsX = 2;           ///< columns along x (>= 1)
  int columnsY = 2;           ///< columns along y (>= 1)
  int layers = 3;             ///< cubes per column (>= 1)
  int contactsPerFace = 4;    ///< 4 (face corners; A singular but for cfm) or 1 (face centre)
  double size = 1.0;          ///< cube edge (unit: m)
  double mass = 1.0;          ///< mass of a cube (unit: kg)
  double topMassRatio = 1.0;  ///< mass of the top cube of each column / mass (heavy on light)
  double mu = 0.5;            ///< friction coefficient (hi of the friction rows)
  double timeStep = 0.01;     ///< h (unit: s)
  double gravity = 9.81;      ///< along -z (unit: m/s^2)
  double cfm = 1e-6;          ///< added to the diagonal of A (unit: 1/kg)
  double slideSpeed = 0.1;    ///< random horizontal speeds in [-slideSpeed, slideSpeed] (m/s)
  std::uint64_t seed = 1;     ///< of the speeds (std::mt19937_64)
};

/// Recipe of boxChain(): cubes in a row along x lying on the ground, neighbours joined by a
/// ball joint at the centre of their shared face.
struct BoxChainOptions {
  int links = 10;             ///< cubes (>= 1)
  int contactsPerFace = 4;    ///< ground contacts per cube: 4 or 1
  double size = 1.0;          ///< cube edge (unit: m)
  double mass = 1.0;          ///< mass of a cube (unit: kg)
  double endMassRatio = 1.0;  ///< mass of the last cube / mass
  double mu = 0.5;            ///< friction coefficient
  double timeStep = 0.01;     ///< h (unit: s)
  double gravity = 9.81;      ///< along -z (unit: m/s^2)
  double cfm = 1e-6;          ///< added to the diagonal of A (unit: 1/kg)
  double slideSpeed = 0.1;    ///< random horizontal speeds in [-slideSpeed, slideSpeed] (m/s)
  std::uint64_t seed = 1;     ///< of the speeds (std::mt19937_64)
};

/// Synthetic contact problem of one velocity-level time step (impulse form, ODE's sign
/// convention): boxes whose contacts each give 1 normal row (lo = 0, hi = inf) and 2 friction
/// rows along x and y (findex = the normal row, hi = mu), with
///   A = J M^-1 J^T + cfm I (unit: 1/kg),  b = -J (v + h M^-1 f_gravity) (unit: m/s),
/// so w = A x - b is the relative velocity after the step and x the impulses (unit: N s).
/// Contact normals point from the lower body (body2; -1 = the ground) into the upper (body1);
/// J rows are [d, (p - c1) x d] on body1 and [-d, -(p - c2) x d] on body2 for direction d at
/// point p. Columns stand apart (no contacts between columns), so the rows grow linearly with
/// the cubes: n = 3 contactsPerFace columnsX columnsY layers.
/// Deterministic for a seed. @throws std::invalid_argument for counts < 1, contactsPerFace
/// other than 1 or 4, or non-positive size, mass, ratio or time step.
MatrixFreeProblem boxStacks(const BoxStackOptions& options);

/// Synthetic contact-and-joint problem as boxStacks(): the chain's ball-joint rows come first
/// (3 per joint, unbounded: nub = 3 (links - 1)), then each cube's ground contacts.
/// n = 3 (links - 1) + 3 contactsPerFace links. @throws std::invalid_argument as boxStacks().
MatrixFreeProblem boxChain(const BoxChainOptions& options);

}  // namespace mlcp
