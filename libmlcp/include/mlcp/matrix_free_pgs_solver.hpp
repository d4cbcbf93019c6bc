#pragma once

#include <memory>
#include <string>

#include <mlcp/matrix_free_problem.hpp>
#include <mlcp/pgs_solver.hpp>

namespace mlcp {

namespace detail {
class MatrixFreeOperator;
}  // namespace detail

/// PgsSolver on the factors of A = J M^-1 J^T + diag(cfm) (mlcp::MatrixFreeProblem), never
/// forming A: ODE quickstep's "fc" form (shared/reference/solvers.md §1.10). Same algorithm,
/// options, order and stopping test as PgsSolver, so on the same problem both produce the same
/// iterates up to rounding.
///
/// Used terms: J (n x 12, two 6-blocks per row for body1 and body2), M^-1 (a 6 x 6 block per
/// body), cfm (n), iMJ = M^-1 J^T (n x 12), fc = M^-1 J^T x (6 per body).
///
/// Call order: setMatrixFree(factors) instead of setMatrix(A) (it also sets b, lo, hi, findex
/// and nub from the factors; the usual setters may change them afterwards), or setProblem() with
/// a Problem whose matrixFree is set (mlcp::toProblem()); then solve(). Without factors (after
/// setMatrix(), or setProblem() of a plain Problem) solve() reports InvalidProblem naming the
/// missing factors; bad factors (sizes, body indices, non-finite values) also give
/// InvalidProblem.
/// The sweep is software-pipelined: row k reads J_k . fc before row k-1's change is stored and
/// adds that change as delta_k-1 A_k,k-1 (the two rows' shared bodies), so consecutive rows on
/// the same bodies do not wait for each other's stores; the iterates are PgsSolver's up to
/// rounding.
/// Cost: O(12) per row update and O(12 n) per sweep and per residual; O(12 n + 36 bodies) to
/// start. Memory: O(12 n + 12 bodies), allocated in setMatrixFree(); solve() allocates nothing.
class MatrixFreePgsSolver final : public PgsSolver {
 public:
  /// @throws std::invalid_argument when options are not valid (PgsOptions::isValid).
  explicit MatrixFreePgsSolver(const PgsOptions& options = {});
  ~MatrixFreePgsSolver() override;

  /// Takes the factors (and their b, lo, hi, findex, nub) in place of a dense A: J, iMJ, cfm and
  /// the body pairs are copied in sweep order, the factors are not kept.
  void setMatrixFree(const MatrixFreeProblem& factors);
  /// As above (the pointer is not kept). @throws std::invalid_argument when null.
  void setMatrixFree(std::shared_ptr<const MatrixFreeProblem> factors);
  /// Takes problem.matrixFree when set (with the Problem's b, lo, hi, findex, nub, x);
  /// otherwise stores the dense problem, which solve() then rejects as InvalidProblem.
  void setProblem(const Problem& problem) override;

  Capabilities capabilities() const override;
  std::string_view name() const override { return "pgs-matrix-free"; }

 private:
  /// Binds the factors to the operator and sizes the solver for them (not b, lo, hi, findex).
  void bindFactors(const MatrixFreeProblem& factors);
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  void multiplyA(const Eigen::VectorXd& x, Eigen::VectorXd& out) const override;

  std::unique_ptr<detail::MatrixFreeOperator> m_operator;
  std::string m_factorError;
};

}  // namespace mlcp
