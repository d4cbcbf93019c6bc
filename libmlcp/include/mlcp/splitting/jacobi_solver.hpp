#pragma once

#include <mlcp/core/solver_with_options.hpp>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlcp {

namespace detail {
class RowBlocks;
class LocalBlockSolver;
class ThreadTeam;
}  // namespace detail

/// Options of JacobiSolver. SolverOptions::maxIterations counts iterations (one product A x
/// each).
struct JacobiOptions : SolverOptions {
  JacobiOptions() {
    maxIterations = 10000;
    relativeTolerance = 1e-6;
  }
  /// Damping omega, 0 < omega <= 1; 0 = automatic: 1 / lambda, lambda the largest eigenvalue of
  /// D^-1 A estimated by 30 power iterations (once per matrix), at most 1.
  double relaxation = 0.0;
  /// Blocked Jacobi: each contact (normal and friction rows) and bilateral group solved exactly
  /// from the previous iterate, as NsgsSolver's blocks; off: one row at a time.
  bool blocks = false;
  /// Threads (>= 0; 0 = std::thread::hardware_concurrency()). At most one per 512 rows is used,
  /// so small problems run on the caller alone. The answer is bitwise the same for any count.
  int threads = 0;

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<JacobiOptions>& table();
};

/// What the last JacobiSolver::solve() did beyond the common report.
struct JacobiStatistics {
  double relaxation = 0.0;     ///< omega used (after any halving)
  int threads = 1;             ///< threads used
  int relaxationHalvings = 0;  ///< times omega was halved because the residual grew
  long rowByRowFallbacks = 0;  ///< blocks no index set solved (updated row by row)
};

/// Projected Jacobi and blocked (per-contact) Jacobi for the boxed LCP with friction index, on
/// threads: every row (or block) is updated from the same previous iterate, so the rows are
/// independent and are dealt to threads in fixed chunks of 256 rows (64 blocks); the result is
/// bitwise the same for any thread count. The form of the iterative methods that parallelises,
/// at the price of more iterations than Gauss-Seidel (DART's JacobiSolver and
/// BlockedJacobiSolver; [Cottle, Pang & Stone 1992, Sec. 5.2]). On A in the form the problem
/// holds it: dense (row blocks of A times x), sparse (a compressed-row copy made once per
/// matrix), or the factors J, M^-1, cfm (fc = M^-1 J^T x accumulated on the caller, then the
/// rows' J_i . fc in parallel).
///
/// Problem: w = A x - b, l <= x <= u with complementarity, friction rows (findex_i = k)
/// bounded by u_i = |hi_i x_k|, l_i = -u_i (mlcp::Problem). A needs a positive diagonal.
///
/// Algorithm (D = diag(A); per iteration three parallel phases):
///  1. w = A x - b for every row (chunks of rows), and the spec residuals of x from it; stop
///     when they meet the tolerance.
///  2. Point: x'_i = clamp(x_i - omega w_i / A_ii, l_i, u_i) with bounds from x (rows with
///     A_ii ~ 0: their one-row answer). Blocked: each block's local problem at x solved exactly
///     (detail::LocalBlockSolver), x'_B = x_B + omega (answer - x_B) (within the bounds, omega
///     <= 1).
///  3. Friction rows of x' projected onto the bounds of the new normals; x = x'.
/// The damping omega makes the iteration a projected gradient step with step omega in the D
/// metric: for symmetric positive definite A and fixed bounds it converges for omega <
/// 2 / lambda_max(D^-1 A); omega is halved when the stopping figure stays above twice its best
/// for 5 checks (counted in JacobiStatistics::relaxationHalvings).
///
/// Stopping test (SolverOptions::accepts): scaled and relative residual <= relativeTolerance
/// (Converged); MaxIterations; TimeLimit. The steps w_i / A_ii and the local solves do not
/// change when single rows or the whole problem are scaled. x is within its bounds.
/// Cost per iteration: one product A x and O(n) (blocked: O(m^3) per block of m rows), divided
/// among the threads. Memory: O(n) in setup (the sparse form adds a compressed-row copy of A);
/// the threads start on the first solve that uses them, and solve() allocates nothing after the
/// first solve at a given n and pattern. Uses the initial guess.
///
/// [Cottle, Pang & Stone 1992] R. W. Cottle, J.-S. Pang, R. E. Stone, "The Linear
///   Complementarity Problem", Academic Press.
class JacobiSolver final : public SolverWithOptions<JacobiOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (JacobiOptions::isValid).
  explicit JacobiSolver(const JacobiOptions& options = {});
  ~JacobiSolver() override;

  /// Counters of the last solve().
  const JacobiStatistics& statistics() const { return m_statistics; }

  /// "jacobi", or "blocked-jacobi" with JacobiOptions::blocks.
  std::string_view name() const override { return m_options.blocks ? "blocked-jacobi" : "jacobi"; }
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

 private:
  /// Forgets the blocks prepared for A (their options may have changed).
  void onOptionsChanged(const JacobiOptions& previous) override;
  struct Partial;  // one chunk's share of the residual

  /// Per matrix: the compressed-row copy, the diagonal, omega, the blocks.
  void prepare(const ProblemView& problem);
  /// Estimates lambda_max(D^-1 A) by power iterations.
  double largestEigenvalue(const ProblemView& problem);
  /// Phase 1 on the rows of chunk c: m_product = A x, and the chunk's residual partial.
  void productChunk(const ProblemView& problem, const Eigen::VectorXd& x, int c);
  /// Phase 2 on chunk c (of rows, or of blocks when blocked).
  void updateChunk(const ProblemView& problem, const Eigen::VectorXd& x, int c, int member);
  /// Phase 3 on chunk c of rows.
  void projectChunk(const ProblemView& problem, int c);

  JacobiStatistics m_statistics;
  std::unique_ptr<detail::ThreadTeam> m_team;
  std::unique_ptr<detail::RowBlocks> m_blocks;
  std::vector<detail::LocalBlockSolver> m_local;  // one per thread
  std::vector<Partial> m_partials;                // one per chunk of rows
  std::vector<signed char> m_sets;  // (n) index sets of each block's last local answer
  Eigen::SparseMatrix<double, Eigen::RowMajor> m_rowMajor;
  Eigen::VectorXd m_product, m_xNext, m_diagonal, m_power, m_powerNext;
  double m_relaxation = 1.0;  // omega for this matrix (automatic or the option)
  double m_omega = 1.0;       // omega of the current solve (halved when diverging)
  std::uint64_t m_preparedVersion = ~std::uint64_t{0};
};

}  // namespace mlcp
