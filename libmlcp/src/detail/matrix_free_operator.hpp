#pragma once

#include <memory>
#include <string>

#include <Eigen/Core>

#include <mlcp/matrix_free_problem.hpp>

namespace mlcp::detail {

/// A = J M^-1 J^T + diag(cfm) applied without forming it, by the "fc" trick of ODE's
/// quickstep.cpp (shared/reference/solvers.md §1.10): iMJ_i = M^-1 J_i^T (12 numbers per row) is
/// computed once, fc = M^-1 J^T x (6 numbers per body) is kept, so (A x)_i = J_i . fc + cfm_i x_i
/// costs O(12) and a change delta of x_i costs fc += delta iMJ_i, O(12).
///
/// Used terms: J (n x 12, row-major, body1 block then body2 block), M^-1 (6 x 6 per body), cfm
/// (n), fc (6 x bodies), iMJ (n x 12).
/// Memory: O(12 n + 12 bodies), allocated in bind(); every other call allocates nothing.
class MatrixFreeOperator {
 public:
  /// Takes shared ownership of the factors, checks them (sizes, body indices, finite values)
  /// and precomputes iMJ and the diagonal A_ii = J_i . iMJ_i + cfm_i.
  /// @return empty when usable, otherwise a message naming the field and row (then unbound).
  std::string bind(std::shared_ptr<const MatrixFreeProblem> factors);
  /// True when bind() succeeded.
  bool bound() const { return m_factors != nullptr; }
  /// Rows n of the bound factors (0 when unbound).
  int size() const { return m_factors ? m_factors->size() : 0; }
  /// The bound factors (null when unbound).
  const MatrixFreeProblem* factors() const { return m_factors.get(); }

  /// A_ii (1/kg in the impulse form).
  double diagonal(int i) const { return m_diagonal[i]; }
  /// fc = M^-1 J^T x: makes rowProduct() consistent with x (n). O(12 n).
  void begin(const Eigen::VectorXd& x);
  /// (A x)_i = J_i . fc + cfm_i x_i for the x of begin() and the updates since.
  double rowProduct(int i, const Eigen::VectorXd& x) const;
  /// Records x_i += delta: fc += delta iMJ_i.
  void update(int i, double delta);
  /// out = A x (n) in O(12 n); uses its own scratch, so the state of begin() is kept.
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& out) const;

 private:
  static void accumulate(const MatrixFreeProblem& f,
                         const MatrixFreeProblem::JacobianRows& iMJ,
                         const Eigen::VectorXd& x,
                         Eigen::Matrix<double, 6, Eigen::Dynamic>& fc);
  static double rowDot(const MatrixFreeProblem& f,
                       int i,
                       const Eigen::Matrix<double, 6, Eigen::Dynamic>& fc);

  std::shared_ptr<const MatrixFreeProblem> m_factors;
  MatrixFreeProblem::JacobianRows m_iMJ;
  Eigen::VectorXd m_diagonal;
  Eigen::Matrix<double, 6, Eigen::Dynamic> m_fc;
  mutable Eigen::Matrix<double, 6, Eigen::Dynamic> m_scratch;
};

}  // namespace mlcp::detail
