#pragma once

#include <mlcp/core/solver_with_options.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlcp {

class LemkeSolver;
class NewtonSolver;

/// The first-order method that identifies the partition PolishSolver polishes from.
enum class FirstStage {
  Pgs,   ///< projected Gauss-Seidel / SOR (mlcp::PgsSolver, omega 1.3)
  Apgd,  ///< accelerated projected gradient (mlcp::ApgdSolver)
  Nncg,  ///< non-smooth non-linear conjugate gradient (mlcp::NncgSolver)
  /// primal Newton in body space (mlcp::PrimalNewtonSolver; docs/newton-primal.md)
  NewtonPrimal,
};

/// Options of PolishSolver. SolverOptions::relativeTolerance is the final answer's;
/// maxIterations bounds the first stage's iterations (sweeps of PGS) of one identification
/// (where the first stage stalls, the polish runs from its last iterate all the same).
struct PolishOptions : SolverOptions {
  PolishOptions() {
    maxIterations = 20000;
    relativeTolerance = 1e-9;
  }
  /// The first-order method of the identification (docs/bpp.md, "Large piles").
  FirstStage firstStage = FirstStage::Pgs;
  /// Relative residual (0 < identifyTolerance < 1) at which the first stage stops and bpp
  /// polishes from its partition; each later attempt divides it by 10.
  double identifyTolerance = 1e-4;
  /// identifyTolerance of the first attempt of a solve given a warm start (0 < ... < 1): the
  /// first stage from the previous step's answer hands over earlier (docs/bpp.md, "Large
  /// piles"); later attempts divide it by 10 as well.
  double warmIdentifyTolerance = 3e-4;
  /// Check the first stage's partition (the rows it holds at a bound) every this many of its
  /// iterations (>= 0; 0: no check, the stage stops at identifyTolerance only). With checks, the
  /// stage also stops as soon as two checks in a row see the same partition, one that was not
  /// polished yet, and its relative residual is at most stableCeiling (the tolerance schedule
  /// of docs/bpp.md).
  int partitionCheckInterval = 0;
  /// Relative residual (identifyTolerance <= stableCeiling < 1) above which a stable partition
  /// is not trusted.
  double stableCeiling = 1e-2;
  /// First-stage iterations (>= 0; 0: off, the default) after which an identification whose
  /// max(scaled, relative) residual has not halved since it last did stops as stalled, and the
  /// polish runs from its iterate; the next attempt keeps the tolerance. PGS plateaus at
  /// 2e-4 .. 7e-4 on some steps of a settling pile and spends maxIterations sweeps there; the
  /// stop saves a quarter of the time on such steps but loses the exact answer on a few that
  /// PGS leaves after more sweeps (docs/bpp.md, "First stage and schedule"). Checked every
  /// stallSweeps / 4 iterations (every partitionCheckInterval iterations when that is set).
  int stallSweeps = 0;
  /// Polish attempts at most (>= 1).
  int attempts = 4;
  /// bpp's pivoting rounds per attempt (>= 1): a partition read from a good first-order iterate
  /// takes one to three; more means it was read too early.
  int polishRounds = 20;
  /// Share of the last identification's time (the first stage's, > 0) that the polish of a
  /// warm start may take: a partition that still holds settles in a few rounds, and one that
  /// does not is cheaper to identify anew than to pivot out of where a round costs much (one
  /// sparse factorization of thousands of bodies against a few PGS sweeps' worth of 100).
  double warmShare = 0.5;
  /// The warm start is polished first only while the last warm start's partition (of the last
  /// solve given one) differed from that solve's answer in at most this fraction of the rows
  /// (0 <= warmChangeLimit <= 1; 1: always). A landing pile changes the state of a third of its
  /// rows from one step to the next, and a polish from such a partition cascades: the first stage
  /// from the warm start then identifies the partition anew, without the warm polish's
  /// factorizations (docs/bpp.md, "Large piles").
  double warmChangeLimit = 0.01;
  /// When every attempt missed: semismooth Newton (mlcp::NewtonSolver, its default step limit)
  /// from the best answer within the time left (where the first stage stalls short of the
  /// partition, e.g. on friction that PGS cycles on, Newton's crossover still finds the answer).
  bool newtonFallback = true;
  /// When Newton missed too, on problems of at most LemkeOptions::maxRows rows: Lemke's method
  /// (mlcp::LemkeSolver, warm-started at the best answer's partition, then from its own start)
  /// within the time left. Its complementary pivoting follows a path where bpp's block swaps
  /// and Newton's steps cycle, e.g. on a pile whose friction forces are statically
  /// indeterminate (docs/bpp.md, "Lemke from the best partition"); it costs seconds at 600 rows.
  bool lemkeFallback = true;

  /// True when usable; otherwise *why names the violated constraint.
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<PolishOptions>& table();
};

/// What the last PolishSolver::solve() did beyond the common report.
struct PolishStatistics {
  int attempts = 0;      ///< first-stage runs, each followed by a polish
  int sweeps = 0;        ///< first-stage iterations (PGS sweeps) in all
  int stableStops = 0;   ///< first-stage runs ended by a stable partition
  int stalls = 0;        ///< first-stage runs ended as stalled (PolishOptions::stallSweeps)
  int polishRounds = 0;  ///< bpp rounds in all
  /// Numeric factorizations in all: bpp's of K (BppStatistics::factorizations, its Woodbury
  /// updates not counted) and the Newton fallback's.
  int factorizations = 0;
  bool warmPolished = false;  ///< the warm start's polish gave the answer
  bool warmSkipped = false;   ///< a warm start was given but not polished (warmChangeLimit)
  /// Rows whose state (free, at a bound) differs between the warm start and the answer; -1
  /// without a warm start.
  int warmChangedRows = -1;
  bool newtonFallback = false;     ///< Newton ran after the attempts (newtonFallback)
  bool lemkeFallback = false;      ///< Lemke ran after Newton (lemkeFallback)
  double firstOrderSeconds = 0.0;  ///< time in the first stage (unit: s)
  double polishSeconds = 0.0;      ///< time in bpp (unit: s)
};

/// First-order identification, then an exact polish (registered as "polish"; docs/bpp.md,
/// "Large piles: first-order, then polish"). A warm start x0 != 0 (the previous step's answer)
/// is polished first, from its partition, while the last warm start's partition held
/// (warmChangeLimit); then the first stage (PolishOptions::firstStage: projected Gauss-Seidel,
/// mlcp::PgsSolver, by default; APGD or NNCG) runs from it until the relative residual is
/// identifyTolerance (warmIdentifyTolerance with a warm start; or, with partitionCheckInterval,
/// until its partition holds between two checks); the rows it leaves at a bound give the
/// partition from which block principal pivoting (mlcp::BppSolver, in body space with sparse K
/// when A comes as factors of many bodies) solves exactly. When the polish does not settle within
/// polishRounds rounds, or its infeasible rows grow to twice their lowest count
/// (BppOptions::abandonGrowth: the partition was read too early), the first stage goes on from its
/// own iterate to a tenfold smaller tolerance and polishes again, up to `attempts` times; where all
/// of them miss, semismooth Newton goes on from the best answer (newtonFallback), then Lemke's
/// method on problems of up to 1000 rows (lemkeFallback). The pattern of
/// OSQP's solution polishing [Stellato et al. 2020] and of PGS subspace minimization [Silcowitz
/// 2009], with the reduced problem solved exactly by pivoting rather than by one linear solve.
///
/// Problem: as mlcp::Problem; A as bpp takes it (factors, or a symmetric dense or sparse A of
/// low rank), otherwise the answer is the first stage's alone. Converged only on the spec's scaled
/// and relative residual of the original A (MixedLCP::solve() holds it); otherwise the best answer
/// found (lowest max(scaled, relative)) with the status MaxIterations, TimeLimit (maxSeconds
/// over the whole solve) or Inaccurate.
/// Cost: first-stage iterations (a PGS sweep is O(12 n) on factors) plus a few bpp rounds (one
/// sparse factorization of the body-space matrix each). Memory: the first stage's and bpp's.
/// Uses the initial guess (the first stage starts from it).
///
/// [Stellato et al. 2020] B. Stellato, G. Banjac, P. Goulart, A. Bemporad, S. Boyd, "OSQP: an
///   operator splitting solver for quadratic programs", Mathematical Programming Computation
///   12, 637-672, 2020 (section 4, solution polishing).
/// [Silcowitz 2009] M. Silcowitz, S. Niebe, K. Erleben, "Projected Gauss-Seidel subspace
///   minimization method for interactive rigid body dynamics", GRAPP 2010.
class PolishSolver final : public SolverWithOptions<PolishOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (PolishOptions::isValid).
  explicit PolishSolver(const PolishOptions& options = {});
  ~PolishSolver() override;

  /// Counters of the last solve().
  const PolishStatistics& statistics() const { return m_statistics; }
  /// The polishing solver (its statistics() tell the last polish's rank, rounds, factorizations).
  const BppSolver& polisher() const { return m_bpp; }

  std::string_view name() const override { return "polish"; }
  Capabilities capabilities() const override;

 private:
  /// Makes the first stage (firstStage) and sets the polishing BppSolver's options.
  void onOptionsChanged(const PolishOptions& previous) override;
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  double remainingSeconds() const;
  /// False once maxSeconds is spent.
  bool timeLeft() const;
  /// bpp from the partition of start (may be x itself) for at most `seconds` (0: the time
  /// left); keeps its answer in x when better. Returns its status.
  Status polishFrom(const Eigen::VectorXd& start,
                    Eigen::VectorXd& x,
                    SolveReport& report,
                    double seconds = 0.0);
  /// The polish of a warm start x, within warmShare of the last identification's time (none
  /// yet: the solve's); MaxIterations when it ran out of that share.
  Status polishWarm(Eigen::VectorXd& x, SolveReport& report);
  /// Records the share of rows whose state differs between the warm start's partition
  /// (m_warmPartition) and the answer x.
  void recordWarmChange(const Eigen::VectorXd& x);
  /// True when a fallback may run after the attempts: the best answer is not exact, the last
  /// polish (status `polish`) did not end at the time limit, and time is left.
  bool fallbackDue(Status polish) const;
  /// Semismooth Newton from x (the best answer) within the time left; keeps its answer in x
  /// when better.
  void newtonFrom(const ProblemView& problem, Eigen::VectorXd& x);
  /// Lemke's method warm-started at x (the best answer) within the time left; keeps its answer
  /// in x when better.
  void lemkeFrom(const ProblemView& problem, Eigen::VectorXd& x);
  /// Makes `solver` at its first use, gives it the polish's tolerances, the time left and the
  /// problem (staged anew when `restage`), and x as its start.
  template <class Solver, class Options>
  Solver& stageFallback(std::unique_ptr<Solver>& solver,
                        Options options,
                        const ProblemView& problem,
                        bool restage,
                        const Eigen::VectorXd& x);
  /// Sets the first stage's iterations, tolerance and time limit.
  void configureFirstStage(int iterations, double tolerance);
  /// Runs the first stage from its own last iterate (or the guess set) until tolerance, its
  /// iteration budget, a stall (stallSweeps) or, with partition checks, a stable partition;
  /// keeps its iterate in x when better. Returns its last report.
  const SolveReport& identify(double tolerance, Eigen::VectorXd& x);
  /// True when the first stage's iterate has the partition of the last check, one not polished
  /// yet, at a relative residual of at most stableCeiling (`last` is its report); the
  /// partition becomes the last check's.
  bool partitionIsStable(const SolveReport& last);
  /// Stores the partition of x (one entry per row: -1 at the lower bound, +1 at the upper, 0
  /// free) into `partition`.
  void partitionOf(const Eigen::VectorXd& x, std::vector<std::int8_t>& partition) const;
  void keepIfBetter(const SolveReport& r, const Eigen::VectorXd& candidate, Eigen::VectorXd& x);

  PolishStatistics m_statistics;
  std::unique_ptr<MixedLCP> m_first;  // the first stage
  BppSolver m_bpp;
  std::unique_ptr<NewtonSolver> m_newton;  // the fallback, made and staged at its first use
  std::uint64_t m_newtonVersion = ~std::uint64_t{0};
  std::unique_ptr<LemkeSolver> m_lemke;  // the last fallback, made and staged at its first use
  std::uint64_t m_lemkeVersion = ~std::uint64_t{0};
  const ProblemView* m_problem = nullptr;         // of the solve running
  std::vector<std::int8_t> m_check, m_lastCheck;  // partitions of the first stage's checks
  std::vector<std::int8_t> m_polished;            // the partition polished last
  std::uint64_t m_stagedVersion = ~std::uint64_t{0};
  double m_start = 0.0;            // of the solve (unit: s)
  double m_best = 0.0;             // max(scaled, relative) of x
  double m_identifySeconds = 0.0;  // the first stage's time in the last solve that ran it
  double m_warmChanged = 0.0;      // share of rows the last warm start had in another state
  std::vector<std::int8_t> m_warmPartition, m_answerPartition;
  Status m_bestStatus = Status::NotSolved;
};

}  // namespace mlcp
