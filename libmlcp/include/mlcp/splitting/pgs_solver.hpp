#pragma once

#include <mlcp/core/solver_with_options.hpp>
#include <mlcp/splitting/pgs_options.hpp>

#include <memory>
#include <string>

namespace mlcp {

namespace detail {
struct PgsWorkspace;
class RowAccess;
}  // namespace detail

/// Projected Gauss-Seidel with successive over-relaxation (PGS/SOR) for the boxed LCP with
/// friction index: ODE's quickstep.cpp SOR_LCP [Smith ODE] with a residual stopping test
/// (docs/iterative-solvers.md), on A in the form the problem holds it (mlcp::Operator):
///  - dense: A x kept by column updates over the nonzero runs of A's columns;
///  - sparse: A x kept by column updates over the stored entries (compressed sparse columns);
///  - factors J, M^-1, cfm: ODE quickstep's "fc" form, fc = M^-1 J^T x per body, O(12) per row,
///    never forming A. The sweep is software-pipelined: row k reads J_k . fc before row k-1's
///    change is stored and adds that change as delta_k-1 A_k,k-1 (the two rows' shared bodies),
///    so consecutive rows on the same bodies do not wait for each other's stores.
/// The three give the same iterates up to rounding. Registered as "pgs" (and, for scripts of
/// earlier versions, "pgs-matrix-free").
///
/// Problem: w = A x - b, l <= x <= u with complementarity, friction rows (findex_i = k >= 0)
/// bounded by u_i = |hi_i x_k|, l_i = -u_i (mlcp::Problem). A needs a positive diagonal;
/// convergence is guaranteed for symmetric positive definite A with 0 < omega < 2 and fixed
/// bounds, and observed, not guaranteed, with friction bounds that follow x.
///
/// Algorithm:
///  1. Order: rows with findex < 0 in index order, then the friction rows (ODE); optionally
///     shuffled each sweep within the two groups (PgsOptions::randomizeOrder, fixed seed).
///  2. x = the initial guess (or 0) projected onto its bounds (normals first); A x computed once.
///  3. Sweep, for each row i in order (delta form, ODE's dxQuickStepIsland_Stage4LCP_
///     IterationStep): bounds l_i, u_i from the current x_k for friction rows; w_i = (A x)_i -
///     b_i; x_i <- clamp(x_i - omega w_i / A_ii, l_i, u_i); A x updated by the change (column
///     i of A, or fc on the factor form). Rows with A_ii <= 1e-13 max_j A_jj, whose x_i does
///     not move w_i, take their exact one-row answer after the sweep: lo_i when w_i > 0, hi_i
///     when w_i < 0 (kept when that bound is infinite).
///  4. Every residualInterval sweeps: the spec residuals from the kept A x; when they meet the
///     tolerance, A x is recomputed from scratch and the test repeated before stopping.
///
/// Stopping test (SolverOptions::accepts): the spec's scaled residual AND the relative residual
/// ||r||_inf / max(1, ||b||_inf) <= relativeTolerance, and ||r||_inf <= absoluteTolerance when
/// that is set, r_i = x_i - clamp(x_i - w_i, l_i, u_i) (Converged);
/// PGS's iterates do not change when the problem or single rows are scaled, and neither does
/// this test. MaxIterations after
/// maxIterations sweeps, TimeLimit after maxSeconds, Inaccurate after a deltaXTolerance stop
/// above the tolerance; Unbounded before the first sweep when a zero row of A pushes its x_i
/// toward an infinite bound (no finite solution; the message names the row). x is always within
/// its bounds.
/// Cost per sweep: O(n^2) dense (less on block-sparse A), O(nonzeros) sparse, O(12 n) factors;
/// O(n) per residual; once per new A, O(n^2) for the dense nonzero runs or O(12 n) to bind the
/// factors. Memory: O(n) in setup (plus 24 n numbers for bound factors); solve() allocates
/// nothing after the first solve at a given n and pattern. Uses the initial guess (warm start).
///
/// [Smith ODE] R. Smith, Open Dynamics Engine, ode/src/quickstep.cpp.
class PgsSolver final : public SolverWithOptions<PgsOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (PgsOptions::isValid).
  explicit PgsSolver(const PgsOptions& options = {});
  ~PgsSolver() override;

  std::string_view name() const override { return "pgs"; }
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

 private:
  std::unique_ptr<detail::PgsWorkspace> m_workspace;
  std::unique_ptr<detail::RowAccess> m_rows;  // the sweep's back end for A's form
};

}  // namespace mlcp
