#pragma once

#include <mlcp/mixed_lcp.hpp>

#include <memory>

namespace mlcp {

namespace detail {
class DantzigPivoting;
class ActiveSetRefinement;
}  // namespace detail

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
  /// A is accepted as symmetric when max |A_ij - A_ji| <= symmetryTolerance * max |A_ij|.
  double symmetryTolerance = 1e-6;
  /// Re-solve with friction bounds refreshed from the normal forces until the spec residual of
  /// the final x meets the tolerance (off: ODE's single pass, bounds fixed once).
  bool refreshFrictionBounds = true;

  /// True when usable; otherwise *why names the violated constraint (Ceres style).
  bool isValid(std::string* why) const;
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
///  1. Rows whose box does not contain 0 are shifted (x = x' + c, b' = b - A c).
///  2. Round 1 is ODE's pass: rows in order, each driving index pushed until valid while the
///     clamped set C keeps w_C = 0 through an incrementally updated L D L^T of A(C,C); friction
///     rows last, their bounds set from the normal x when the first of them is reached.
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
/// Stopping test: ||x - clamp(x - w, l(x), u(x))||_inf / max(1, ||b||_inf) <= relativeTolerance
/// (or <= absoluteTolerance in absolute terms); status MaxIterations after maxIterations rounds.
/// Statuses: SingularPivot (a pivot <= pivotTolerance A_ii: add CFM), Unbounded (no finite step),
/// MaxIterations (pivot limit or rounds), Inaccurate (terminated above the tolerance).
/// Cost: O(n^2) per pivot, typically O(n^3) per pass. Memory: O(n^2), allocated in setMatrix().
/// The initial guess is not used (pivoting starts from x = 0).
class DantzigSolver final : public MixedLCP {
 public:
  /// @throws std::invalid_argument when options are not valid (DantzigOptions::isValid).
  explicit DantzigSolver(const DantzigOptions& options = {});
  ~DantzigSolver() override;

  /// @throws std::invalid_argument naming the violated constraint.
  void setOptions(const DantzigOptions& options);
  /// The options in force (those of the constructor or the last setOptions()).
  const DantzigOptions& options() const { return m_options; }

  /// "dantzig", or "dantzig-ode" in ODE mode (DantzigOptions::refreshFrictionBounds off).
  std::string_view name() const override {
    return m_options.refreshFrictionBounds ? "dantzig" : "dantzig-ode";
  }
  Capabilities capabilities() const override;
  const SolverOptions& commonOptions() const override { return m_options; }

 private:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  bool checkSymmetric(const ProblemView& problem, SolveReport& report) const;
  double residual(const ProblemView& problem, const Eigen::VectorXd& x);
  bool timeIsUp(double startSeconds) const;

  DantzigOptions m_options;
  std::unique_ptr<detail::DantzigPivoting> m_pivoting;
  std::unique_ptr<detail::ActiveSetRefinement> m_refinement;
  Eigen::VectorXd m_shift, m_b, m_lo, m_hi, m_loFixed, m_hiFixed, m_xShifted, m_xWarm, m_normals,
      m_w;
  Eigen::VectorXi m_noFriction;
  Eigen::Matrix<signed char, Eigen::Dynamic, 1> m_sets, m_setsWarm, m_setsPrevious;
};

}  // namespace mlcp
