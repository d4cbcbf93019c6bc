#pragma once

#include <mlcp/core/solver_with_options.hpp>

#include <Eigen/Core>
#include <dart/constraint/BoxedLcpSolver.hpp>

#include <memory>

namespace mlcp::adapters {

/// Which of DART's BoxedLcpSolver implementations a DartPeerSolver runs.
enum class DartMethod {
  /// DantzigBoxedLcpSolver: DART's copy of ODE's dSolveLCP; friction bounds fixed once from the
  /// friction-free normal forces.
  Dantzig,
  /// PgsBoxedLcpSolver: Gauss-Seidel sweeps with clamping; stops when no |dx_i / x_i| exceeds
  /// 1e-3 (DART's default relative tolerance) or after maxIterations sweeps.
  Pgs,
};

/// Options of DartPeerSolver. SolverOptions::maxIterations is PgsBoxedLcpSolver's mMaxIteration
/// (DART's own default is 30); the tolerances only decide between Converged and MaxIterations /
/// Inaccurate.
struct DartPeerOptions : SolverOptions {
  DartPeerOptions() { maxIterations = 1000; }
  /// Passed to DantzigBoxedLcpSolver: true returns failure at the first s <= 0 (what DART does
  /// when it has a secondary solver, its default); false lets it zero the rest and carry on.
  bool earlyTermination = true;
  /// PgsBoxedLcpSolver: run exactly maxIterations sweeps, with DART's change tests
  /// (mDeltaXThreshold, mRelativeDeltaXTolerance) switched off, for timing per sweep against
  /// other solvers at the same sweep count.
  bool fixedSweeps = false;
  /// The options table of `method` (docs/design.md, "Adding a solver"): the options of
  /// mlcp::SolverOptions this peer applies, and early_termination (DartMethod::Dantzig) or
  /// fixed_sweeps (DartMethod::Pgs), as the CLI flags and Python keywords take them.
  static const OptionTable<DartPeerOptions>& table(DartMethod method);
};

/// DART's boxed LCP solvers (DART 6.12) as MixedLCP implementations named "dart-dantzig" and
/// "dart-pgs", for `mlcp compare`.
///
/// The problem (w = A x - b, l <= x <= u, findex; see mlcp::Problem) is copied into DART's layout
/// (row-major, padded row stride dPAD(n), full symmetric A) in workspace sized in setup, because
/// both peers overwrite A and b. Status: Dantzig's false is SingularPivot (s <= 0 with
/// earlyTermination); PGS's false (its relative-change test not met) is MaxIterations; otherwise
/// Converged when the spec residual meets the tolerance, else Inaccurate (Dantzig, fixed friction
/// bounds) or MaxIterations (PGS). Memory: none allocated in solve by this wrapper; DART's Dantzig
/// allocates its own scratch per call.
class DartPeerSolver final : public SolverWithOptions<DartPeerOptions> {
 public:
  /// @throws std::invalid_argument naming a violated option.
  explicit DartPeerSolver(DartMethod method, const DartPeerOptions& options = {});
  ~DartPeerSolver() override;

  /// Which of DART's methods this solver runs (fixed at construction).
  DartMethod method() const { return m_method; }

  /// "dart-dantzig" or "dart-pgs".
  std::string_view name() const override;
  Capabilities capabilities() const override;

 private:
  /// Hands maxIterations and fixedSweeps to DART's PGS solver.
  void onOptionsChanged(const DartPeerOptions& previous) override;
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

  DartMethod m_method;
  std::shared_ptr<dart::constraint::BoxedLcpSolver> m_peer;
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m_A;
  Eigen::VectorXd m_b, m_x, m_lo, m_hi, m_w;
  Eigen::VectorXi m_findex;
};

}  // namespace mlcp::adapters
