#pragma once

#include <mlcp/core/solver_with_options.hpp>

#include <memory>
#include <string>
#include <vector>

namespace mlcp {

namespace detail {
class RowAccess;
class RowBlocks;
class LocalBlockSolver;
}  // namespace detail

/// Options of NsgsSolver. SolverOptions::maxIterations counts sweeps.
struct NsgsOptions : SolverOptions {
  NsgsOptions() {
    maxIterations = 10000;
    relativeTolerance = 1e-6;
  }
  /// Block over-relaxation omega, 0 < omega < 2: x_B <- x_B + omega (local answer - x_B),
  /// projected onto the bounds (1 = the exact local answer, Siconos' default).
  double relaxation = 1.0;
  /// Compute the residual (and test it) every this many sweeps (>= 1); the last is always tested.
  int residualInterval = 1;

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<NsgsOptions>& table();
};

/// What the last NsgsSolver::solve() did beyond the common report.
struct NsgsStatistics {
  int blocks = 0;              ///< blocks of the partition
  int multiRowBlocks = 0;      ///< contacts and bilateral groups (blocks of more than one row)
  int largestBlock = 0;        ///< rows of the largest block
  long localSolves = 0;        ///< local problems solved exactly
  long rowByRowFallbacks = 0;  ///< local problems no index set solved (updated row by row)
};

/// Non-smooth (block) Gauss-Seidel, NSGS [Jean & Moreau 1987; Jean 1999] as in Siconos'
/// fc3d_nsgs, for the boxed LCP with friction index: each contact's normal row and friction rows
/// are solved together, exactly, as one small local problem per visit (the friction bound
/// |hi_i x_k| from the block's own new normal), each joint's bilateral rows as one linear block,
/// every other row by the projected row step of PgsSolver. On A in the form the problem holds it
/// (dense, sparse, or the factors J, M^-1, cfm), through the same row back ends as PgsSolver.
///
/// Problem: w = A x - b, l <= x <= u with complementarity, friction rows (findex_i = k)
/// bounded by u_i = |hi_i x_k|, l_i = -u_i (mlcp::Problem). A needs positive diagonal blocks.
///
/// Algorithm (detail::RowBlocks gives the partition, detail::LocalBlockSolver the local solve):
///  1. Blocks (once per matrix and findex): a contact = normal row k and the rows with
///     findex = k; a bilateral group = consecutive coupled unbounded rows (at most 6); other
///     rows alone. A_BB of each is copied once.
///  2. x = the initial guess (or 0) projected onto its bounds; A x (or fc) computed once.
///  3. Sweep, block by block in row order: w_B = (A x - b)_B from the kept product; the local
///     problem w'_B = w_B + A_BB (x'_B - x_B) with the spec's bounds (friction from x'_k) is
///     solved exactly by block principal pivoting from the block's previous index sets
///     (enumeration of the index sets as a fallback; row by row when none fits, counted in
///     NsgsStatistics::rowByRowFallbacks); x_B <- x_B + omega (x'_B - x_B); A x updated.
///  4. Every residualInterval sweeps: the spec residuals; when they meet the tolerance, A x is
///     recomputed from scratch and the test repeated before stopping.
///
/// Stopping test (SolverOptions::accepts): scaled residual and relative residual <=
/// relativeTolerance. The local solves are exact, so the iterates do not change when single
/// rows or the whole problem are scaled. MaxIterations after maxIterations sweeps, TimeLimit
/// after maxSeconds. x is always within its bounds.
/// Convergence: for symmetric positive definite A and fixed bounds block Gauss-Seidel converges
/// [Cottle, Pang & Stone 1992, Sec. 5.3]; with friction bounds that follow x it is observed,
/// not guaranteed (as for PGS). It cures what is local to a contact (the coupling of a normal
/// with its own friction rows), not the coupling between contacts (mass ratios across a stack):
/// docs/solver-selection.md has the measured sweeps.
/// Cost per sweep: that of a PGS sweep plus O(m^3) per block of m rows (m = 3 for a contact
/// with two friction rows). Memory: O(n) in setup plus A_BB per block. solve() allocates
/// nothing after the first solve at a given n and pattern. Uses the initial guess.
///
/// [Jean & Moreau 1987] M. Jean, J. J. Moreau, "Dynamics in the presence of unilateral contacts
///   and dry friction: a numerical approach", in Unilateral Problems in Structural Analysis 2,
///   CISM 304, Springer, 1987.
/// [Jean 1999] M. Jean, "The non-smooth contact dynamics method", Computer Methods in Applied
///   Mechanics and Engineering 177, 235-257, 1999.
/// [Cottle, Pang & Stone 1992] R. W. Cottle, J.-S. Pang, R. E. Stone, "The Linear
///   Complementarity Problem", Academic Press.
class NsgsSolver final : public SolverWithOptions<NsgsOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (NsgsOptions::isValid).
  explicit NsgsSolver(const NsgsOptions& options = {});
  ~NsgsSolver() override;

  /// Counters of the last solve().
  const NsgsStatistics& statistics() const { return m_statistics; }

  std::string_view name() const override { return "nsgs"; }
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

 private:
  template <class Rows>
  void run(Rows& rows, const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report);
  template <class Rows>
  double sweep(Rows& rows, const ProblemView& problem, Eigen::VectorXd& x);

  NsgsStatistics m_statistics;
  std::unique_ptr<detail::RowAccess> m_rows;
  std::unique_ptr<detail::RowBlocks> m_blocks;
  std::unique_ptr<detail::LocalBlockSolver> m_local;
  Eigen::VectorXd m_diagonal;       // (n) A_ii, 0 for rows that cannot move
  Eigen::VectorXd m_rowMax;         // (n) scratch of detail::inverseDiagonal()
  std::vector<signed char> m_sets;  // (n) index sets of each block's last local answer
};

}  // namespace mlcp
