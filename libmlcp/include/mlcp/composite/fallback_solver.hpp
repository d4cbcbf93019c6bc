#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <memory>
#include <vector>

namespace mlcp {

namespace detail {
class SolverChain;
}  // namespace detail

/// A chain of solvers tried in order on the same problem (registered as "fallback": Dantzig ->
/// Lemke -> APGD -> PGS, see fallbackStageNames()): the first that converges gives the answer;
/// if none does, the best answer any stage found (lowest max(scaled, relative residual)) is
/// returned with that stage's status. The pattern of DART's primary/secondary BoxedLcpSolver and
/// Bullet's btMLCPSolver fallback, with every stage reported.
///
/// Each stage solves this object's validated problem in place, read-only (MixedLCP::solveView():
/// no copy, no second validation), so a stage that fails cannot spoil the data of the next one;
/// the caller's data is never touched (a stage's problem() stays empty). A stage starts from the
/// best answer so far (the iterative ones use it as a warm start), or from the caller's initial
/// guess. A stage that refuses the problem (Unsupported, or InvalidProblem from its own checks:
/// the chain validated the input already) is passed over; the chain answers InvalidProblem only
/// for input that fails MixedLCP's validation, and Unsupported when every stage refused.
/// The report's message lists every stage tried with its status ("dantzig: singular-pivot
/// (...); lemke: converged"); usedStage() tells which one produced x, and commonOptions() are
/// that stage's (so Converged means its tolerance).
/// Memory: each stage's workspace; solve() allocates nothing once every stage it runs has solved
/// once at this n.
class FallbackSolver final : public MixedLCP {
 public:
  /// @param stages solvers in the order they are tried (at least one).
  /// @throws std::invalid_argument when stages is empty or holds a null pointer.
  explicit FallbackSolver(std::vector<std::unique_ptr<MixedLCP>> stages);
  ~FallbackSolver() override;

  /// Index into the stages of the solver whose x was returned by the last solve (-1 before, or
  /// when no stage gave an answer).
  int usedStage() const;
  /// Number of stages.
  int stageCount() const;
  /// Stage k, 0 <= k < stageCount().
  const MixedLCP& stage(int k) const;
  /// Number of solves in which the first stage did not converge (Bullet's fallback counter).
  long fallbackCount() const { return m_fallbacks; }

  std::string_view name() const override { return "fallback"; }
  Capabilities capabilities() const override;
  /// The options of the stage whose answer was returned (the first stage's before a solve).
  const SolverOptions& commonOptions() const override;

 private:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;

  std::unique_ptr<detail::SolverChain> m_chain;
  std::vector<int> m_order;  // 0, 1, ..., stages - 1
  long m_fallbacks = 0;
};

/// The stages of the registered "fallback", in order: "dantzig" (exact and fastest on symmetric
/// positive semi-definite A), "lemke" (any A, exact friction), then the iterative "apgd" and
/// "pgs", whose answers at least approach a solution where pivoting failed. Further stages (the
/// Newton family) join by adding their registered name here.
const std::vector<std::string_view>& fallbackStageNames();

}  // namespace mlcp
