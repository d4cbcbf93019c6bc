#pragma once

#include "linalg/cholmod_factor.hpp"
#include "linalg/envelope_cholesky.hpp"
#include "linalg/klu_factor.hpp"
#include "linalg/sparse_pattern.hpp"
#include "linalg/symmetric_row_scaling.hpp"
#include "newton/newton_map.hpp"

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/newton/newton_options.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <Eigen/LU>

#include <cstdint>
#include <vector>

namespace mlcp::detail {

/// The linear algebra of one Newton step (docs/newton.md, "The Newton system"): given the
/// Jacobian rows, Phi and the regularization mu, finds dx with
///   alpha_i dx_i + beta_i (A dx)_i / d_i + gamma_i dx_k = -Phi_i  (+ mu on the free rows),
/// in the Jacobi-scaled unknowns dy = D^1/2 dx.
///
/// Unit rows (beta_i = 0) are eliminated when that keeps the system symmetric; the free rows
/// then give S_FF + diag(alpha / beta) + mu I with S = D^-1/2 A D^-1/2, positive definite for
/// a positive semi-definite A, factored by LL^T. A friction row at its bound whose normal is
/// free, a Fischer-Burmeister friction row, or a non-symmetric A make the system unsymmetric:
/// then the whole n x n system goes to an LU. Dense (Eigen) for small problems, sparse
/// (CHOLMOD, KLU) otherwise; the sparse patterns are A's pattern plus the diagonal (and,
/// for the LU, the entries (i, findex_i)), with explicit zeros where a row is a unit row, so
/// that the symbolic analyses are made once per pattern of A and findex and reused across
/// iterations and across the matrices of a simulation's steps.
class NewtonSystem {
 public:
  /// Sizes the dense buffers for n rows (the only allocating call, with the first use of a
  /// pattern).
  void resize(int n);
  /// Takes the problem's A (a new matrixVersion): its symmetry is tested, and its sparse
  /// patterns kept when A's pattern and findex are those analysed before.
  void setMatrix(const ProblemView& problem, std::uint64_t version);
  /// True when A passed the symmetry test of setMatrix() (SymmetricRowScaling::symmetric() with
  /// its kTolerance).
  bool symmetricA() const { return m_symmetricA; }
  /// Factors the Newton matrix of the given Jacobian rows and regularization (dense or sparse,
  /// LL^T or LU as the class comment says). False when it did not factor (not positive definite
  /// or singular in rounding: the caller raises mu).
  /// @param[in] d (n) row scales; mu >= 0 regularization of the free rows
  bool factor(const ProblemView& problem,
              const JacobianRows& rows,
              const Eigen::VectorXd& d,
              double mu,
              const NewtonOptions& options,
              NewtonStatistics& statistics);
  /// The step dx (n) of the last factorization for the right side -phi (n): alpha_i dx_i +
  /// beta_i (A dx)_i / d_i + gamma_i dx_k = -phi_i (+ mu dx_i on the free rows). `rows` must be
  /// those of factor(). False when dx is not finite.
  bool solve(const ProblemView& problem,
             const JacobianRows& rows,
             const Eigen::VectorXd& phi,
             Eigen::VectorXd& dx);

 private:
  /// Marks the unit rows (beta_i = 0 relative to alpha_i: the row fixes dx_i from dx_k alone).
  void classifyRows(const JacobianRows& rows);
  /// True when some friction coupling enters an equation whose unknown is not eliminated.
  bool coupled(const ProblemView& problem, const JacobianRows& rows) const;
  /// dx on the unit rows (zero elsewhere), normals first; in m_dxUnit.
  void eliminateUnitRows(const ProblemView& problem,
                         const JacobianRows& rows,
                         const Eigen::VectorXd& phi);
  /// Right side of the symmetric system (free rows) with the unit rows moved over.
  void symmetricRightSide(const ProblemView& problem,
                          const JacobianRows& rows,
                          const Eigen::VectorXd& phi);
  /// Right side of the unsymmetric system (all rows).
  void unsymmetricRightSide(const JacobianRows& rows, const Eigen::VectorXd& phi);
  /// Coefficient of dy_k in row i's scaled equation (the friction coupling).
  double couplingOf(const JacobianRows& rows, int i, int k) const;
  /// Diagonal added to free row i: alpha_i / beta_i + mu.
  double diagonalOf(const JacobianRows& rows, int i, double mu) const;

  /// m_dense = the scaled system: D^-1/2 A D^-1/2 with the unit rows (and, symmetric, their
  /// columns) zero, plus diagonalOf() on the free rows and 1 on the unit rows; from A's nonzeros
  /// when A is held sparse.
  void fillDense(const ProblemView& problem, const JacobianRows& rows, double mu, bool symmetric);
  bool factorDense(const ProblemView& problem, const JacobianRows& rows, double mu, bool symmetric);
  bool factorSparse(const ProblemView& problem,
                    const JacobianRows& rows,
                    double mu,
                    bool symmetric,
                    NewtonStatistics& statistics);
  void buildPatterns(const ProblemView& problem);
  bool samePattern(const ProblemView& problem) const;

  int m_n = 0;
  bool m_symmetricA = true;
  SymmetricRowScaling m_symmetry;  // the symmetry test of A
  bool m_symmetric = true;         // the last factorization: LL^T of the free rows (else LU of all)
  bool m_denseSolve = true;        // the last factorization: Eigen (else SuiteSparse)
  std::uint64_t m_version = ~std::uint64_t{0};
  Eigen::VectorXd m_sqrtD, m_inverseSqrtD;        // (n) D^1/2, D^-1/2
  Eigen::VectorXd m_dxUnit;                       // (n) dx on the unit rows, 0 elsewhere
  Eigen::VectorXd m_product;                      // (n) A m_dxUnit
  Eigen::VectorXd m_rhs, m_dy;                    // (n) the scaled system's right side and answer
  Eigen::Matrix<bool, Eigen::Dynamic, 1> m_unit;  // (n) the unit rows of the last factor()

  // Dense path: LL^T in place in m_dense's lower triangle (symmetric; within its envelope when
  // that is at most half the work), else m_lu. m_rowScale: D^-1/2, 0 on the unit rows.
  Eigen::MatrixXd m_dense;
  Eigen::VectorXd m_rowScale;
  EnvelopeCholesky m_envelope;
  bool m_envelopeFactor = false;  // the last LL^T in m_dense was taken within its envelope
  Eigen::PartialPivLU<Eigen::MatrixXd> m_lu;

  // Sparse path: the patterns, where each entry's value comes from (an index into A's values,
  // or -1), the diagonal positions and (LU) the positions of the couplings (i, findex_i).
  bool m_havePatterns = false;
  std::vector<int> m_patternStarts, m_patternRows;  // A's pattern the patterns were built for
  Eigen::VectorXi m_patternFindex;
  SparsePattern m_upper, m_full;
  std::vector<int> m_upperSource, m_fullSource, m_upperDiagonal, m_fullDiagonal, m_fullCoupling;
  CholmodFactor m_cholmod;
  KluFactor m_klu;
  bool m_cholmodAnalysed = false;  // for the patterns built last
  bool m_kluAnalysed = false;
};

}  // namespace mlcp::detail
