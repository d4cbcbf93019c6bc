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

/// Options of SubspaceMinimizationSolver. SolverOptions::maxIterations bounds the work: PGS
/// sweeps plus the products A v of the subspace steps (each about one pass over A).
struct SubspaceMinimizationOptions : SolverOptions {
  SubspaceMinimizationOptions() {
    maxIterations = 10000;
    relativeTolerance = 1e-6;
  }
  /// PGS sweeps per round (>= 1), which settle the active set.
  int pgsSweeps = 4;
  /// SOR factor omega of the PGS sweeps, 0 < omega < 2.
  double relaxation = 1.0;
  /// Products A v per subspace step (>= 2; BiCGSTAB takes two per iteration).
  int subspaceProducts = 50;
  /// A subspace step stops when its residual ||r||_inf <= subspaceTolerance ||r_0||_inf
  /// (0 < . < 1).
  double subspaceTolerance = 1e-10;

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<SubspaceMinimizationOptions>& table();
};

/// What the last SubspaceMinimizationSolver::solve() did beyond the common report.
struct SubspaceMinimizationStatistics {
  int sweeps = 0;         ///< PGS sweeps
  int subspaceSteps = 0;  ///< subspace steps taken (kept)
  int rejectedSteps = 0;  ///< subspace steps that did not lower the residual (undone)
  int products = 0;       ///< products A v of the subspace steps
};

/// Projected Gauss-Seidel subspace minimization (PGS-SM) [Silcowitz 2009] for
/// the boxed LCP with friction index: PGS sweeps settle which rows sit at a bound, then the
/// rows strictly inside their bounds (the free set F) are solved as the linear system
/// w_F = 0 by a Krylov method, and the result projected onto the bounds; repeated until the
/// tolerance is met. On A in the form the problem holds it (dense, sparse, or the factors J,
/// M^-1, cfm: PgsSolver's row back ends for the sweeps, products A v for the subspace steps).
/// DART calls it PGS-SM (its SubspaceMinimization solver factors A_FF densely and holds friction
/// rows at their bound values; here the step is iterative, O(nonzeros) per product and
/// allocation-free, and friction rows at a bound follow their normal).
///
/// Problem: w = A x - b, l <= x <= u with complementarity, friction rows (findex_i = k)
/// bounded by u_i = |hi_i x_k|, l_i = -u_i (mlcp::Problem). A with a positive diagonal; the
/// subspace step needs A_FF nonsingular.
///
/// Algorithm, per round:
///  1. pgsSweeps PGS sweeps (PgsSolver's step 3) from the current x.
///  2. F = rows with l_i < x_i < u_i and A_ii > 0. The other rows are held: at their bound, or,
///     for a friction row at +-mu x_k of a free normal k, at that bound as x_k moves
///     (x_i = (x_i / x_k) x_k: the coupling of Dantzig's active-set refinement), so a step keeps
///     the friction bounds consistent with the new normals.
///  3. Subspace step: x + T y with T y = y on F plus (x_i / x_k) y_k on those friction rows, y
///     from BiCGSTAB [van der Vorst 1992] on D^-1 (A T)_FF y = -D^-1 w_F (D = diag(A): the row
///     equilibration that makes the step, like the PGS sweeps, blind to row scaling), at most
///     subspaceProducts products or until its residual fell by subspaceTolerance
///     [Silcowitz 2009, Sec. 3 uses conjugate gradients; the coupled system is not symmetric].
///  4. The step, projected onto the bounds (normals first, then friction rows from the new
///     normals), is kept when its stopping figure (max of scaled and relative residual) is lower
///     than before, otherwise undone.
///  5. Stop when the tolerance is met.
///
/// Stopping test (SolverOptions::accepts): scaled and relative residual <= relativeTolerance
/// (Converged); MaxIterations when sweeps plus subspace products reach maxIterations;
/// TimeLimit. x is always within its bounds.
/// Cost per round: pgsSweeps sweeps, up to subspaceProducts products A v, one product to judge
/// the step; O(n) besides. Memory: 12 vectors of n, allocated in setup; solve() allocates
/// nothing after the first solve at a given n and pattern. Uses the initial guess.
///
/// [Silcowitz 2009] M. Silcowitz, S. Niebe, K. Erleben, "Projected Gauss-Seidel subspace
///   minimization method for interactive rigid body dynamics", GRAPP 2010 (technical report
///   DIKU 2009).
/// [van der Vorst 1992] H. A. van der Vorst, "Bi-CGSTAB: a fast and smoothly converging variant
///   of Bi-CG for the solution of nonsymmetric linear systems", SIAM J. Sci. Stat. Comput. 13(2),
///   631-644.
class SubspaceMinimizationSolver final : public SolverWithOptions<SubspaceMinimizationOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid.
  explicit SubspaceMinimizationSolver(const SubspaceMinimizationOptions& options = {});
  ~SubspaceMinimizationSolver() override;

  /// Counters of the last solve().
  const SubspaceMinimizationStatistics& statistics() const { return m_statistics; }

  std::string_view name() const override { return "pgs-sm"; }
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

 private:
  template <class Rows>
  void run(Rows& rows, const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report);
  /// The step T y of step 3 into m_step; returns the products it took (at most budget).
  int subspaceStep(const ProblemView& problem, int budget);
  /// The largest t <= 1 keeping x + t m_step within its bounds (sets m_feasible when t = 1).
  double feasibleLength(const ProblemView& problem, const Eigen::VectorXd& x);
  /// out = D^-1 A T y on F, zero elsewhere (one product).
  void applyStep(const ProblemView& problem, const Eigen::VectorXd& y, Eigen::VectorXd& out);

  SubspaceMinimizationStatistics m_statistics;
  std::unique_ptr<detail::RowAccess> m_rows;
  std::unique_ptr<detail::PgsWorkspace> m_pgs;
  // (n each) w at the round's x, the free set (1/0), x_i / x_k of the friction rows held at a
  // bound of a free normal, BiCGSTAB's y, r, shadow residual, p, v, t, the step T y, A T y, the
  // x before the step.
  bool m_feasible = false;  // the last full step stayed within the bounds
  Eigen::VectorXd m_w, m_free, m_ratio, m_y, m_r, m_shadow, m_p, m_v, m_t, m_step, m_product,
      m_xBefore;
};

}  // namespace mlcp
