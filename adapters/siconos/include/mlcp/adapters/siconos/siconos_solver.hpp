#pragma once

#include <mlcp/core/solver_with_options.hpp>

#include <memory>

namespace mlcp::adapters {

/// Which Siconos numerics solver a SiconosSolver runs (libsiconos-numerics 4.4;
/// siconos/siconos numerics/src/LCP, numerics/src/MLCP).
enum class SiconosMethod {
  /// lcp_lexicolemke (SICONOS_LCP_LEMKE): Lemke's pivoting with lexicographic ratio test
  /// [Cottle, Pang & Stone 1992]. Pure LCP (nub = 0).
  Lemke,
  /// lcp_pgs (SICONOS_LCP_PGS): projected Gauss-Seidel. Pure LCP.
  Pgs,
  /// lcp_enum (SICONOS_LCP_ENUM): enumerates the 2^n complementary patterns. Pure LCP with
  /// n <= SiconosOptions::maxEnumerationSize.
  Enum,
  /// mlcp_pgs (SICONOS_MLCP_PGS): projected Gauss-Seidel on the MLCP (nub equalities first).
  MlcpPgs,
  /// mlcp_enum (SICONOS_MLCP_ENUM): enumeration on the complementarity rows; n - nub <=
  /// SiconosOptions::maxEnumerationSize.
  MlcpEnum,
  /// mlcp_lcp_lemke (SICONOS_MLCP_LCP_LEMKE): the MLCP reduced to an LCP and solved by Lemke.
  MlcpLemke,
};

/// Options of SiconosSolver. maxIterations goes to iparam[SICONOS_IPARAM_MAX_ITER] (pivots for
/// Lemke, sweeps for PGS; unused by the enumerations); relativeTolerance decides Converged on
/// our spec residual.
struct SiconosOptions : SolverOptions {
  SiconosOptions() { maxIterations = 10000; }
  /// Siconos' own stopping tolerance, dparam[SICONOS_DPARAM_TOL], on its own error measure
  /// (||z - max(0, z - w)||_2 / ||q||_2 for the LCP): kept below relativeTolerance so that a
  /// Siconos "converged" also meets our infinity-norm residual.
  double siconosTolerance = 1e-12;
  /// Largest number of complementarity rows the enumerations accept (2^n patterns each).
  int maxEnumerationSize = 20;

  /// True when usable; otherwise sets *why to a message naming the field.
  bool isValid(std::string* why) const;
  /// The options table of `method` (docs/design.md, "Adding a solver"): the options of
  /// mlcp::SolverOptions this peer applies and siconos_tolerance, and max_enumeration_size for
  /// the enumerations (SiconosMethod::Enum, SiconosMethod::MlcpEnum), as the CLI flags and
  /// Python keywords take them.
  static const OptionTable<SiconosOptions>& table(SiconosMethod method);
};

/// Siconos numerics' LCP and MLCP solvers as MixedLCP implementations named "siconos-lemke",
/// "siconos-pgs", "siconos-enum", "siconos-mlcp-pgs", "siconos-mlcp-enum" and
/// "siconos-mlcp-lemke", for pure LCPs and MLCPs only.
///
/// Map: Siconos solves w = M z + q, 0 <= z perp w >= 0 (MLCP: the first n rows are equalities
/// w = 0 with z free), which is ours with M = A, q = -b, z = x: the nub unbounded rows are the
/// MLCP's equalities and every other row must be a plain complementarity row (lo = 0, hi = +inf,
/// findex = -1). Anything else (boxes, friction rows, nub > 0 for the LCP methods, nub = 0 or
/// nub = n for the MLCP methods, whose Siconos code needs both blocks, too many rows for an
/// enumeration) is refused with Status::Unsupported and a message naming the row
/// and a solver that can take it. M is written column-major (Siconos' dense storage); the MLCP
/// is given both as (M, q) and as the blocks (A, B, C, D, a, b) some Siconos solvers need.
///
/// Status: Siconos' info != 0 is MaxIterations for the iterative and pivoting methods (iteration
/// or pivot limit, or Lemke's ray termination) and Unbounded for the enumerations (no pattern
/// solved); otherwise Converged when our spec residual meets the tolerance, else Inaccurate.
/// What Siconos prints while it solves (its "[Numerics] ..." diagnostics, printf and fprintf) is
/// captured (PeerOutputCapture) and appended to the report's message, never shown on the
/// terminal; Siconos solves in several threads therefore run one after the other.
/// Memory: the Siconos problem and options are allocated in setup; Siconos allocates its own
/// work arrays in every call.
class SiconosSolver final : public SolverWithOptions<SiconosOptions> {
 public:
  /// @throws std::invalid_argument naming a violated option.
  explicit SiconosSolver(SiconosMethod method, const SiconosOptions& options = {});
  ~SiconosSolver() override;

  /// Which of Siconos's methods this solver runs (fixed at construction).
  SiconosMethod method() const { return m_method; }

  /// "siconos-lemke", "siconos-pgs", ... (see the class comment).
  std::string_view name() const override;
  Capabilities capabilities() const override;

 private:
  struct Workspace;

  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
  bool refuse(const ProblemView& problem, SolveReport& report) const;

  SiconosMethod m_method;
  std::unique_ptr<Workspace> m_workspace;
};

}  // namespace mlcp::adapters
