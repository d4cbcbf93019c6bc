#include "toy_solver.hpp"

#include <mlcp/core/option_check.hpp>
#include <mlcp/core/solver_factory.hpp>

namespace mlcp::test {

bool ToyOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("ToyOptions", why);
  check.require(damping > 0.0 && damping <= 1.0, "damping", damping, "0 < damping <= 1");
  return check.ok();
}

const OptionTable<ToyOptions>& ToyOptions::table() {
  static const OptionTable<ToyOptions> table(commonOptionFields<ToyOptions>(
      {option<ToyOptions>("damping", &ToyOptions::damping, "0 < damping <= 1", "Toy parameter")}));
  return table;
}

Capabilities ToySolver::capabilities() const { return {}; }

void ToySolver::doSetup(int) {}

void ToySolver::doSolve(const ProblemView&, Eigen::VectorXd& x, SolveReport& report) {
  x.setZero();
  report.status = Status::MaxIterations;
}

namespace {
const bool kRegistered =
    (registerSolver(solverEntry<ToySolver, ToyOptions>("toy", "Test toy")), true);
}  // namespace

}  // namespace mlcp::test
