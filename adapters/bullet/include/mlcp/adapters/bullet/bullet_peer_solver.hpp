#pragma once

#include <mlcp/core/solver_with_options.hpp>

#include <BulletDynamics/MLCPSolvers/btMLCPSolverInterface.h>
#include <memory>

namespace mlcp::adapters {

/// Which of Bullet's btMLCPSolverInterface implementations a BulletPeerSolver runs.
enum class BulletMethod {
  /// btDantzigSolver: ODE's Dantzig pivoting (btDantzigLCP.cpp); friction bounds fixed once from
  /// the friction-free normal forces; fails (false) on s <= 0 or |x| >= 1000 in its input x.
  Dantzig,
  /// btSolveProjectedGaussSeidel: plain Gauss-Seidel sweeps with clamping, numIterations sweeps
  /// (its residual threshold is 0, so it always runs them all); never reports failure.
  ProjectedGaussSeidel,
  /// btLemkeSolver: Lemke's method on the 2n x 2n LCP built from A^-1 (Gauss-Jordan) and the
  /// bounds; IGNORES findex (friction rows keep the box [lo, hi] = [-mu, mu], not mu times the
  /// normal force) and fails when |x| > 1e5.
  Lemke,
};

/// Options of BulletPeerSolver. SolverOptions::maxIterations is the sweep count of
/// btSolveProjectedGaussSeidel and the loop limit (m_maxLoops) of btLemkeSolver; the tolerances
/// only decide between Converged and MaxIterations / Inaccurate (Bullet's solvers have none).
struct BulletPeerOptions : SolverOptions {
  BulletPeerOptions() { maxIterations = 1000; }
  /// btLemkeSolver forms q = [-A^-1 b - lo; A^-1 b + hi], so infinite bounds are passed to it as
  /// +-lemkeBound (Bullet's own contact rows use 1e10) (unit: N s).
  double lemkeBound = 1e10;

  /// True when usable; otherwise sets *why to a message naming the field.
  bool isValid(std::string* why) const;
  /// The options table of `method` (docs/design.md, "Adding a solver"): the options of
  /// mlcp::SolverOptions this peer applies, and lemke_bound for BulletMethod::Lemke, as the CLI
  /// flags and Python keywords take them.
  static const OptionTable<BulletPeerOptions>& table(BulletMethod method);
};

/// Bullet's MLCP solvers (Bullet 3.24, double precision) as MixedLCP implementations named
/// "bullet-dantzig", "bullet-pgs" and "bullet-lemke", so `mlcp compare` runs them beside ours on
/// the same problems and reports the same spec residual.
///
/// The problem (w = A x - b, l <= x <= u, findex; see mlcp::Problem) is copied into Bullet's
/// btMatrixXu / btVectorXu (sized in setup); nub rows get lo = -inf, hi = +inf (Bullet takes no
/// nub). Status: the peer's false is SingularPivot (Dantzig: s <= 0, a singular or degenerate
/// A(C,C)) or Unbounded (Lemke: ray termination, loop limit or |x| > 1e5); otherwise Converged
/// when the spec residual meets the tolerance, else MaxIterations (PGS) or Inaccurate (Dantzig,
/// Lemke) with the reason: fixed friction bounds for Dantzig, ignored findex for Lemke.
/// Memory: Bullet's solvers allocate inside every call (btDantzigSolver copies A, btLemkeSolver
/// builds a 2n x 2n matrix); bullet-lemke costs O(n^3) per call.
class BulletPeerSolver final : public SolverWithOptions<BulletPeerOptions> {
 public:
  /// @throws std::invalid_argument naming a violated option.
  explicit BulletPeerSolver(BulletMethod method, const BulletPeerOptions& options = {});
  ~BulletPeerSolver() override;

  /// Which of Bullet's methods this solver runs (fixed at construction).
  BulletMethod method() const { return m_method; }

  /// "bullet-dantzig", "bullet-pgs" or "bullet-lemke".
  std::string_view name() const override;
  Capabilities capabilities() const override;

 private:
  /// Hands maxIterations to Bullet's Lemke solver.
  void onOptionsChanged(const BulletPeerOptions& previous) override;
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

  BulletMethod m_method;
  std::unique_ptr<btMLCPSolverInterface> m_peer;
  btMatrixXu m_A;
  btVectorXu m_b, m_x, m_lo, m_hi;
  btAlignedObjectArray<int> m_findex;
  Eigen::VectorXd m_w;
};

}  // namespace mlcp::adapters
