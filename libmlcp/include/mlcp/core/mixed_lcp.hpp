#pragma once

#include <mlcp/core/operator.hpp>
#include <mlcp/core/options.hpp>
#include <mlcp/core/problem.hpp>
#include <mlcp/core/report.hpp>
#include <mlcp/core/residual.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <memory>
#include <string_view>

namespace mlcp {

namespace detail {
class OperatorForms;
class FactorOperator;
}  // namespace detail

/// Read-only view of the problem a solver works on, handed to MixedLCP::doSolve().
/// Used terms (docs/conventions.md): A (n x n, an mlcp::Operator: dense, sparse or factors),
/// b, lo, hi (n), findex (n), nub; w = A x - b.
/// A solver asks for the form of A its method needs; what is not the form A is held in is
/// derived on the first request and kept while A stays the same (MixedLCP's matrix version).
struct ProblemView {
  /// A (n x n) in the form the problem holds it (unit: as b / x).
  const Operator& A;
  /// b (n), w = A x - b.
  const Eigen::VectorXd& b;
  /// lo (n), lower bounds (-inf allowed); ignored on friction rows.
  const Eigen::VectorXd& lo;
  /// hi (n), upper bounds (+inf allowed); mu on friction rows.
  const Eigen::VectorXd& hi;
  /// findex (n): -1, or the normal row of a friction row.
  const Eigen::VectorXi& findex;
  /// Number of leading unbounded rows.
  int nub;
  /// The derived forms of A (owned by the solver).
  detail::OperatorForms& forms;

  /// Number of rows n.
  int size() const { return static_cast<int>(b.size()); }
  /// A as a dense n x n matrix (a copy when A is sparse or factored: O(n^2) memory, see
  /// Capabilities::denseA).
  const Eigen::MatrixXd& denseA() const;
  /// A as a sparse matrix (compressed sparse columns; a copy unless A is held sparse).
  const Operator::SparseMatrix& sparseA() const;
  /// diag(A) (n).
  const Eigen::VectorXd& diagonalA() const;
  /// The row scales of the scaled residual that A decides (mlcp::rowScalesOf(A), n).
  const Eigen::VectorXd& rowScalesA() const;
  /// out = A x (n each), allocation-free once the form it uses exists.
  void multiplyA(const Eigen::VectorXd& x, Eigen::VectorXd& out) const;
};

/// What a solver can do, so apps and adapters can pick one (and tests can skip it).
struct Capabilities {
  bool requiresSymmetricA = false;  ///< uses only the lower triangle of A
  bool usesInitialGuess = false;    ///< setInitialGuess() changes where it starts
  bool iterative = false;           ///< stops on a tolerance rather than terminating exactly
  /// Works on a dense copy of A whatever form the problem holds (O(n^2) memory): solve()
  /// answers Status::Unsupported when that copy would exceed MixedLCP::kMaxDenseBytes.
  bool denseA = false;
  /// Rows after the nub free ones may be other than lo = 0, hi = +inf (boxes, one-sided, free).
  bool acceptsBoxes = true;
  bool acceptsFrictionRows = true;     ///< rows with findex >= 0
  bool acceptsUnboundedRows = true;    ///< nub > 0 (false: pure LCPs only)
  bool requiresUnboundedRows = false;  ///< needs 0 < nub < n (equality and complementarity rows)
  /// Needs A = G G^T + diag(C) of low rank (mlcp::findLowRankForm with its default limits);
  /// answers Status::Unsupported on a problem without one.
  bool requiresLowRankForm = false;
};

/// Abstract mixed linear complementarity problem solver (boxed LCP with friction index), the
/// object-oriented shape of VEROSIM's wrapper around ODE's Dantzig routine [VEROSIM MixedLCP]
/// (docs/references.md).
///
/// Call order, as in VEROSIM:
///
///     solver.setMatrix(A);            // n x n; sizes the workspace (the only allocating call)
///     solver.setRightSide(b);         // n
///     solver.setLow(lo);              // n
///     solver.setHigh(hi);             // n
///     solver.setFrictionIndex(findex);// n, optional (default all -1)
///     solver.setNumberUnbounded(nub); // optional (default 0)
///     const SolveReport& r = solver.solve();
///     const Eigen::VectorXd& x = solver.getLambda();  // lambda
///     const Eigen::VectorXd& w = solver.ref_w();      // w = A x - b
///
/// The problem convention is ODE's (docs/conventions.md; see mlcp::Problem).
/// solve() validates the data first (mlcp::problemError() of core/problem_check.hpp, a dense or
/// sparse A once per setMatrix(): sizes,
/// NaN, lo > hi, findex out of range, pointing at itself or at another friction row; then the
/// initial guess, if one is set: n entries, all finite) and reports Status::InvalidProblem with
/// a message naming the field and row; it never throws for bad data, and never drops a bad warm
/// start silently.
/// After solving it rejects NaN/Inf in x or w (Status::NumericalFailure) and fills the report
/// with the spec residual of the returned x.
///
/// Memory: setMatrix() (and the other setters when a size changes) allocate the workspace;
/// solve() allocates nothing after the first solve at a given n.
/// Thread safety: one object per thread; solvers share no global state.
class MixedLCP {
 public:
  virtual ~MixedLCP();
  MixedLCP(const MixedLCP&) = delete;
  MixedLCP& operator=(const MixedLCP&) = delete;

  /// Sets A (n x n) and n, in any form: a dense matrix, a sparse one (kept sparse), or
  /// Operator(factors) for J, M^-1, cfm (shared, not copied). Sizes x, w and the solver's
  /// workspace for n. A dense A is copied into the storage of the previous one when that was
  /// dense of the same n (no allocation: a simulator's every step).
  void setMatrix(const Operator& A);
  /// As above, taking over A's storage.
  void setMatrix(Operator&& A);
  /// Sets a dense A (n x n) from any Eigen expression, copied as above.
  template <typename Derived>
  void setMatrix(const Eigen::MatrixBase<Derived>& A) {
    setDenseMatrix(A);
  }
  /// Sets b (n) (unit: as A x, m/s^2 in ODE's force form).
  void setRightSide(const Eigen::Ref<const Eigen::VectorXd>& b);
  /// Sets lo (n); -inf allowed. Ignored on friction rows (findex >= 0).
  void setLow(const Eigen::Ref<const Eigen::VectorXd>& lo);
  /// Sets hi (n); +inf allowed. On friction rows hi holds mu.
  void setHigh(const Eigen::Ref<const Eigen::VectorXd>& hi);
  /// Sets findex (n): -1, or the normal row k of friction row i (then u_i = |hi_i x_k|, l_i =
  /// -u_i).
  void setFrictionIndex(const Eigen::Ref<const Eigen::VectorXi>& findex);
  /// Sets nub, the number of leading unbounded rows (0 <= nub <= n).
  void setNumberUnbounded(int nub);
  /// All of the above at once from a Problem (its x, if any, becomes the initial guess, checked
  /// by solve() as setInitialGuess()'s).
  void setProblem(const Problem& problem);
  /// Warm start x0 (n) for solvers whose capabilities().usesInitialGuess; ignored by the others.
  /// Copied; checked by solve() (mlcp::initialGuessError()): one of the wrong size or with NaN
  /// or Inf gives Status::InvalidProblem naming it ("initial guess x0[2] = nan is not finite"),
  /// for every solver, rather than a silent cold start.
  void setInitialGuess(const Eigen::Ref<const Eigen::VectorXd>& x0);
  /// Forgets the warm start: the next solve starts from x = 0.
  void clearInitialGuess();

  /// Largest dense copy of A a solver with Capabilities::denseA makes (unit: byte): 4 GB,
  /// n = 22,360 rows.
  static constexpr double kMaxDenseBytes = 4e9;

  /// Validates the problem, runs the method, checks x and w, and computes the spec residual.
  /// Never throws for bad data (see class comment); the returned report lives in this object.
  const SolveReport& solve();

  /// Solves another solver's problem in place, for composite solvers (AutoSolver,
  /// FallbackSolver) whose own solve() validated it: no copy of A, b, lo, hi or findex and no
  /// second validation; the derived forms of A are the view's (measured once for every stage).
  /// Otherwise as solve(): the method starts from x0 (n; ignored unless
  /// capabilities().usesInitialGuess), x and w are checked for NaN/Inf, and the report carries
  /// the spec residual of x on the view's problem, so a stage gives the same x and report as
  /// solve() on a copy. Call order: viewMatrixChanged(n) when the view's A is new (and before
  /// the first solveView()), then solveView() per right side. problem() and validSolution() keep
  /// to the problem set through the setters.
  /// @pre problem passed mlcp::problemError() and x0 mlcp::initialGuessError(); a view of other
  ///      than size() rows gives Status::InvalidProblem naming both sizes.
  const SolveReport& solveView(const ProblemView& problem, const Eigen::VectorXd& x0);
  /// Announces a new A of n rows to solveView(): a new matrix version (what the method derived
  /// from the last A is dropped) and the workspace sized for n (allocates when n changes, as
  /// setMatrix()).
  void viewMatrixChanged(int n);

  /// x (n), the solution lambda (unit: N for ODE's force form, N s for the impulse form).
  const Eigen::VectorXd& getLambda() const { return m_x; }
  /// w = A x - b (n) of the returned x (VEROSIM's name).
  const Eigen::VectorXd& ref_w() const { return m_w; }
  /// The report of the last solve().
  const SolveReport& report() const { return m_report; }
  /// True when the last solve returned an x whose scaled spec residual is <= tolerance (which
  /// also bounds how far x lies outside its bounds, relative to the size of the answer).
  bool validSolution(double tolerance) const;

  /// Number of rows n of the problem set so far (the size of A).
  int size() const { return m_n; }
  /// The problem set so far, as a Problem (copies; for dumps and fallbacks).
  Problem problem() const;

  /// Registered name of the method ("dantzig", "pgs", ...).
  virtual std::string_view name() const = 0;
  /// What the method needs and offers.
  virtual Capabilities capabilities() const = 0;
  /// The options common to all solvers, as this solver holds them.
  virtual const SolverOptions& commonOptions() const = 0;

 protected:
  MixedLCP();

  /// Allocates the workspace for n rows. Called by setMatrix() when n changes.
  virtual void doSetup(int n) = 0;
  /// Runs the method. x (n) holds the initial guess (or zeros) on entry and the answer on exit;
  /// sets report.status, iterations, pivots and message. Must not allocate.
  virtual void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) = 0;
  /// Changes with every setMatrix() (and with nothing else): a solver
  /// may keep what it derived from A (PgsSolver's sparsity analysis) while this stays the same.
  std::uint64_t matrixVersion() const { return m_matrixVersion; }
  /// A (n x n) as set through the setters, for a doSetup() that sizes its workspace by A's
  /// entries; 0 x 0 on a solver driven through solveView() alone (its A is the view's).
  const Operator& matrix() const { return m_A; }
  /// For a composite solver's doSolve() that returns, in x, the answer of `stage`'s last
  /// solveView() on the same view: solve() then takes that solve's w and residuals (computed on
  /// the same A and b for the same x) instead of computing them again. Ignored unless x equals
  /// stage.getLambda() when doSolve() returns. @pre stage outlives this solve
  void takeResidualsOf(const MixedLCP& stage) { m_residualsOf = &stage; }

 private:
  void setDenseMatrix(const Eigen::Ref<const Eigen::MatrixXd>& A);
  /// Takes the new m_A: a new matrix version, the derived forms forgotten, sizes for its n.
  void matrixChanged();
  bool validate(SolveReport& report) const;
  /// Runs doSolve() on problem from m_x, checks x and w, and fills the report's residuals.
  void runMethod(const ProblemView& problem, SolveReport& report);
  /// w and the residuals of m_x: those of takeResidualsOf()'s stage when it returned the same x,
  /// otherwise computed on problem (a w that is not finite resets x and reports so).
  Residuals residualsOfX(const ProblemView& problem, SolveReport& report);
  /// Turns a Converged status whose x fails the stopping test (SolverOptions::accepts) into
  /// Inaccurate, saying so: every Converged holds under the scaled residual.
  void holdConvergedToTheTolerance(const Residuals& residuals, SolveReport& report) const;
  /// False (and report Unsupported) when the method needs a dense copy of A that is too large.
  bool denseCopyFits(MatrixForm form, SolveReport& report) const;
  void resizeVectors(int n);

  Operator m_A;
  std::unique_ptr<detail::OperatorForms> m_forms;  // forms of m_A derived for the method
  int m_n = 0;
  std::uint64_t m_matrixVersion = 0;
  mutable std::uint64_t m_checkedVersion =
      ~std::uint64_t{0};  // version of a dense/sparse A found valid
  bool m_findexSet = false;
  Eigen::VectorXd m_b, m_lo, m_hi;
  Eigen::VectorXi m_findex;
  int m_nub = 0;
  Eigen::VectorXd m_x, m_w, m_x0;
  bool m_hasInitialGuess = false;
  SolveReport m_report;
  const MixedLCP* m_residualsOf = nullptr;  // takeResidualsOf() in this solve
};

}  // namespace mlcp
