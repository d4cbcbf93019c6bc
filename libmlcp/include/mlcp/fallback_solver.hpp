#pragma once

#include <mlcp/mixed_lcp.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlcp {

/// A chain of solvers tried in order on the same problem (for example Dantzig -> APGD -> PGS):
/// the first that converges gives the answer; if none does, the finite answer with the lowest
/// spec residual is returned with its solver's status. The pattern of DART's primary/secondary
/// BoxedLcpSolver and Bullet's btMLCPSolver fallback, with every stage reported.
///
/// Each stage gets its own copy of the problem (this object's), so a stage that fails cannot
/// spoil the data of the next one; the caller's data is never touched.
/// The report's message lists every stage tried ("dantzig: singular-pivot (...); apgd:
/// converged"); usedStage() tells which one produced x.
/// Memory: each stage's workspace; solve() allocates nothing once every stage has solved once
/// at this n.
class FallbackSolver final : public MixedLCP {
 public:
  /// @param stages solvers in the order they are tried (at least one).
  /// @throws std::invalid_argument when stages is empty or holds a null pointer.
  explicit FallbackSolver(std::vector<std::unique_ptr<MixedLCP>> stages);
  ~FallbackSolver() override;

  /// Index into the stages of the solver whose x was returned by the last solve (-1 before).
  int usedStage() const { return m_used; }
  /// The stages, in order.
  const std::vector<std::unique_ptr<MixedLCP>>& stages() const { return m_stages; }
  /// Number of solves in which the first stage did not converge (Bullet's fallback counter).
  long fallbackCount() const { return m_fallbacks; }

  std::string_view name() const override { return "fallback"; }
  Capabilities capabilities() const override;
  const SolverOptions& commonOptions() const override;

 private:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

  std::vector<std::unique_ptr<MixedLCP>> m_stages;
  Eigen::VectorXd m_initialGuess;
  int m_used = -1;
  long m_fallbacks = 0;
  std::uint64_t m_stagedVersion = ~std::uint64_t{0};  // matrixVersion() the stages hold
};

}  // namespace mlcp
