#pragma once

#include <mlcp/core/solver_with_options.hpp>

#include <Eigen/Core>

#include <memory>
#include <string>

namespace mlcp {

namespace detail {
class RowAccess;
struct PgsWorkspace;
}  // namespace detail

/// Options of NncgSolver. SolverOptions::maxIterations counts PGS sweeps (two per iteration with
/// symmetricSweeps).
struct NncgOptions : SolverOptions {
  NncgOptions() {
    maxIterations = 10000;
    relativeTolerance = 1e-6;
  }
  /// SOR factor omega of the inner PGS sweep, 0 < omega < 2 (1 = Gauss-Seidel, as in
  /// [Silcowitz 2010]).
  double relaxation = 1.0;
  /// The map Phi is a forward sweep and a backward one (symmetric Gauss-Seidel), so the
  /// direction update is that of conjugate gradients preconditioned by a symmetric operator
  /// [Saad 2003, Sec. 10.2]; measured, it needs 2 to 26 times fewer sweeps than the paper's
  /// forward sweep alone (false) on the heavy-on-light stacks (docs/solver-selection.md).
  bool symmetricSweeps = true;
  /// Restart (drop the search direction) when beta = ||r_k+1||^2 / ||r_k||^2 exceeds this
  /// (> 0; the paper's 1: the PGS step grew).
  double restartThreshold = 1.0;
  /// Compute the residual (and test it) every this many iterations (>= 1); the last is always
  /// tested.
  int residualInterval = 1;

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<NncgOptions>& table();
};

/// What the last NncgSolver::solve() did beyond the common report.
struct NncgStatistics {
  int restarts = 0;  ///< iterations whose beta exceeded restartThreshold (direction dropped)
};

/// Non-smooth non-linear conjugate gradient (NNCG) [Silcowitz 2010] for the
/// boxed LCP with friction index: Fletcher-Reeves conjugate directions over the PGS map, with
/// restarts, on A in the form the problem holds it (dense, sparse, or the factors J, M^-1, cfm,
/// through PgsSolver's sweep and row back ends).
///
/// Problem: w = A x - b, l <= x <= u with complementarity, friction rows (findex_i = k)
/// bounded by u_i = |hi_i x_k|, l_i = -u_i (mlcp::Problem). A needs a positive diagonal.
///
/// Algorithm ([Silcowitz 2010], Algorithm 1; the PGS map Phi(x) is one sweep of PgsSolver, its
/// friction bounds from the current normals, followed by the same sweep backwards when
/// NncgOptions::symmetricSweeps, our departure from the paper):
///  1. x_0 = the initial guess (or 0) projected onto its bounds; x_1 = Phi(x_0);
///     r_1 = x_1 - x_0 (the negative "gradient" -grad f_1 of the paper); p_1 = r_1.
///  2. For k = 1, 2, ...: y = Phi(x_k); the residual of y (a PGS iterate, within its bounds) is
///     tested, and y is returned when it meets the tolerance; r_k+1 = y - x_k;
///     beta = ||r_k+1||^2 / ||r_k||^2.
///  3. beta > restartThreshold: restart, p_k+1 = 0, x_k+1 = y; otherwise x_k+1 = y + beta p_k and
///     p_k+1 = beta p_k + r_k+1 (the paper's lines 12-13). The kept product A x (or fc) follows
///     the same linear combinations, so no product is recomputed (but every 64 iterations and
///     before a converged answer is confirmed).
///
/// Stopping test (SolverOptions::accepts) on the PGS iterate y: scaled residual and relative
/// residual <= relativeTolerance (Converged); MaxIterations after maxIterations sweeps (the
/// report counts sweeps),
/// TimeLimit after maxSeconds. The returned x is a PGS iterate, always within its bounds.
/// Directions and beta are taken in x, so the iterates do not change when single rows or the
/// whole problem are scaled (as for PGS).
/// Convergence is observed, not guaranteed (the PGS map is not a gradient); on heavy-on-light
/// problems it needs a fraction of PGS's sweeps (docs/solver-selection.md).
/// Cost per iteration: one or two PGS sweeps plus O(n) vector work (O(bodies) for the factor
/// form's fc).
/// Memory: 3 vectors of n and 3 copies of the kept product, allocated in setup or on the first
/// solve; solve() allocates nothing after the first solve at a given n and pattern. Uses the
/// initial guess.
///
/// [Silcowitz 2010] M. Silcowitz, S. Niebe, K. Erleben, "A nonsmooth nonlinear conjugate
///   gradient method for interactive contact force problems", The Visual Computer 26(6-8),
///   893-901, 2010.
/// [Saad 2003] Y. Saad, "Iterative Methods for Sparse Linear Systems", 2nd ed., SIAM.
class NncgSolver final : public SolverWithOptions<NncgOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (NncgOptions::isValid).
  explicit NncgSolver(const NncgOptions& options = {});
  ~NncgSolver() override;

  /// Counters of the last solve().
  const NncgStatistics& statistics() const { return m_statistics; }

  std::string_view name() const override { return "nncg"; }
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

 private:
  template <class Rows>
  void run(Rows& rows, const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report);

  NncgStatistics m_statistics;
  std::unique_ptr<detail::RowAccess> m_rows;
  std::unique_ptr<detail::PgsWorkspace> m_pgs;
  // x_k, the direction p and r (n each); the kept product of x_k, p and r (as the back end
  // keeps it: A x, or fc).
  Eigen::VectorXd m_xPrevious, m_p, m_r;
  Eigen::MatrixXd m_statePrevious, m_stateP, m_stateR;
};

}  // namespace mlcp
