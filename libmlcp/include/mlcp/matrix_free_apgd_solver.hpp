#pragma once

#include <memory>
#include <string>

#include <mlcp/apgd_solver.hpp>
#include <mlcp/matrix_free_problem.hpp>

namespace mlcp {

namespace detail {
class MatrixFreeOperator;
}  // namespace detail

/// ApgdSolver on the factors of A = J M^-1 J^T + diag(cfm) (mlcp::MatrixFreeProblem), never
/// forming A: each product A x costs O(12 n) through fc = M^-1 J^T x (ODE quickstep's "fc",
/// Chrono's SchurComplementProduct). Same algorithm, options and stopping test as ApgdSolver,
/// so on the same problem both produce the same iterates up to rounding.
///
/// Used terms: J (n x 12), M^-1 (6 x 6 per body), cfm (n), fc (6 per body).
/// Call order and errors as MatrixFreePgsSolver: setMatrixFree(factors), or setProblem() with
/// Problem::matrixFree set; without valid factors solve() reports InvalidProblem.
/// Cost: O(12 n) per product (one per iteration plus backtracks). Memory: O(12 n + 12 bodies)
/// plus ApgdSolver's 9 n, allocated in setMatrixFree(); solve() allocates nothing.
class MatrixFreeApgdSolver final : public ApgdSolver {
 public:
  /// @throws std::invalid_argument when options are not valid (ApgdOptions::isValid).
  explicit MatrixFreeApgdSolver(const ApgdOptions& options = {});
  ~MatrixFreeApgdSolver() override;

  /// Takes the factors (and their b, lo, hi, findex, nub) in place of a dense A: J, iMJ, cfm and
  /// the body pairs are copied in sweep order, the factors are not kept.
  void setMatrixFree(const MatrixFreeProblem& factors);
  /// As above (the pointer is not kept). @throws std::invalid_argument when null.
  void setMatrixFree(std::shared_ptr<const MatrixFreeProblem> factors);
  /// Takes problem.matrixFree when set (with the Problem's b, lo, hi, findex, nub, x);
  /// otherwise stores the dense problem, which solve() then rejects as InvalidProblem.
  void setProblem(const Problem& problem) override;

  Capabilities capabilities() const override;
  std::string_view name() const override { return "apgd-matrix-free"; }

 private:
  /// Binds the factors to the operator and sizes the solver for them (not b, lo, hi, findex).
  void bindFactors(const MatrixFreeProblem& factors);
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  void multiplyA(const Eigen::VectorXd& x, Eigen::VectorXd& out) const override;
  void diagonalOfA(const ProblemView& problem, Eigen::VectorXd& out) const override;

  std::unique_ptr<detail::MatrixFreeOperator> m_operator;
  std::string m_factorError;
};

}  // namespace mlcp
