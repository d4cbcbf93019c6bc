#pragma once

#include <mlcp/core/solver_with_options.hpp>

#include <Eigen/Core>

#include <memory>
#include <string>

namespace mlcp {

namespace detail {
class SymmetricRowScaling;
}  // namespace detail

/// Options of ApgdSolver. SolverOptions::maxIterations counts
/// gradient steps (each costs one product A x, plus one per backtracking step).
struct ApgdOptions : SolverOptions {
  ApgdOptions() {
    maxIterations = 10000;
    relativeTolerance = 1e-6;
  }
  /// Scale the gradient by 1 / A_ii (Jacobi preconditioning; the box projection stays exact in
  /// that metric). Off is the method of [Mazhar 2015] as published.
  bool diagonalPreconditioning = true;
  /// Gradient restart [O'Donoghue 2015]: momentum reset when g(y)^T (x_k+1 - x_k) > 0, the sum
  /// taken over the rows with findex < 0 (see ApgdSolver).
  bool adaptiveRestart = true;
  /// Factor (> 1) by which the Lipschitz estimate L grows on each backtracking step.
  double backtrackFactor = 2.0;
  /// Factor (0 < . <= 1) applied to L after each step, letting the step length grow again
  /// (Chrono's 0.9).
  double stepGrowthFactor = 0.9;
  /// Backtracking steps allowed per iteration (>= 1); more means A is not positive
  /// semi-definite (status NumericalFailure).
  int maxBacktracks = 60;
  /// Also stop when max_i |x_k+1,i - x_k,i| <= deltaXTolerance max(1, ||x||_inf); 0 = off.
  /// Converged only when the best residual meets the tolerance, else Inaccurate.
  double deltaXTolerance = 0.0;

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<ApgdOptions>& table();
};

/// What the last ApgdSolver::solve() did beyond the common report.
struct ApgdStatistics {
  int products = 0;        ///< products A x (the dominant cost)
  int backtracks = 0;      ///< backtracking steps (L increased)
  int restarts = 0;        ///< momentum restarts
  int bestIteration = 0;   ///< iteration of the returned (best) iterate; 0 = the start
  double lipschitz = 0.0;  ///< final Lipschitz estimate L (in the preconditioned metric)
};

/// Accelerated projected gradient descent (APGD, Nesterov's method with adaptive step and
/// restart) for the boxed LCP with friction index, on A in the form the problem holds it (dense,
/// sparse, or the factors J, M^-1, cfm with O(12 n) products through fc = M^-1 J^T x, Chrono's
/// SchurComplementProduct; registered as "apgd", alias "apgd-matrix-free"): [Mazhar 2015] as in
/// Chrono::Multicore's ChSolverMulticoreAPGD, the consistent variant with gradient g = A y - b
/// throughout (docs/iterative-solvers.md, "APGD", which gives the steps and their sources).
///
/// Problem: w = A x - b, l <= x <= u with complementarity, friction rows bounded by u_i =
/// |hi_i x_k|, l_i = -u_i (mlcp::Problem): the same BLCP as DantzigSolver and PgsSolver, judged
/// by the same residual. A symmetric positive semi-definite, or a row scaling of one (see below)
/// (then w = grad f, f = 1/2 x^T A x - b^T x).
///
/// Friction: the projection P takes the friction bounds from the candidate's own projected
/// normal, P(z)_k = clamp(z_k, lo_k, hi_k) on rows with findex < 0, then P(z)_i = clamp(z_i,
/// -|hi_i P(z)_k|, |hi_i P(z)_k|). A fixed point x = P(x - t D^-1 w) is exactly a BLCP solution
/// (the natural-map residual vanishes), so no outer loop over friction bounds is needed
/// (docs/iterative-solvers.md compares this with an outer fixed point around box-QP solves).
/// Without friction rows this is the convex box QP min f and the method converges; with them
/// (a quasi-variational problem) convergence is observed, not guaranteed.
///
/// Algorithm (D = diag(A) with diagonalPreconditioning, else I; dot products in the D metric):
///  1. x_0 = P(initial guess or 0); y = x_0; theta = 1; L = ||D^-1/2 A D^-1/2 1|| / ||1||.
///  2. For k = 0, 1, ...: g = A y - b; x_k+1 = P(y - D^-1 g / L); while 1/2 d^T A d >
///     L/2 d^T D d with d = x_k+1 - y: L *= backtrackFactor and recompute x_k+1 (the
///     sufficient-decrease test f(x_k+1) <= f(y) + g^T d + L/2 ||d||_D^2 of [Mazhar 2015]).
///  3. Residual of x_k+1 from A x_k+1 (already computed): keep the best iterate; stop when it
///     meets the tolerance.
///  4. theta_k+1 = (-theta^2 + theta sqrt(theta^2 + 4)) / 2, beta = theta (1 - theta) /
///     (theta^2 + theta_k+1); y = x_k+1 + beta (x_k+1 - x_k), and A y by the same combination.
///     Restart when sum over rows with findex < 0 of g_i (x_k+1,i - x_k,i) > 0: y = x_k+1,
///     theta = 1. (Friction rows are left out of the test: they also move when their bounds
///     follow the normals; with them the test fires almost every step on friction problems.)
///  5. L *= stepGrowthFactor.
///  6. Return the best iterate, not the last (Chrono).
///
/// Row equilibration: when A = C S is a symmetric S with rows scaled (C positive diagonal: a
/// contact's rows in other units), W = C^-1 (up to a factor per connected component of A's
/// graph; detail::SymmetricRowScaling) makes W A symmetric, and the inner products of steps 2 and 4
/// are taken with W (d^T W A d, d^T W D d, the restart's g^T W d), the Lipschitz estimate on
/// (W D)^-1/2 W A (W D)^-1/2. The step D^-1 g itself is blind to row scaling, so the iterates
/// are the same for every such scaling. For a symmetric A, W = 1 (the method above); an A that
/// no row scaling makes symmetric is refused (Status::Unsupported).
///
/// Rows with A_ii ~ 0 (x_i does not move w_i) take their one-row answer from g_i at each step:
/// lo_i when g_i > 0, hi_i when g_i < 0 (kept when that bound is infinite).
///
/// Stopping test (SolverOptions::accepts): the spec's scaled residual AND the relative residual
/// ||r||_inf / max(1, ||b||_inf) <= relativeTolerance, and ||r||_inf <= absoluteTolerance when
/// that is set, r_i = x_i - clamp(x_i - w_i, l_i, u_i) (Converged);
/// MaxIterations, TimeLimit, Inaccurate (deltaXTolerance) and Unbounded (a zero row of A that
/// pushes x_i toward an infinite bound, named in the message) as for PgsSolver;
/// NumericalFailure when backtracking cannot find a step (A not positive semi-definite). x is
/// within its bounds.
/// Cost: one product A x per iteration (O(n^2) dense, O(nonzeros) sparse, O(12 n) factors) plus
/// one per backtrack, O(n) besides. Memory: 9 vectors of n, allocated in setup; solve()
/// allocates nothing after the first solve at a given n and pattern. Uses the initial
/// guess.
///
/// [Mazhar 2015] H. Mazhar, T. Heyn, D. Negrut, A. Tasora, "Using Nesterov's method to
///   accelerate multibody dynamics with friction and contact", ACM TOG 34(3), 2015.
/// [O'Donoghue 2015] B. O'Donoghue, E. Candes, "Adaptive restart for accelerated gradient
///   schemes", Found. Comput. Math. 15, 2015.
class ApgdSolver final : public SolverWithOptions<ApgdOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (ApgdOptions::isValid).
  explicit ApgdSolver(const ApgdOptions& options = {});
  ~ApgdSolver() override;

  /// Counters of the last solve().
  const ApgdStatistics& statistics() const { return m_statistics; }

  std::string_view name() const override { return "apgd"; }
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

 private:
  /// Projects x onto its bounds in place (P of the class comment), then Ax = A x (n each).
  void projectAndMultiply(const ProblemView& problem, Eigen::VectorXd& x, Eigen::VectorXd& Ax);
  /// The rows the metric holds still (A_ii ~ 0) of the step x = y - D^-1 g / L take their
  /// one-row answer from g (detail::oneRowAnswer).
  void settleDegenerateRows(const ProblemView& problem);
  /// Initial Lipschitz estimate ||D^-1/2 A D^-1/2 u|| / ||u||, u = 1 on the rows that move,
  /// at least lowerBound (the largest diagonal entry of D^-1/2 A D^-1/2).
  double estimateLipschitz(const ProblemView& problem, double lowerBound);

  ApgdStatistics m_statistics;
  std::unique_ptr<detail::SymmetricRowScaling> m_scaling;  // row weights W, W A symmetric
  // Workspace (n each): iterate and its product, previous iterate and its product, the
  // extrapolated point and its product, the gradient, the best iterate, 1 / diag(A).
  Eigen::VectorXd m_x, m_Ax, m_xPrevious, m_AxPrevious, m_y, m_Ay, m_g, m_best, m_inverseD;
};

}  // namespace mlcp
