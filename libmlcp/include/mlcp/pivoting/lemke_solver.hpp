#pragma once

#include <mlcp/core/residual.hpp>
#include <mlcp/core/solver_with_options.hpp>

#include <memory>
#include <string_view>

namespace mlcp {

namespace detail {
class FreeRowElimination;
class LcpTransform;
class LemkePivoting;
class PrincipalPivot;
enum class LemkeOutcome;
}  // namespace detail

/// Options of LemkeSolver. SolverOptions::maxIterations is not used (pivots are bounded by
/// maxPivots); relativeTolerance and absoluteTolerance decide Converged vs Inaccurate.
struct LemkeOptions : SolverOptions {
  LemkeOptions() { relativeTolerance = 1e-10; }
  /// Pivot limit; 0 means 20 N + 1000 for the LCP of size N (<= 2 n).
  int maxPivots = 0;
  /// A column entry is a pivot candidate when it exceeds pivotTolerance * max |column entry|.
  double pivotTolerance = 1e-12;
  /// Pivots between recomputations of the basis inverse; 0 means N.
  int refactorInterval = 0;
  /// A pivot of the free block A(F,F) counts towards its rank (and eliminates an unknown) when
  /// it exceeds eliminationTolerance * max |A(F,F)|.
  double eliminationTolerance = 1e-12;
  /// Larger problems are refused (the workspace is 15 n^2 doubles, 120 MB at the default 1000,
  /// and 12 n^2 more from the first warm start).
  int maxRows = 1000;
  /// Start at the partition of a nonzero initial guess (a principal pivot transform of the
  /// LCP), and from Lemke's own start when that path does not end at a solution.
  bool warmBasis = true;

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<LemkeOptions>& table();
};

/// Lemke's complementary pivoting method for mixed and boxed LCPs with any A (symmetry and
/// definiteness are not needed), after [Lemke 1965] and [Cottle, Pang & Stone 1992, Sec. 4.4
/// and 4.9], lexicographic to resolve degeneracy.
///
/// Problem: w = A x - b with the bounds of mlcp::Problem: free rows (nub and any other
/// lo = -inf, hi = inf), one-sided rows, boxes, fixed rows (lo = hi) and friction rows
/// (findex = k: |x_i| <= mu x_k with mu = |hi_i|).
///
/// Algorithm:
///  1. The free unknowns (nub rows and any row with lo = -inf, hi = inf) are eliminated by a
///     Schur complement of the free block A(F,F), as far as its numerical rank goes (full
///     pivoting; the MLCP's reduction to an LCP when the equality block is nonsingular).
///  2. The rest is rewritten as a standard LCP u = M y + q, 0 <= y _|_ u >= 0 of size N <= 2 n:
///     free rows left over (A(F,F) singular) as x = y+ - y- (both w and -w complementary, so
///     w = 0), one-sided rows shifted (and negated for an upper bound), each box with a slack s:
///     (y, w + s), (s, hi - lo - y). Friction boxes are linear in the normal force (width
///     2 mu x_k), so friction is handled exactly, without rounds.
///  3. Lemke's method with covering vector 1 and the lexicographic ratio test on that LCP; the
///     basis inverse is recomputed at the end and beta refined once.
///     Warm start (LemkeOptions::warmBasis, a nonzero initial guess): the LCP variables basic at
///     the guess's partition (its natural map) are exchanged with their complements by a
///     principal pivot transform [Cottle, Pang & Stone 1992, Sec. 2.3], so that Lemke's method
///     starts from the guessed basis; a guess a few rows away from the answer's partition
///     takes a few pivots where the cold path takes thousands (docs/bpp.md, "Lemke from the
///     best partition"). When that path does not end at a solution (a secondary ray, the pivot
///     limit, or an inaccurate answer), Lemke's own start follows. A singular transform (M_aa
///     singular) skips the warm start.
///  4. x from y, then the eliminated unknowns from the equations.
///
/// It terminates in finitely many pivots. It finds a solution whenever M is copositive-plus and
/// the LCP is feasible (so for any positive semi-definite A); otherwise it may stop on a
/// secondary ray (Status::Unbounded), as on problems with no solution.
/// Refuses (Status::Unsupported): n > maxRows; a friction row whose normal row can be
/// negative (its lo < 0 or it is free or upper-bounded).
/// With a singular equality block the free rows left over often end on a secondary ray.
/// Stopping test (SolverOptions::accepts) on the final x: the spec's scaled residual AND the
/// relative residual ||x - clamp(x - w, l(x), u(x))||_inf / max(1, ||b||_inf) <=
/// relativeTolerance (and the absolute one <= absoluteTolerance when set) for Converged;
/// otherwise Inaccurate (ill-conditioned basis).
/// Statuses: Unbounded (secondary ray), MaxIterations (pivot limit), TimeLimit.
/// Cost: O(N^2) per pivot, O(N^3) per recomputation of B^-1 (every N pivots), O(N^3) for the
/// warm start's transform.
/// Memory: O(n^2) (3 n^2 doubles for the elimination, 4 n^2 for M, 8 n^2 for the tableau:
/// 120 n^2 bytes, 120 MB at n = 1000), allocated in setMatrix(); the warm start's transform
/// (12 n^2 doubles) at the first warm start; the transform's LU allocates its row permutation
/// at each warm start, the rest of solve() nothing.
///
/// [Lemke 1965] C. E. Lemke, "Bimatrix equilibrium points and mathematical programming",
///   Management Science 11(7), 681-689.
/// [Cottle, Pang & Stone 1992] R. W. Cottle, J.-S. Pang, R. E. Stone, "The Linear
///   Complementarity Problem", Academic Press.
class LemkeSolver final : public SolverWithOptions<LemkeOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (LemkeOptions::isValid).
  explicit LemkeSolver(const LemkeOptions& options = {});
  ~LemkeSolver() override;

  std::string_view name() const override { return "lemke"; }
  Capabilities capabilities() const override;

 private:
  /// Resizes the workspace (maxRows may have changed).
  void onOptionsChanged(const LemkeOptions& previous) override;
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  /// Builds the transform at x's partition (x: the initial guess, n); false when there is no
  /// warm start (off, x = 0, no basic y, or a singular transform).
  bool prepareWarmStart(const Eigen::VectorXd& x);
  /// One run of Lemke's method, on the transformed LCP when warm; x (n) from its answer.
  detail::LemkeOutcome pivot(bool warm, double deadline, Eigen::VectorXd& x);
  /// The pivot limit for the LCP built last.
  int maxPivots() const;
  /// The spec's residuals of x (n); w in m_w.
  Residuals residualsOf(const ProblemView& problem, const Eigen::VectorXd& x);
  /// Status and message from the run's outcome.
  void describe(detail::LemkeOutcome outcome,
                bool accurate,
                const Residuals& r,
                std::string_view startNote,
                SolveReport& report) const;

  int m_capacity = 0;  // rows the workspace is sized for (0 when n > maxRows)
  std::unique_ptr<detail::FreeRowElimination> m_elimination;
  std::unique_ptr<detail::LcpTransform> m_transform;
  std::unique_ptr<detail::LemkePivoting> m_pivoting;
  std::unique_ptr<detail::PrincipalPivot> m_pivot;  // the warm start's transform
  Eigen::VectorXd m_y, m_yPrime, m_cover, m_xReduced, m_wReduced, m_w;  // m_cover: Lemke's d
  Eigen::VectorXi m_basic;  // per LCP variable: basic at the guess
  int m_exchanged = 0;      // variables the warm start exchanged
};

}  // namespace mlcp
