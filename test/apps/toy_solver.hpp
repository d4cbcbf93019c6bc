#pragma once

#include <mlcp/core/solver_with_options.hpp>

#include <string>

namespace mlcp::test {

/// Options of ToySolver: the common ones and one of its own.
struct ToyOptions : SolverOptions {
  /// A parameter of the toy's own, 0 < damping <= 1.
  double damping = 0.5;
  /// True when usable; otherwise *why names the violated constraint.
  bool isValid(std::string* why) const;
  /// The options table.
  static const OptionTable<ToyOptions>& table();
};

/// A solver as a contributor adds one (docs/design.md, "Adding a solver"), registered as "toy"
/// by the one registration line of its source file. It answers x = 0 with MaxIterations: it
/// exists to show that a solver joins the listings and the options table by itself.
class ToySolver final : public SolverWithOptions<ToyOptions> {
 public:
  /// @throws std::invalid_argument when options are not valid
  explicit ToySolver(const ToyOptions& options = {}) : SolverWithOptions(options) {}

  std::string_view name() const override { return "toy"; }
  Capabilities capabilities() const override;

 protected:
  void doSetup(int n) override;
  void doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) override;
};

}  // namespace mlcp::test
