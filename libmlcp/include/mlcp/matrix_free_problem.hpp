#pragma once

#include <memory>
#include <vector>

#include <Eigen/Core>

#include <mlcp/problem.hpp>

namespace mlcp {

/// A boxed LCP given by its factors instead of the assembled matrix, as a rigid-body stepper
/// produces it (ODE's quickstep.cpp works on this form):
///
///   A = J M^-1 J^T + diag(cfm),   w = A x - b,   bounds and findex as in mlcp::Problem.
///
/// Used terms: row i couples at most two bodies, body1[i] and body2[i] (-1 = the static world);
/// its Jacobian is J(i, 0..5) on body1 and J(i, 6..11) on body2, each block ordered
/// (linear x y z, angular x y z) in the world frame (unit: 1 and m). inverseMass[k] is the
/// 6 x 6 block of M^-1 of body k in the same order: [m^-1 I3, 0; 0, I_W^-1]
/// (unit: 1/kg and 1/(kg m^2)). cfm (n) is added to the diagonal of A.
/// A matrix-free solver never forms A: with fc = M^-1 J^T x kept per body, (A x)_i costs
/// O(12) (the "fc" trick of ODE's quickstep).
struct MatrixFreeProblem {
  using JacobianRows = Eigen::Matrix<double, Eigen::Dynamic, 12, Eigen::RowMajor>;
  using Block6 = Eigen::Matrix<double, 6, 6>;

  std::string name;
  std::vector<Block6> inverseMass;                                ///< per body (bodyCount)
  Eigen::Matrix<int, Eigen::Dynamic, 2, Eigen::RowMajor> bodies;  ///< (n x 2) body1, body2
  JacobianRows J;                                                 ///< (n x 12)
  Eigen::VectorXd cfm;                                            ///< (n) diagonal regularisation
  Eigen::VectorXd b, lo, hi;                                      ///< (n) as in mlcp::Problem
  Eigen::VectorXi findex;                                         ///< (n) as in mlcp::Problem
  int nub = 0;

  /// Number of rows n.
  int size() const { return static_cast<int>(b.size()); }
  /// Number of bodies.
  int bodyCount() const { return static_cast<int>(inverseMass.size()); }

  /// The assembled dense problem (A = J M^-1 J^T + diag(cfm)), to cross-check and to save.
  /// Cost O(n^2) memory. @throws std::invalid_argument when sizes or body indices disagree.
  Problem toDense() const;

  /// out = A x without forming A (n). @throws std::invalid_argument as toDense().
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out) const;

  /// Checks sizes and body indices. @throws std::invalid_argument naming the field and row.
  void validate() const;
};

/// A Problem that carries the factors, for MixedLCP::setProblem() and the solver factory: b, lo,
/// hi, findex, nub and name copied from *factors, Problem::matrixFree = factors, and A assembled
/// (toDense()) when assembleA; leave that off for large n (O(n^2) memory): the dense solvers then
/// report InvalidProblem while the matrix-free ones run.
/// @throws std::invalid_argument when factors is null or fails validate().
Problem toProblem(std::shared_ptr<const MatrixFreeProblem> factors, bool assembleA = true);

}  // namespace mlcp
