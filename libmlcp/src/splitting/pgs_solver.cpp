#include "core/iterative_capabilities.hpp"
#include "core/row_access.hpp"
#include "splitting/pgs_iteration.hpp"

#include <mlcp/core/option_check.hpp>
#include <mlcp/splitting/pgs_solver.hpp>

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
  OptionCheck check("PgsOptions", why);
  check.require(relaxation > 0.0 && relaxation < 2.0, "relaxation", relaxation,
                "0 < relaxation < 2");
  check.require(residualInterval >= 1, "residualInterval", residualInterval,
                "residualInterval >= 1");
  check.require(deltaXTolerance >= 0.0, "deltaXTolerance", deltaXTolerance,
                "deltaXTolerance >= 0 (0 = off)");
  return check.ok();
}

PgsSolver::PgsSolver(const PgsOptions& options)
    : SolverWithOptions(options),
      m_workspace(std::make_unique<detail::PgsWorkspace>()),
      m_rows(std::make_unique<detail::RowAccess>()) {}

PgsSolver::~PgsSolver() = default;

Capabilities PgsSolver::capabilities() const { return detail::iterativeCapabilities(); }

void PgsSolver::doSetup(int n) {
  m_workspace->resize(n);
  m_rows->resize(n);
}

void PgsSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  m_rows->visit(problem, matrixVersion(), [&](auto& rows) {
    detail::runPgs(rows, problem, m_options, *m_workspace, x, report);
  });
}

const OptionTable<PgsOptions>& PgsOptions::table() {
  static const OptionTable<PgsOptions> table(commonOptionFields<PgsOptions>(
      {option<PgsOptions>("relaxation", &PgsOptions::relaxation, "0 < relaxation < 2",
                          "SOR factor omega (1: plain Gauss-Seidel)"),
       option<PgsOptions>("residual_interval", &PgsOptions::residualInterval, ">= 1",
                          "Test the residual every this many sweeps"),
       option<PgsOptions>("delta_x_tolerance", &PgsOptions::deltaXTolerance, ">= 0 (0: off)",
                          "Also stop when a sweep changes x by at most this, relative"),
       option<PgsOptions>("randomize_order", &PgsOptions::randomizeOrder, "",
                          "Shuffle the rows before every sweep (fixed seed)"),
       option<PgsOptions>("seed", &PgsOptions::seed, "", "Seed of the row shuffle")}));
  return table;
}

}  // namespace mlcp
