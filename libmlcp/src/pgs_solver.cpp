#include "detail/pgs_iteration.hpp"
#include "detail/row_access.hpp"

#include <mlcp/pgs_solver.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp {

PgsOptions PgsOptions::realTime() {
  PgsOptions options;
  options.maxIterations = 20;
  options.relaxation = 1.3;
  options.relativeTolerance = 0.0;
  return options;
}

PgsOptions PgsOptions::accurate() {
  PgsOptions options;
  options.maxIterations = 100000;
  options.relativeTolerance = 1e-10;
  return options;
}

bool PgsOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  auto fail = [why](std::string message) {
    if (why != nullptr) *why = std::move(message);
    return false;
  };
  if (!(relaxation > 0.0 && relaxation < 2.0))
    return fail(
        fmt::format("PgsOptions::relaxation = {}. Violated constraint: "
                    "0 < relaxation < 2",
                    relaxation));
  if (residualInterval < 1)
    return fail(
        fmt::format("PgsOptions::residualInterval = {}. Violated constraint: "
                    "residualInterval >= 1",
                    residualInterval));
  if (!(deltaXTolerance >= 0.0))
    return fail(
        fmt::format("PgsOptions::deltaXTolerance = {}. Violated constraint: "
                    "deltaXTolerance >= 0 (0 = off)",
                    deltaXTolerance));
  return true;
}

PgsSolver::PgsSolver(const PgsOptions& options)
    : m_workspace(std::make_unique<detail::PgsWorkspace>()),
      m_rows(std::make_unique<detail::RowAccess>()) {
  setOptions(options);
}

PgsSolver::~PgsSolver() = default;

void PgsSolver::setOptions(const PgsOptions& options) {
  std::string why;
  if (!options.isValid(&why)) throw std::invalid_argument(why);
  m_options = options;
}

Capabilities PgsSolver::capabilities() const {
  Capabilities c;
  c.requiresSymmetricA = false;
  c.usesInitialGuess = true;
  c.iterative = true;
  return c;
}

void PgsSolver::doSetup(int n) {
  m_workspace->resize(n);
  m_rows->resize(n);
}

void PgsSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  m_rows->visit(problem, matrixVersion(), [&](auto& rows) {
    detail::runPgs(rows, problem, m_options, *m_workspace, x, report);
  });
}

}  // namespace mlcp
