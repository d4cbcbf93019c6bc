#pragma once

#include <mlcp/core/problem.hpp>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include <memory>
#include <string>
#include <vector>

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
/// A problem carries these factors as the factor form of its Operator (toProblem()); solvers
/// that need no assembled A (PGS, APGD) then work in O(12) per row: with fc = M^-1 J^T x kept per
/// body, (A x)_i = J_i . fc + cfm_i x_i (the "fc" trick of ODE's quickstep).
struct Factors {
  /// J's storage: n rows of 12 (body1's 6 entries, then body2's).
  using JacobianRows = Eigen::Matrix<double, Eigen::Dynamic, 12, Eigen::RowMajor>;
  /// One body's 6 x 6 block of M^-1.
  using Block6 = Eigen::Matrix<double, 6, 6>;

  /// Free text naming the problem.
  std::string name;
  std::vector<Block6> inverseMass;                                ///< per body (bodyCount)
  Eigen::Matrix<int, Eigen::Dynamic, 2, Eigen::RowMajor> bodies;  ///< (n x 2) body1, body2
  JacobianRows J;                                                 ///< (n x 12)
  Eigen::VectorXd cfm;                                            ///< (n) diagonal regularisation
  Eigen::VectorXd b;       ///< (n) right side, as in mlcp::Problem
  Eigen::VectorXd lo;      ///< (n) lower bounds, as in mlcp::Problem
  Eigen::VectorXd hi;      ///< (n) upper bounds (mu on friction rows), as in mlcp::Problem
  Eigen::VectorXi findex;  ///< (n) as in mlcp::Problem
  int nub = 0;             ///< leading unbounded rows

  /// Number of rows n (of J).
  int size() const { return static_cast<int>(J.rows()); }
  /// Number of bodies.
  int bodyCount() const { return static_cast<int>(inverseMass.size()); }

  /// Empty when the factors of A are usable: bodies and cfm have a row per row of J, body
  /// indices within -1 .. bodyCount() - 1, J, cfm and every block of M^-1 finite. Otherwise a
  /// message naming the field and row. b, lo, hi and findex are not looked at.
  std::string factorError() const;
  /// Checks factorError() and that b, lo, hi, findex have n entries.
  /// @throws std::invalid_argument naming the field and row.
  void validate() const;

  /// A = J M^-1 J^T + diag(cfm) (n x n), written into A (resized; no allocation when it already
  /// is n x n apart from O(n) bookkeeping). @pre factorError() is empty
  void assembleDense(Eigen::MatrixXd& A) const;
  /// A as a sparse matrix (compressed sparse columns): the entries of row pairs that share a
  /// body. @pre factorError() is empty
  Eigen::SparseMatrix<double> assembleSparse() const;
  /// The assembled dense problem (A = J M^-1 J^T + diag(cfm), with b, lo, hi, findex, nub and
  /// name), to cross-check and to save. Cost O(n^2) memory.
  /// @throws std::invalid_argument when validate() fails.
  Problem toDense() const;

  /// out = A x without forming A (n each); allocates 6 numbers per body.
  /// @pre factorError() is empty, x.size() == out.size() == n
  void multiply(const Eigen::Ref<const Eigen::VectorXd>& x, Eigen::Ref<Eigen::VectorXd> out) const;
};

/// The name of earlier versions, kept for one release.
/// @deprecated Use mlcp::Factors.
using MatrixFreeProblem [[deprecated("use mlcp::Factors (mlcp/core/factors.hpp)")]] = Factors;

/// The problem of the factors in factor form: A = Operator(factors) (shared, never copied), b,
/// lo, hi, findex, nub and name copied from *factors. Solvers that need a dense A (Dantzig,
/// Lemke) assemble their own copy; the others work on the factors.
/// @throws std::invalid_argument when factors is null or fails validate().
Problem toProblem(std::shared_ptr<const Factors> factors);

}  // namespace mlcp
