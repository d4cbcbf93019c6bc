#pragma once

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/solver_factory.hpp>

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp {

namespace detail {
class SolverChain;
class StructureProbe;
}  // namespace detail

/// A solver plan: the registered solvers AutoSolver tries, in order, and why.
struct SolverPlan {
  std::vector<std::string> stages;  ///< registered names ("islands:NAME" allowed), in order
  std::string reason;               ///< the structure that decided it, for the report
};

/// Picks the solvers by the problem's measured structure and runs them as a fallback chain
/// (registered as "auto"). The report's message opens with what it chose and why ("A
/// symmetric, n = 9 < 32: exact pivoting; chose dantzig, then newton, lemke, apgd, pgs; dantzig:
/// converged"); the chain then ends as FallbackSolver's does (the first Converged, else the best
/// answer of any stage, each stage's status in the message).
///
/// The choice (choosePlan(), the table of docs/solver-selection.md; n_p = kPivotingRows; newton
/// is planned only up to n_p, where its sparse factorizations stay cheap):
///  - first, before A is measured (O(n) to choose; the plan below is chosen only when these do
///    not converge, and leaves out the stages already run): lemke, newton when a diagonal
///    entry is <= 0 and n <= n_p (as every plan below starts there); a PGS-SM trial of
///    kTinyTrialSweeps sweeps for n < kTinyTrialRows with every A_ii > 0 and no friction rows;
///    else dantzig for n < kTinyRows with every A_ii > 0 (it checks A's symmetry itself and
///    refuses an A that is not symmetric: a tiny problem it answers is not measured);
///  - A not symmetric, not even up to row scaling: lemke, newton (n <= n_p), pgs, nncg (Lemke
///    and Newton take any A; Dantzig and APGD need a symmetric one);
///  - A symmetric up to row scaling (A = C S): dantzig (n <= n_p, every A_ii > 0), lemke,
///    newton (n <= n_p), apgd, pgs-sm, nncg (Dantzig solves T A x = T b, T = C^-1; APGD and
///    PGS-SM equilibrate rows);
///  - A symmetric, a diagonal entry <= 0: lemke, newton (n <= n_p), dantzig, pgs (the iterative
///    methods need A_ii > 0);
///  - A symmetric, n < kTinyRows: dantzig, newton, lemke, apgd, pgs;
///  - A symmetric, n <= n_p, a low-rank form G G^T + diag(C): the factors (J, M^-1, cfm) with
///    r <= n / 2, or found in A (mlcp::findLowRankForm) with C_i >= 1e-8 A_ii on every row
///    (DART's relative CFM, Bullet's constant CFM) and r <= n / 3, or r <= n / 2 and r <= 64: bpp
///    (handed the form found while measuring), newton, dantzig, lemke, apgd, pgs (docs/bpp.md:
///    0.1x..0.2x of the peers' time on DART's stacks); factors of more than one island (found
///    from the bodies) islands:bpp instead of bpp;
///  - A symmetric as factors, n <= n_p, r > n / 2 (a pile): polish, newton, dantzig, lemke,
///    apgd, pgs;
///  - A symmetric, n <= n_p, dense (at least 90 % of the entries nonzero): pgs with at most
///    kTrialSweeps sweeps, then dantzig, newton, lemke, apgd;
///  - A symmetric, n <= n_p, contacts alone (no nub rows), A = G G^T found in A's entries with
///    C = 0 (singular: redundant contacts): dantzig, newton, lemke, apgd, pgs (Dantzig's
///    pivoting steps over redundant contacts: Bullet's CFM-free stacks in 1.4 ms where Newton
///    takes 2-4 ms);
///  - A symmetric, n <= n_p, sparse: newton, dantzig, lemke, apgd, pgs (Newton's sparse
///    factorizations; dantzig first takes 1.5-40 times newton's time on sphere piles with CFM);
///  - A symmetric, n > n_p, largest island <= n_p: islands:dantzig, apgd, nncg (pivoting island
///    by island); as factors islands:auto, apgd, nncg (each island a low-rank form of its bodies,
///    planned on its own: bpp, then newton where its pivot budget runs out);
///  - A symmetric as factors (J, M^-1, cfm), a larger island: polish (PGS, then bpp in body
///    space from its partition: exact on the 300- and 1000-sphere piles, docs/bpp.md), apgd,
///    nncg;
///  - A symmetric, larger: apgd, nncg, pgs (iterative, O(nonzeros) per iteration; APGD needs the
///    fewest iterations on contact problems).
///
/// When A is symmetric with A_ii > 0 and newton stalls (NewtonStatistics::stalled: its residual
/// stopped falling, as on a set of redundant contacts with no solution), the plan ends after
/// it, dantzig still tried: the stages after them (lemke, apgd, pgs) took up to a second on
/// such a problem and answered none (docs/solver-selection.md, "When there is no answer").
///
/// Stages are made when a solve first runs them, with the settings of the constructor, except
/// the first stages of the plans that the diagonal of the A set leads to, which are made and
/// sized with the workspace when n changes (stagesMadeAhead()): lemke and newton when an
/// A_ii <= 0; else the PGS-SM trial and dantzig for n < kTinyRows, newton, bpp and the PGS trial
/// (O(n) memory each) up to n_p. Making no other keeps a first solve's code in the caches
/// (docs/solver-selection.md, "`auto`: what it measures and what it chooses"). Each stage solves
/// auto's validated problem in place (MixedLCP::solveView(): no copy, no second validation, the
/// forms of A derived once for all stages). Memory: each stage's own, plus what measuring takes per
/// new matrix (the symmetry test O(n^2) dense, O(nonzeros log n) sparse; the islands of factors
/// (O(n)) or when n > n_p; the low-rank form, O(n r^2), when A is symmetric and 64 <= n <= n_p).
/// solve() allocates nothing on a second solve of the same problem. The report's residuals and w
/// are those the answering stage computed for the same x (no second evaluation,
/// MixedLCP::takeResidualsOf()).
class AutoSolver final : public MixedLCP {
 public:
  /// Largest n (or island) for which pivoting or Newton is planned first.
  static constexpr int kPivotingRows = 1000;
  /// Below this n a symmetric A gets Dantzig first whatever its structure: a solve takes
  /// microseconds, less than measuring more pays back.
  static constexpr int kTinyRows = 32;
  /// Sweeps of the PGS trial planned first on a dense symmetric A: the generated random
  /// problems need 16..28; 40 sweeps (80 n^2 flops) cost under a tenth of Dantzig's pivoting
  /// (about n^3 / 3) from n = 240 on, and PGS answers there in a tenth of its time.
  static constexpr int kTrialSweeps = 40;
  /// Below this n, when every A_ii > 0 and no row has friction, a PGS-SM trial of
  /// kTinyTrialSweeps sweeps runs first, whatever the symmetry of A: PGS with subspace
  /// minimization finds the active set of such a problem in a few sweeps (4..24 on the tiny
  /// problems of the main job) and then solves it exactly, in less time than a pivoting solve
  /// takes to start. From 16 rows on a failed trial costs more than half a pivoting solve
  /// (lcp_mmc, n = 26: 32 sweeps against 376 needed); on friction rows, whose bounds move with
  /// the normal forces, the active set settles slowly (51..562 sweeps on Bullet's box on a slope).
  static constexpr int kTinyTrialRows = 16;
  /// Sweeps of the PGS-SM trial for n < kTinyTrialRows.
  static constexpr int kTinyTrialSweeps = 32;

  /// @param settings passed to every stage (makeSolver()).
  explicit AutoSolver(const SolverSettings& settings = {});
  ~AutoSolver() override;

  /// The settings passed to the stages.
  const SolverSettings& settings() const { return m_settings; }
  /// The plan of the last solve (empty before); the first stages alone when one of them
  /// converged (the rest is chosen, and A measured, only when none did).
  const SolverPlan& plan() const { return m_plan; }
  /// The stage whose answer the last solve returned ("" when none).
  std::string_view usedStage() const;
  /// The solver of that stage, its statistics those of its part of the last solve (nullptr when
  /// no stage answered).
  const MixedLCP* usedSolver() const;

  std::string_view name() const override { return "auto"; }
  Capabilities capabilities() const override;
  /// The options of the stage whose answer was returned (defaults before a solve).
  const SolverOptions& commonOptions() const override;

 private:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  /// The plan for the measured structure (the table above), appended to m_plan and m_order.
  void choosePlan(const ProblemView& problem);
  /// Plans the first stages that need no measure of A (O(n) to choose): lemke and newton when a
  /// diagonal entry is <= 0 and n <= n_p (every plan of the table starts so there), the PGS-SM
  /// trial when n < kTinyTrialRows, no row has friction and every A_ii > 0, else dantzig when
  /// n < kTinyRows and every A_ii > 0. True when planned.
  bool planFirst(const ProblemView& problem);
  /// The stages made and sized with the workspace for n (doSetup()): the first stages of the
  /// plans A's diagonal leads to (planFirst(), choosePlan()): lemke and newton when an A_ii <= 0
  /// and n <= n_p; else the PGS-SM trial and dantzig for n < kTinyRows (the four when A is not
  /// at hand), newton, bpp and the PGS trial up to n_p; none above.
  std::span<const int> stagesMadeAhead(int n) const;
  /// Writes the texts of the first plans for n (m_firstPlans), which depend on n alone: a solve
  /// of a few rows then copies them instead of composing them.
  void writeFirstPlans(int n);
  /// Appends a stage (a PlannedIndex) to the plan unless it is in it already.
  void addStage(int stage);
  /// Appends to `message` what a solve reports of a plan before its stages' outcomes: the
  /// reason, "; chose ", the stages (with their sweep budgets), "; ".
  void describePlan(std::string_view reason,
                    std::span<const int> stages,
                    std::string& message) const;
  /// Reports the plan from m_plan.reason[reasonFrom..] and m_order[stageFrom..] and runs those
  /// stages (runStages()); true when one converged.
  bool runPlanned(const ProblemView& problem,
                  size_t reasonFrom,
                  size_t stageFrom,
                  Eigen::VectorXd& x,
                  SolveReport& report);
  /// Runs the stages m_order[stageFrom..] until one converges (true) or the plan ends (endsPlan()).
  bool runStages(const ProblemView& problem,
                 size_t stageFrom,
                 Eigen::VectorXd& x,
                 SolveReport& report);
  /// Index of the stage named `name` with a sweep budget (0: the settings'), added to the chain
  /// on first use.
  int stageIndex(std::string_view name, int sweeps);
  /// True when the plan ends after m_order[position], a stage that just ran and did not converge:
  /// newton stalled on a plan of m_endOnStall, and no dantzig stage follows at once. Then
  /// appends why, and the stages not tried, to message.
  bool endsPlan(size_t position, std::string& message);

  /// A plan planFirst() chooses: its reason, its stages (PlannedIndex) and the text a solve
  /// reports before their outcomes (describePlan()).
  struct FirstPlan {
    std::string reason;
    std::vector<int> stages;
    std::string report;
  };

  SolverSettings m_settings;
  SolverOptions m_defaults;
  SolverPlan m_plan;
  std::vector<std::string> m_stageNames;  // per stage of the chain
  std::vector<int> m_stageSweeps;         // per stage: its sweep budget, 0 for the settings'
  std::vector<int> m_order;               // the plan as stage indices
  FirstPlan m_lemkeFirst;                 // for n: a diagonal entry <= 0 (empty for n > n_p)
  FirstPlan m_trialFirst;                 // for n: the PGS-SM trial (empty for n >= 16)
  FirstPlan m_pivotingFirst;              // for n: dantzig, A not measured (empty for n >= 32)
  const FirstPlan* m_first = nullptr;     // the one planFirst() chose in this solve
  bool m_endOnStall = false;              // the plan ends once newton stalled (A symmetric, PD)
  bool m_stalled = false;                 // newton stalled in this solve
  std::unique_ptr<detail::SolverChain> m_chain;
  std::unique_ptr<detail::StructureProbe> m_probe;
};

}  // namespace mlcp
