#pragma once

#include <mlcp/core/low_rank_form.hpp>
#include <mlcp/core/solver_with_options.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlcp {

namespace detail {
class FreeSystem;
class LowRankSystem;
class SparseLowRankSystem;
struct NaturalMap;
enum class RowState : std::int8_t;
}  // namespace detail

/// Options of BppSolver. SolverOptions::maxIterations counts pivoting rounds (one solve of the
/// free system each).
struct BppOptions : SolverOptions {
  BppOptions() {
    maxIterations = 200;
    relativeTolerance = 1e-9;
  }
  /// Rounds in a row whose infeasible count does not fall before the block swaps give way to
  /// single pivots (Murty's rule) [Judice & Pires 1994] (>= 0; their alpha = 3).
  int nonImprovingRounds = 3;
  /// Budget of row swaps per row (>= 1): the solve stops with MaxIterations after
  /// pivotBudgetPerRow x n swaps (ArtiSynth's MurtyMechSolver takes 10).
  int pivotBudgetPerRow = 10;
  /// delta of the proximal term, relative to A_ii, on rows whose C_i is smaller (0 <= proximal
  /// < 1; 0 turns it off, and a singular free system then fails): each round factors the
  /// partition's system of A + diag(delta) once and refines its solution on the same
  /// factorization towards the original A's (docs/bpp.md, "The proximal term").
  double proximal = 1e-3;
  /// Iterative-refinement solves per round at most (>= 0), each with the round's factorization
  /// (they stop earlier once x settles or stops contracting).
  int refinementSteps = 50;
  /// Outer iterations at most (>= 1): a feasible partition whose x misses the tolerance is
  /// solved and refined again from that x.
  int maxProximalIterations = 100;
  /// Start from the last converged partition when no initial guess is given and the next
  /// problem has the same n and findex (a simulator's next step); clearInitialGuess() does not
  /// forget it (set this to false for cold solves).
  bool keepPartition = true;
  /// Stop with MaxIterations as soon as the infeasible count exceeds this multiple of its lowest
  /// so far (0: never; else > 1): from a partition read too early off a first-order iterate the
  /// block swaps cascade (26, 81, 209, 2047 rows on the 1000-sphere pile from PGS at 2e-4), and
  /// the caller does better to iterate further (PolishSolver sets 2).
  double abandonGrowth = 0.0;
  /// Limits of the low-rank form search (mlcp::findLowRankForm).
  LowRankLimits lowRank;
  /// A factor-form A (MatrixForm::Factors) whose r exceeds this (>= 0) is solved in body space
  /// with G and K sparse (mlcp::findSparseLowRankForm, CHOLMOD / KLU; docs/bpp.md, "The free
  /// system in body space"), whatever lowRank's limits; at or below it G and K are dense.
  int sparseAboveRank = 300;

  /// True when usable; otherwise *why names the violated constraint.
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<BppOptions>& table();
};

/// What the last BppSolver::solve() did beyond the common report.
struct BppStatistics {
  int rank = 0;               ///< r of the low-rank form (0 when none was found)
  bool sparse = false;        ///< G and K sparse (body space), else dense
  int rounds = 0;             ///< pivoting rounds (free-system solves)
  int singlePivotRounds = 0;  ///< rounds that swapped one row (Murty's rule)
  int factorizations = 0;     ///< r x r factorizations
  int luFactorizations = 0;   ///< of which LU (friction sliding on free normals)
  /// Rounds solved through an update of the last factorization (Woodbury's identity, a few
  /// rows changed; docs/bpp.md) instead of a factorization of their own.
  int updates = 0;
  int fixedFrictionPasses = 0;  ///< passes with the friction bounds fixed (coupled BPP stalled)
  int proximalIterations = 0;   ///< outer proximal iterations (1 when delta is nowhere active)
  int refinementSteps = 0;      ///< iterative-refinement solves on the rounds' factorizations
  int drifts = 0;               ///< rows pinned at a bound along a drift of the refinement
  bool warmStarted = false;     ///< the first partition came from x0 or the last solve
  bool formReused = false;      ///< the low-rank form of the previous solve served (same A)
};

/// Block principal pivoting (BPP) in the low-rank form A = G G^T + diag(C) (docs/bpp.md): an
/// exact active-set method whose linear algebra is r x r (r <= 6 x bodies) instead of n x n.
///
/// Problem: w = A x - b, l <= x <= u with complementarity; friction rows (findex_i = k) bounded
/// by u_i = |hi_i x_k|, l_i = -u_i (mlcp::Problem). A must have a low-rank form
/// (mlcp::findLowRankForm: given as factors J, M^-1, cfm, or found in a symmetric dense or sparse
/// A); otherwise solve() answers Status::Unsupported, naming why. Factors of many bodies (r above
/// BppOptions::sparseAboveRank, or beyond lowRank's limits) are solved in body space with G and
/// K sparse (mlcp::findSparseLowRankForm; CHOLMOD, or KLU where friction slides; docs/bpp.md,
/// "The free system in body space").
///
/// Algorithm (docs/bpp.md; [Kostreva 1978], [Judice & Pires 1994], the safeguard as
/// ArtiSynth's MurtyMechSolver runs it):
///  1. A partition gives each row a state: free (w_i = 0), at its lower or upper bound; a
///     friction row at a bound sits on -mu x_k or +mu x_k. Start: the partition of x0 (rows at a
///     bound of x0 are at that bound), else the last converged partition (keepPartition), else
///     every row free but rows with lo = hi.
///  2. Solve the partition (detail::LowRankSystem: Woodbury on G, an r x r Cholesky, or LU
///     when friction rows slide on free normals) of the proximal problem A + diag(delta),
///     b + delta x_prox (delta = proximal A_ii where C_i is smaller, x_prox the last proximal
///     iterate), and compute its w.
///  3. Infeasible rows: free rows outside their bounds, rows at a lower bound with w_i < 0, at
///     an upper bound with w_i > 0 (within 0.1 relativeTolerance of the scaled residual).
///     None: x is the answer. Otherwise swap them all while their count falls or for
///     nonImprovingRounds rounds more; then swap only the last infeasible row (Murty's rule)
///     until the count falls below its best. When the single pivots stall (friction
///     coupling: A with its bounds is no P-matrix, where Murty's rule is finite), one pass runs
///     with the friction bounds fixed from the current normals (a boxed LCP with a P-matrix),
///     repeated while the normals move (up to 30 passes, each moving the fixed normals half
///     way to the last pass's x: undamped passes can oscillate without settling), and its
///     partition starts the coupled pivoting again (the friction rounds of Dantzig and
///     ArtiSynth).
///  4. With a feasible partition: x solves the proximal problem; iterative refinement on the
///     same factorization (x_k+1 solves the partition with b + delta x_k, at most
///     refinementSteps solves) takes it to the partition's solution for the original A
///     [Stellato et al. 2020, solution polishing]. Where that has none, the refinement steps
///     turn constant (a drift along a null direction): x goes along it to the first free row
///     that meets a bound, which is pinned there. When x does not yet solve the original
///     problem, x_prox = x and back to 2 from the partition [Rockafellar 1976, proximal point];
///     delta stays fixed. Without a proximal term (C regularizes every row), classical
///     iterative refinement on the same factorization instead, while x misses the tolerance:
///     x_F -= K^-1 w_F, at most 3 steps and only while the natural-map residual falls
///     (Woodbury's solve loses about eps max(A_ii / C_i) of |x|, 1e-9 at C = 1e-7 A_ii; an LU
///     of K with sliding friction loses more) [Higham 2002].
/// Stopping test (SolverOptions::accepts) on the final x, with w from the form (within 1e-12
/// max|A| of A; MixedLCP::solve() then holds Converged to the test on the original A):
/// Converged, or Inaccurate. MaxIterations after maxIterations rounds or the pivot budget,
/// TimeLimit after maxSeconds, SingularPivot when K cannot be factored; x is then the last
/// iterate projected onto its bounds.
/// Finite for P-matrices without friction coupling; with friction it is observed, not
/// guaranteed, hence the budget (composite solvers then go on with another method).
/// Cost per round: O(n_F r^2 + r^3 + n r) dense; sparse, O(144 n_F) to form K and one sparse
/// factorization of the contact graph's r x r matrix. The form: O(n r^2) (once per matrix), O(n)
/// sparse plus the symbolic analysis of K. Memory: O(n r) dense, O(n + the factor) sparse. Uses the
/// initial guess.
///
/// [Kostreva 1978] M. M. Kostreva, "Block pivot methods for solving the complementarity
///   problem", Linear Algebra and its Applications 21(3), 207-215, 1978.
/// [Judice & Pires 1994] J. J. Judice, F. M. Pires, "A block principal pivoting algorithm for
///   large-scale strictly monotone linear complementarity problems", Computers & Operations
///   Research 21(5), 587-596, 1994.
/// [Rockafellar 1976] R. T. Rockafellar, "Monotone operators and the proximal point algorithm",
///   SIAM Journal on Control and Optimization 14(5), 877-898, 1976.
/// [Higham 2002] N. J. Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed., SIAM,
///   2002, chapter 12 (iterative refinement).
/// [Stellato et al. 2020] B. Stellato, G. Banjac, P. Goulart, A. Bemporad, S. Boyd, "OSQP: an
///   operator splitting solver for quadratic programs", Mathematical Programming Computation
///   12, 637-672, 2020 (section 4, solution polishing: refinement on the regularized factor).
class BppSolver final : public SolverWithOptions<BppOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (BppOptions::isValid).
  explicit BppSolver(const BppOptions& options = {});
  ~BppSolver() override;

  /// Keeps the low-rank form found for the current A (and its workspace) unless lowRank,
  /// sparseAboveRank or proximal change.
  /// Counters of the last solve().
  const BppStatistics& statistics() const { return m_statistics; }
  /// The low-rank form of the current A, when the last solve found one.
  const std::optional<LowRankForm>& lowRankForm() const { return m_form; }
  /// Uses `form` (A = G G^T + diag(C) for the matrix set now, e.g. found by a caller that
  /// measured A already) instead of searching for one; kept until the next setMatrix() or
  /// setOptions(). The caller answers for the form being A's: solve() still accepts only on the
  /// natural-map residual of A itself.
  /// @throws std::invalid_argument when no matrix is set or G has not n rows or C not n entries
  void setLowRankForm(LowRankForm form);

  std::string_view name() const override { return "bpp"; }
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

 private:
  /// Forgets the low-rank form and its factorization when an option they depend on changed.
  void onOptionsChanged(const BppOptions& previous) override;
  bool prepareForm(const ProblemView& problem, SolveReport& report);
  void searchForm(const ProblemView& problem);
  void startPartition(const ProblemView& problem, const Eigen::VectorXd& x);
  bool pivotToFeasible(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report);
  bool solveRound(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report);
  bool refine(const ProblemView& problem, Eigen::VectorXd& x);
  /// Iterative refinement of x on the round's factorization while the natural map `map` (of x,
  /// updated) misses the tolerance and falls; m_w holds x's w.
  void correct(const ProblemView& problem, Eigen::VectorXd& x, detail::NaturalMap& map);
  void driftToBound(const ProblemView& problem, Eigen::VectorXd& x);
  void switchFriction(bool fixed, const Eigen::VectorXd& x);
  /// After a fixed-bound pass that pivoted no row (its partition held), one coupled round with
  /// that partition: true when it is feasible (x its solution); otherwise x, the fixed bounds and
  /// their partition are restored, and the partition is not tried again until a pass pivots.
  bool coupledLimitHolds(const ProblemView& problem, Eigen::VectorXd& x);
  int collectInfeasible(const ProblemView& problem, const Eigen::VectorXd& x, double size);
  void pivot(const ProblemView& problem, const Eigen::VectorXd& x, bool single);
  void finish(const ProblemView& problem,
              const detail::NaturalMap& map,
              Eigen::VectorXd& x,
              SolveReport& report);

  BppStatistics m_statistics;
  std::optional<LowRankForm> m_form;
  std::optional<SparseLowRankForm> m_sparseForm;  // instead of m_form when r is large
  std::uint64_t m_formVersion = 0;
  bool m_formSearched = false;  // m_form holds the search's result for m_formVersion
  // The systems are kept from matrix to matrix (their workspace, and in body space the symbolic
  // analysis while K's pattern holds); m_system points to the one the current form uses.
  std::unique_ptr<detail::LowRankSystem> m_denseSystem;
  std::unique_ptr<detail::SparseLowRankSystem> m_sparseSystem;
  detail::FreeSystem* m_system = nullptr;
  std::vector<detail::RowState> m_state, m_lastState;
  Eigen::VectorXi m_lastFindex;
  std::vector<int> m_infeasible;
  bool m_partitionChanged = true;
  double m_start = 0.0;  // of the solve (unit: s)
  long m_pivots = 0;
  long m_passStartPivots = 0;     // m_pivots when the current friction pass began
  long m_failedTrialPivots = -1;  // m_pivots at the last coupled trial that was not feasible
  int m_best = 0, m_nonImproving = 0;
  Eigen::VectorXd m_w, m_shiftedB, m_previous;
  Eigen::VectorXd m_drift;       // a constant refinement step: the drift of the proximal iterates
  Eigen::VectorXd m_normals;     // x whose normals fix the friction bounds in a fixed pass
  bool m_frictionFixed = false;  // friction bounds from m_normals instead of coupled
  Eigen::VectorXd m_trialX;      // x of the fixed pass a coupled trial started from
};

}  // namespace mlcp
