#pragma once

#include <mlcp/core/low_rank_form.hpp>
#include <mlcp/core/solver_with_options.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp {

namespace detail {
class BodySpaceHessian;
struct LineSearchEvent;
struct NaturalMap;
}  // namespace detail

/// When PrimalNewtonSolver reads the friction bounds +-mu x_k off the normals (docs/newton.md,
/// "Primal Newton", friction).
enum class FrictionUpdate {
  /// Tresca rounds: bounds fixed from the normals, Newton to the minimum of that box problem,
  /// then the bounds again from its normals.
  Round,
  /// The bounds from the normals of every Newton iterate (one Newton step per round).
  Iteration,
};

/// Options of PrimalNewtonSolver. SolverOptions::maxIterations counts Newton iterations over all
/// rounds.
struct PrimalNewtonOptions : SolverOptions {
  PrimalNewtonOptions() {
    maxIterations = 2000;
    relativeTolerance = 1e-9;
  }
  /// delta of the proximal term, relative to A_ii, on rows whose C_i is smaller (0 < proximal <
  /// 1): the dual cost needs C_i > 0 on every row to be differentiable; each round solves A +
  /// diag(delta), b + delta x_prox with x_prox the last round's x (proximal point; docs/newton.md,
  /// "Primal Newton", eq. P6).
  double proximal = 1e-5;
  /// Rounds at most (>= 1): friction bounds and proximal anchor are fixed within one. Once the
  /// free rows settle a round is one solve with the last factor; the proximal rounds of a
  /// nearly singular A take a few hundred (316 on 2 x 2 box columns with CFM 1e-6).
  int maxRounds = 1000;
  /// When the friction bounds are read off the normals.
  FrictionUpdate frictionUpdate = FrictionUpdate::Round;
  /// Each update moves the normals that fix the friction bounds this share of the way to x (0 <
  /// frictionDamping <= 1; 1: the bounds of x itself). Near-singular A (redundant contacts with a
  /// small CFM) makes undamped Tresca rounds alternate between two box problems' answers.
  double frictionDamping = 1.0;
  /// Limits of the search for a dense low-rank form (mlcp::findLowRankForm).
  LowRankLimits lowRank;
  /// A factor-form A whose r exceeds this (>= 0) keeps G sparse and factors H by CHOLMOD; at or
  /// below it G and H are dense (Eigen's LL^T).
  int sparseAboveRank = 300;
  /// Factor the sparse H by CHOLMOD's supernodal method (BLAS on dense blocks; allocates its
  /// workspace per factorization) instead of the simplicial one: 37 against 51 ms a
  /// factorization on the 1000-sphere pile (r = 5,994), no gain on the 300-sphere pile
  /// (docs/newton-primal.md).
  bool supernodal = false;

  /// True when usable; otherwise *why names the violated constraint.
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<PrimalNewtonOptions>& table();
};

/// What the last PrimalNewtonSolver::solve() did beyond the common report.
struct PrimalNewtonStatistics {
  int rank = 0;                    ///< r of the low-rank form (0 when none was found)
  bool sparse = false;             ///< G and H sparse (CHOLMOD), else dense
  int newtonIterations = 0;        ///< Newton steps over all rounds
  int rounds = 0;                  ///< rounds (friction bounds / proximal anchor fixed in each)
  int factorizations = 0;          ///< numeric factorizations of H (r x r)
  int reusedFactors = 0;           ///< Newton steps on the factor of the step before (same D)
  double factorSeconds = 0.0;      ///< time assembling and factoring H (unit: s)
  double lineSearchSeconds = 0.0;  ///< time in the exact line searches (unit: s)
  bool warmStarted = false;        ///< started from x0 != 0 (v0 = G^T x0)
  bool formReused = false;         ///< the low-rank form of the previous solve served (same A)
};

/// Primal (body-space) Newton method in the low-rank form A = G G^T + diag(C) (registered as
/// "newton-primal"; docs/newton.md, "Primal Newton"): Newton's method on the unconstrained,
/// convex, piecewise-quadratic dual of the box QP in the r unknowns v, as MuJoCo's Newton solver
/// [Todorov 2014] and Drake's SAP [Castro et al. 2022] do in the bodies' velocities.
///
/// Problem: w = A x - b, l <= x <= u with complementarity; friction rows (findex_i = k) bounded
/// by u_i = |hi_i x_k|, l_i = -u_i (mlcp::Problem). A must have a low-rank form: factors J, M^-1,
/// cfm (G = J M^-1/2 per body, C = cfm), or a symmetric dense or sparse A in which
/// mlcp::findLowRankForm finds one; otherwise solve() answers Status::Unsupported, naming why.
///
/// Method (docs/newton.md, eqs. P1-P7): with the bounds fixed, the MLCP is the KKT system of
/// min 1/2 x^T A x - b^T x on the box, whose dual is
///   min_v f(v) = 1/2 v^T v + sum_i psi_i(b_i - G_i v),  psi_i(s) = max_{l_i <= x <= u_i} x s -
///   1/2 C_i x^2,
/// x_i(v) = clamp((b_i - G_i v) / C_i, l_i, u_i), grad f = v - G^T x(v), generalized Hessian
/// H = I + G^T D G (D_i = 1/C_i on rows strictly inside their bounds, 0 at a bound). Each Newton
/// step factors H (Eigen LL^T when G is dense; CHOLMOD with H's pattern, that of G^T G over all
/// rows, analysed once per pattern and kept across iterations and solves), solves H d = -grad f
/// and takes the exact minimum of f along d (f is piecewise quadratic in the step: its
/// derivative is piecewise linear, walked over its sorted breakpoints); the full step is taken
/// where it keeps every row below, inside or above its box as at v (it lands on the minimum
/// then), and a step from such a v reuses the factor. Rows with C_i < proximal A_ii get C_i =
/// proximal A_ii and the proximal anchor delta x_prox in b (eq. P6), moved to x after each round.
/// Friction: bounds from the normals of the last round's x (FrictionUpdate::Round, a Tresca fixed
/// point) or of every Newton iterate (FrictionUpdate::Iteration). Stopping test
/// (SolverOptions::accepts) after each round on x(v) with w = A x - b from the form (within 1e-12
/// max|A| of A; MixedLCP::solve() then holds Converged to the test on the original A): Converged;
/// MaxIterations after maxIterations Newton steps or maxRounds rounds; Inaccurate when a round
/// leaves x unchanged without meeting the tolerance; SingularPivot when H does not factor;
/// TimeLimit. x is then projected onto its bounds. Cost per step: dense, O(n_F r^2 + r^3) to form
/// and factor H; sparse, O(144 n_F) to form it and one numeric factorization of the contact graph's
/// r x r matrix; O(nnz(G) + n log n) for the gradient and the line search. Memory: O(n r) dense;
/// O(nnz(G) + the factor) sparse. Uses the initial guess (v0 = G^T x0).
///
/// [Todorov 2014] E. Todorov, "Convex and analytically-invertible dynamics with contacts and
///   constraints: theory and implementation in MuJoCo", ICRA 2014 (the primal Newton method with
///   exact line search; MuJoCo's documentation, "Computation", Newton).
/// [Castro et al. 2022] A. M. Castro, F. N. Permenter, X. Han, "An unconstrained convex
///   formulation of compliant contact", IEEE Transactions on Robotics 39(2), 1301-1320, 2022
///   (SAP: Newton on the unconstrained convex problem in velocities, exact line search).
class PrimalNewtonSolver final : public SolverWithOptions<PrimalNewtonOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (PrimalNewtonOptions::isValid).
  explicit PrimalNewtonSolver(const PrimalNewtonOptions& options = {});
  ~PrimalNewtonSolver() override;

  /// Counters of the last solve().
  const PrimalNewtonStatistics& statistics() const { return m_statistics; }

  std::string_view name() const override { return "newton-primal"; }
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

 private:
  /// Forgets the low-rank form when an option it depends on changed.
  void onOptionsChanged(const PrimalNewtonOptions& previous) override;
  bool prepareForm(const ProblemView& problem, SolveReport& report);
  void searchForm(const ProblemView& problem);
  /// The regularized diagonal m_C (C_i, raised to proximal A_ii where smaller) and m_extra.
  void setupDiagonal();
  /// out = G^T x (r); out = G v (n).
  void multiplyGt(const Eigen::VectorXd& x, Eigen::VectorXd& out) const;
  void multiplyG(const Eigen::VectorXd& v, Eigen::VectorXd& out) const;
  /// The bounds of the round: lo, hi, friction rows +-mu x_k from `normals`.
  void fixBounds(const ProblemView& problem, const Eigen::VectorXd& normals);
  /// x(v) (eq. P3), the rows' pieces and the gradient m_gradient = v - G^T x; returns ||grad||_inf.
  double evaluate(Eigen::VectorXd& x);
  /// Newton steps of one round until f's minimum (or one step with FrictionUpdate::Iteration);
  /// false when H does not factor.
  bool newtonRound(Eigen::VectorXd& x, SolveReport& report);
  /// Forms and factors H for the rows inside their bounds (m_pieces, eq. P4); false (report
  /// set) when it fails.
  bool factorHessian(int size, SolveReport& report);
  /// The exact minimizer t > 0 of f(v + t d) (eq. P5), given slope = d^T grad f(v), m_s = b' -
  /// G v and m_Gd = G d.
  double lineSearch(double slope);
  detail::NaturalMap residualOf(const ProblemView& problem, const Eigen::VectorXd& x);
  bool outOfTime() const;

  PrimalNewtonStatistics m_statistics;
  std::optional<LowRankForm> m_form;
  std::optional<SparseLowRankForm> m_sparseForm;  // instead of m_form when r is large
  std::uint64_t m_formVersion = 0;
  bool m_formSearched = false;
  std::unique_ptr<detail::BodySpaceHessian> m_hessian;
  Eigen::VectorXd m_C, m_extra;     // regularized diagonal, its part beyond C (n each)
  Eigen::VectorXd m_l, m_u;         // the round's bounds (n each)
  Eigen::VectorXd m_shiftedB;       // b + extra x_prox (n)
  Eigen::VectorXd m_s, m_Gd, m_Ax;  // b' - G v, G d, A x (n each)
  Eigen::VectorXd m_D;              // 1 / C_i on free rows, else 0 (n)
  Eigen::VectorXd m_v, m_gradient, m_direction, m_r;  // r each
  Eigen::VectorXd m_previous;                         // x of the last round (n)
  Eigen::VectorXd m_normals;  // x whose normals fix the round's friction bounds (n)
  // Per row: below, inside or above its box (eq. P3); those of the last factorization.
  std::vector<std::uint8_t> m_pieces, m_factoredPieces;
  std::vector<detail::LineSearchEvent> m_events;  // the line search's breakpoints (<= 2n)
  bool m_haveFactor = false;
  double m_start = 0.0;  // of the solve (unit: s)
};

}  // namespace mlcp
