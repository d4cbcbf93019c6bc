#pragma once

#include <mlcp/core/solver_with_options.hpp>

#include <cstdint>
#include <limits>
#include <memory>

namespace mlcp {

namespace detail {
class DantzigPivoting;
class ActiveSetRefinement;
class DenseClampedSystem;
class SparseClampedSystem;
class SymmetricSparseMatrix;
class SymmetricRowScaling;
enum class PivotOutcome;
}  // namespace detail

/// How DantzigSolver holds and factors A(C,C), the block of the clamped rows
/// (docs/sparse-pivoting.md).
enum class DantzigFactorization {
  /// Sparse when n >= DantzigOptions::sparseMinRows, A has at most sparseMaxDensity n^2
  /// nonzeros and its Cholesky factor (symbolic analysis, AMD ordering) at most sparseMaxFill n^2
  /// (whatever form A is held in), else dense.
  Automatic,
  /// A dense copy of A and a dense L D L^T of A(C,C) (ODE's): O(n^2) memory, O(nC^2) a pivot.
  Dense,
  /// A sparse A and a sparse L D L^T of A(C,C) kept by CHOLMOD's row additions and deletions:
  /// O(entries of the factor) memory and time a pivot.
  Sparse,
};

/// Options of DantzigSolver. SolverOptions::maxIterations bounds the friction rounds.
struct DantzigOptions : SolverOptions {
  DantzigOptions() {
    maxIterations = 50;
    relativeTolerance = 1e-10;
  }
  /// Pivoting steps allowed per pass; 0 means 50 n + 1000.
  int maxPivots = 0;
  /// A new pivot d of the L D L^T factor is singular when d <= pivotTolerance * A_ii.
  double pivotTolerance = 1e-12;
  /// A is accepted as symmetric when |t_i A_ij - t_j A_ji| <= symmetryTolerance sqrt(t_i d_i
  /// t_j d_j) for every pair (d the row scales of the scaled residual; t = 1, or the row factors
  /// that make T A symmetric).
  double symmetryTolerance = 1e-6;
  /// Re-solve with friction bounds refreshed from the normal forces until the spec residual of
  /// the final x meets the tolerance (off: ODE's single pass, bounds fixed once).
  bool refreshFrictionBounds = true;
  /// Dense or sparse linear algebra (same answers within rounding).
  DantzigFactorization factorization = DantzigFactorization::Automatic;
  /// Automatic: the sparse form from this many rows on (measured crossover,
  /// docs/sparse-pivoting.md).
  int sparseMinRows = 150;
  /// Automatic: the dense form when nonzeros(A) > sparseMaxDensity * n^2 (no analysis needed).
  double sparseMaxDensity = 0.25;
  /// Automatic: otherwise the sparse form when the factor of A has at most sparseMaxFill * n^2
  /// entries (measured crossover, docs/sparse-pivoting.md).
  double sparseMaxFill = 0.05;

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
  /// The options table (docs/design.md, "Adding a solver"): name, kind, default, range and
  /// doc of each option, as the CLI flags and Python keywords take them.
  static const OptionTable<DantzigOptions>& table();
};

/// Dantzig's pivoting method for the boxed LCP with friction index, after ODE's dSolveLCP
/// (ode/src/lcp.cpp) [Cottle & Dantzig 1968; Baraff 1994], with two departures from ODE:
/// failures are a status with the reason (never "LCP internal error" and carry on), and friction
/// bounds are made consistent with the final normal forces.
///
/// Problem: w = A x - b, l <= x <= u with complementarity, effective friction bounds
/// u_i = |hi_i x_findex(i)|, l_i = -u_i (see mlcp::Problem). A must be symmetric (only its lower
/// triangle is read) and positive semi-definite; definite for a guaranteed solution.
///
/// Algorithm:
///  0. A is checked symmetric relative to its rows' scales (|A_ij - A_ji| <= symmetryTolerance
///     sqrt(d_i d_j), d the row scales of the scaled residual); when it is not but T A is for a
///     positive diagonal T (rows scaled alone: other units, badly scaled contacts), (T A, T b)
///     is solved instead, which has the same x and the pivots of the unscaled problem
///     (detail::SymmetricRowScaling); the dense or sparse form is chosen (DantzigFactorization).
///  1. Rows whose box does not contain 0 are shifted (x = x' + c, b' = b - A c); friction
///     bounds are always taken from the normal force itself, x' + c.
///  2. Round 1 is ODE's pass: rows in order, each driving index pushed until valid while the
///     clamped set C keeps w_C = 0 through an incrementally updated L D L^T of A(C,C); friction
///     rows last, their bounds set from the normal x when the first of them is reached. Unlike
///     ODE's, a row whose delta w along the pivoting direction is rounding (linearly dependent
///     on the clamped rows: redundant contacts of a CFM-free A) neither ends nor blocks a step,
///     so it never joins C as a singular pivot; x moves along the null direction until another
///     row changes set (docs/solver-selection.md, "Redundant contacts in Dantzig's pivoting").
///  3. While the spec residual with the final normals exceeds the tolerance (round k >= 2):
///     finish warm from the last index sets by block principal pivoting with each friction row
///     at a bound coupled to its normal (x_i = +-mu x_k, solved together, so the bounds agree
///     with the final normals exactly); failing that, one more pivoting pass with the friction
///     bounds fixed from the current normals (averaged with the previous ones when the residual
///     stalls, which breaks the 2-cycles of this fixed point), and repeat. Fast mode (first):
///     each pass starts warm where the last one ended (only the rows the new bounds invalidate
///     are driven again) and the block pivoting is tried after round 1, then only once a pass
///     changed at most 4 index sets or 4 rounds after the last try. After 8 rounds without a
///     new least residual the rounds restart from round 1 in the thorough mode (cold passes,
///     block pivoting every round), which settles some degenerate problems the fast one does not.
///
/// Stopping test: SolverOptions::accepts (the scaled and the relative residual of x with the
/// bounds of its own normals <= relativeTolerance); status MaxIterations after maxIterations
/// rounds, or once the thorough mode too went 8 rounds without a new least residual (stalled:
/// the problem may have no solution). The block pivoting's tests are relative to each row's
/// scale (ActiveSetRefinement).
/// Statuses: SingularPivot (a pivot <= pivotTolerance A_ii: add CFM), Unbounded (no finite step),
/// MaxIterations (pivot limit or rounds), Inaccurate (terminated above the tolerance).
/// Cost: dense O(n^2) per pivot, typically O(n^3) per pass, memory O(n^2); sparse O(n +
/// entries of the factor of A) per pivot, memory O(entries of that factor). Allocation: the
/// workspace in setMatrix() and the first solve at a sparsity pattern (its analysis); none after.
/// The initial guess is not used (pivoting starts from x = 0).
class DantzigSolver final : public SolverWithOptions<DantzigOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid (DantzigOptions::isValid).
  explicit DantzigSolver(const DantzigOptions& options = {});
  ~DantzigSolver() override;

  /// True when the last solve() used the sparse form (DantzigFactorization).
  bool usedSparse() const { return m_sparse; }
  /// Entries of the sparse Cholesky factor of A (AMD ordering) over n^2, the figure the
  /// automatic choice compares with sparseMaxFill; NaN until a solve analysed A.
  double factorFill() const { return m_fill; }

  /// "dantzig", or "dantzig-ode" in ODE mode (DantzigOptions::refreshFrictionBounds off).
  /// "dantzig", "dantzig-ode" (friction bounds fixed once) or "dantzig-sparse" (sparse form
  /// forced): the registered name of these options.
  std::string_view name() const override {
    if (!m_options.refreshFrictionBounds) return "dantzig-ode";
    return m_options.factorization == DantzigFactorization::Sparse ? "dantzig-sparse" : "dantzig";
  }
  Capabilities capabilities() const override;

 private:
  /// Forgets the symmetry test of A (its tolerance may have changed).
  void onOptionsChanged(const DantzigOptions& previous) override;
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  bool chooseSparse(const ProblemView& problem);
  bool acceptSymmetry(const ProblemView& problem, SolveReport& report);
  void prepareSparse(const ProblemView& problem);
  void prepareMatrix(const ProblemView& problem);
  void shiftBoxes(const ProblemView& problem);
  detail::PivotOutcome pass(const ProblemView& problem,
                            const Eigen::VectorXd& lo,
                            const Eigen::VectorXd& hi,
                            bool frictionFromNormals,
                            Eigen::VectorXd& x,
                            SolveReport& report);
  detail::PivotOutcome frictionRounds(const ProblemView& problem,
                                      Eigen::VectorXd& x,
                                      SolveReport& report,
                                      double& res,
                                      int& rounds);
  bool refine(const ProblemView& problem, Eigen::VectorXd& x, double& res);
  void setFixedBounds(const ProblemView& problem);
  void reportFailure(detail::PivotOutcome outcome, SolveReport& report) const;
  void reportResult(const ProblemView& problem, double res, int rounds, SolveReport& report) const;
  double residual(const ProblemView& problem, const Eigen::VectorXd& x);
  bool timeIsUp() const;

  std::unique_ptr<detail::DantzigPivoting> m_pivoting;
  std::unique_ptr<detail::ActiveSetRefinement> m_refinement;
  std::unique_ptr<detail::DenseClampedSystem> m_denseSystem;
  std::unique_ptr<detail::SparseClampedSystem> m_sparseSystem;
  std::unique_ptr<detail::SymmetricSparseMatrix> m_symmetricA;
  std::unique_ptr<detail::SymmetricRowScaling> m_symmetry;
  std::uint64_t m_symmetryVersion = 0;  // matrixVersion() m_symmetry examined (0: none)
  bool m_symmetric = false;
  std::uint64_t m_sparseVersion = 0;  // matrixVersion() m_symmetricA was built for (0: none)
  std::uint64_t m_densityVersion = 0;
  double m_density = 1.0;  // nonzeros(A) / n^2 of the matrix of m_densityVersion
  double m_fill = std::numeric_limits<double>::quiet_NaN();  // entries of chol(A) / n^2
  bool m_refinementAnalyzed = false;  // the block pivoting's factor knows m_symmetricA's pattern
  bool m_sparse = false;              // the form of the current solve
  bool m_frictionStalled = false;     // the friction rounds stopped without progress
  int m_maxPivots = 0;
  double m_startSeconds = 0.0;
  Eigen::VectorXd m_rowScales, m_bScaled;
  Eigen::VectorXd m_shift, m_b, m_lo, m_hi, m_loFixed, m_hiFixed, m_xShifted, m_xWarm, m_normals,
      m_w;
  Eigen::VectorXi m_noFriction;
  Eigen::Matrix<signed char, Eigen::Dynamic, 1> m_sets, m_setsWarm, m_setsPrevious;
};

}  // namespace mlcp
