#pragma once

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/option_table.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>
#include <mlcp/splitting/pgs_solver.hpp>

#include <string>

namespace mlcp {

/// Options of PolishSolver. SolverOptions::relativeTolerance is the final answer's;
/// maxIterations bounds the PGS sweeps of one identification (where PGS stalls, the polish
/// runs from its last iterate all the same).
struct PolishOptions : SolverOptions {
  PolishOptions() {
    maxIterations = 20000;
    relativeTolerance = 1e-9;
  }
  /// Relative residual (0 < identifyTolerance < 1) at which the first PGS run stops and bpp
  /// polishes from its partition; each later attempt divides it by 10.
  double identifyTolerance = 1e-4;
  /// Polish attempts at most (>= 1).
  int attempts = 4;
  /// bpp's pivoting rounds per attempt (>= 1): a partition read from a good first-order iterate
  /// takes one to three; more means it was read too early.
  int polishRounds = 20;

  /// True when usable; otherwise *why names the violated constraint.
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<PolishOptions>& table();
};

/// What the last PolishSolver::solve() did beyond the common report.
struct PolishStatistics {
  int attempts = 0;                ///< PGS runs, each followed by a polish
  int sweeps = 0;                  ///< PGS sweeps in all
  int polishRounds = 0;            ///< bpp rounds in all
  double firstOrderSeconds = 0.0;  ///< time in PGS (unit: s)
  double polishSeconds = 0.0;      ///< time in bpp (unit: s)
};

/// First-order identification, then an exact polish (registered as "polish"; docs/bpp.md,
/// "Large piles: first-order, then polish"). A warm start x0 != 0 (the previous step's answer)
/// is polished first, from its partition; then projected Gauss-Seidel (mlcp::PgsSolver) runs until
/// the relative residual is identifyTolerance; the rows it leaves at a bound give the partition
/// from which block principal pivoting (mlcp::BppSolver, in body space with sparse K when A
/// comes as factors of many bodies) solves exactly. When the polish does not settle within
/// polishRounds rounds, or its infeasible rows grow to twice their lowest count
/// (BppOptions::abandonGrowth: the partition was read too early), PGS goes on from its own iterate
/// to a tenfold smaller tolerance and polishes again, up to `attempts` times. The pattern of OSQP's
/// solution polishing [Stellato et al. 2020] and of PGS subspace minimization [Silcowitz 2009],
/// with the reduced problem solved exactly by pivoting rather than by one linear solve.
///
/// Problem: as mlcp::Problem; A as bpp takes it (factors, or a symmetric dense or sparse A of
/// low rank), otherwise the answer is PGS's alone. Converged only on the spec's scaled and
/// relative residual of the original A (MixedLCP::solve() holds it); otherwise the best answer
/// found (lowest max(scaled, relative)) with the status MaxIterations, TimeLimit (maxSeconds
/// over the whole solve) or Inaccurate.
/// Cost: PGS sweeps (O(12 n) each on factors) plus a few bpp rounds (one sparse factorization of
/// the body-space matrix each). Memory: PGS's and bpp's. Uses the initial guess (PGS starts
/// from it).
///
/// [Stellato et al. 2020] B. Stellato, G. Banjac, P. Goulart, A. Bemporad, S. Boyd, "OSQP: an
///   operator splitting solver for quadratic programs", Mathematical Programming Computation
///   12, 637-672, 2020 (section 4, solution polishing).
/// [Silcowitz 2009] M. Silcowitz, S. Niebe, K. Erleben, "Projected Gauss-Seidel subspace
///   minimization method for interactive rigid body dynamics", GRAPP 2010.
class PolishSolver final : public MixedLCP {
 public:
  /// @throws std::invalid_argument when options are not valid (PolishOptions::isValid).
  explicit PolishSolver(const PolishOptions& options = {});
  ~PolishSolver() override;

  /// @throws std::invalid_argument naming the violated constraint.
  void setOptions(const PolishOptions& options);
  /// The options in use.
  const PolishOptions& options() const { return m_options; }
  /// Counters of the last solve().
  const PolishStatistics& statistics() const { return m_statistics; }
  /// The polishing solver (its statistics() tell the last polish's rank, rounds, factorizations).
  const BppSolver& polisher() const { return m_bpp; }

  std::string_view name() const override { return "polish"; }
  Capabilities capabilities() const override;
  const SolverOptions& commonOptions() const override { return m_options; }

 private:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  double remainingSeconds() const;
  /// bpp from the partition of start (may be x itself); keeps its answer in x when better.
  /// Returns its status.
  Status polishFrom(const Eigen::VectorXd& start, Eigen::VectorXd& x, SolveReport& report);
  void keepIfBetter(const SolveReport& r, const Eigen::VectorXd& candidate, Eigen::VectorXd& x);

  PolishOptions m_options;
  PolishStatistics m_statistics;
  PgsSolver m_pgs;
  BppSolver m_bpp;
  std::uint64_t m_stagedVersion = ~std::uint64_t{0};
  double m_start = 0.0;  // of the solve (unit: s)
  double m_best = 0.0;   // max(scaled, relative) of x
  Status m_bestStatus = Status::NotSolved;
};

}  // namespace mlcp
