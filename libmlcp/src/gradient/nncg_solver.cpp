#include "core/box_projection.hpp"
#include "core/iteration_monitor.hpp"
#include "core/iterative_capabilities.hpp"
#include "core/row_access.hpp"
#include "splitting/pgs_iteration.hpp"

#include <mlcp/core/option_check.hpp>
#include <mlcp/gradient/nncg_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mlcp {

namespace {

/// Iterations between recomputations of the kept product (its linear combinations drift).
constexpr int kRefreshInterval = 64;

}  // namespace

bool NncgOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("NncgOptions", why);
  check.require(relaxation > 0.0 && relaxation < 2.0, "relaxation", relaxation,
                "0 < relaxation < 2");
  check.require(restartThreshold > 0.0, "restartThreshold", restartThreshold,
                "restartThreshold > 0");
  check.require(residualInterval >= 1, "residualInterval", residualInterval,
                "residualInterval >= 1");
  return check.ok();
}

NncgSolver::NncgSolver(const NncgOptions& options)
    : SolverWithOptions(options),
      m_rows(std::make_unique<detail::RowAccess>()),
      m_pgs(std::make_unique<detail::PgsWorkspace>()) {}

NncgSolver::~NncgSolver() = default;

Capabilities NncgSolver::capabilities() const { return detail::iterativeCapabilities(); }

void NncgSolver::doSetup(int n) {
  m_rows->resize(n);
  m_pgs->resize(n);
  m_xPrevious.resize(n);
  m_p.resize(n);
  m_r.resize(n);
}

template <class Rows>
void NncgSolver::run(Rows& rows,
                     const ProblemView& problem,
                     Eigen::VectorXd& x,
                     SolveReport& report) {
  detail::IterationMonitor monitor(m_options, report);
  auto residual = [&] {
    return detail::naturalMapResidual(problem, x, [&](int i) { return rows.rowProduct(i, x); });
  };
  if (!detail::preparePgs(rows, problem, m_options.relaxation, *m_pgs, x, report)) return;
  detail::projectOntoBounds(problem, x);
  rows.begin(x);
  detail::NaturalMap current = residual();
  monitor.record(current);
  if (monitor.meets(current)) {
    report.status = Status::Converged;
    detail::setMessage(
        report, FMT_COMPILE("converged: the start meets the tolerance (scaled residual {:.3g})"),
        current.scaled);
    return;
  }
  m_p.setZero();
  m_stateP.setZero(rows.state().rows(), rows.state().cols());
  double previousNorm = 0.0;  // ||r_k||^2
  const int interval = m_options.residualInterval;
  const int sweepsPerIteration = m_options.symmetricSweeps ? 2 : 1;
  const int iterations = std::max(1, m_options.maxIterations / sweepsPerIteration);
  for (int iteration = 1; iteration <= iterations; ++iteration) {
    // y = Phi(x_k), r = y - x_k (and the kept product alike).
    m_xPrevious = x;
    m_statePrevious = rows.state();
    detail::pgsSweep(rows, problem, *m_pgs, x);
    if (m_options.symmetricSweeps) {  // back again: the symmetric Gauss-Seidel map
      std::reverse(m_pgs->plan.begin(), m_pgs->plan.end());
      detail::pgsSweep(rows, problem, *m_pgs, x);
      std::reverse(m_pgs->plan.begin(), m_pgs->plan.end());
    }
    report.iterations = iteration * sweepsPerIteration;
    const bool check = iteration % interval == 0 || iteration == iterations;
    if (check || m_options.recordHistory) {
      current = residual();
      monitor.record(current);
    }
    if (check && monitor.meets(current)) {
      rows.begin(x);  // confirm on a fresh product
      current = residual();
      if (monitor.meets(current)) {
        report.status = Status::Converged;
        detail::setMessage(
            report, FMT_COMPILE("converged: scaled residual {:.3g} after {} sweeps ({} restarts)"),
            current.scaled, report.iterations, m_statistics.restarts);
        return;
      }
    }
    if (monitor.timeIsUp()) {
      report.status = Status::TimeLimit;
      detail::setMessage(
          report,
          FMT_COMPILE("time limit of {} s reached after {} sweeps (scaled residual {:.3g})"),
          m_options.maxSeconds, report.iterations, residual().scaled);
      return;
    }
    if (iteration == iterations) break;

    // Conjugate direction (Fletcher-Reeves) with restart.
    m_r = x - m_xPrevious;
    m_stateR = rows.state() - m_statePrevious;
    const double norm = m_r.squaredNorm();
    const double beta = previousNorm > 0.0 ? norm / previousNorm : 0.0;
    previousNorm = norm;
    if (iteration == 1 || !(beta <= m_options.restartThreshold)) {
      if (iteration > 1) ++m_statistics.restarts;
      m_p = m_r;  // p_k+1 = 0 + r_k+1: the next step starts afresh from the PGS direction
      m_stateP = m_stateR;
    } else {
      x += beta * m_p;
      rows.state() += beta * m_stateP;
      m_p = beta * m_p + m_r;
      m_stateP = beta * m_stateP + m_stateR;
    }
    if (iteration % kRefreshInterval == 0) rows.begin(x);
  }
  report.status = Status::MaxIterations;
  detail::setMessage(report,
                     FMT_COMPILE("sweep limit {} reached with scaled residual {:.3g} > {:.3g}"),
                     m_options.maxIterations, current.scaled, m_options.relativeTolerance);
}

void NncgSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  m_statistics = {};
  m_rows->visit(problem, matrixVersion(), [&](auto& rows) { run(rows, problem, x, report); });
}

const OptionTable<NncgOptions>& NncgOptions::table() {
  static const OptionTable<NncgOptions> table(commonOptionFields<NncgOptions>(
      {option<NncgOptions>("relaxation", &NncgOptions::relaxation, "0 < relaxation < 2",
                           "SOR factor omega of the PGS sweeps"),
       option<NncgOptions>("symmetric_sweeps", &NncgOptions::symmetricSweeps, "",
                           "Forward then backward sweeps (symmetric Gauss-Seidel)"),
       option<NncgOptions>("restart_threshold", &NncgOptions::restartThreshold, "> 0",
                           "Restart the conjugate directions when beta exceeds this"),
       option<NncgOptions>("residual_interval", &NncgOptions::residualInterval, ">= 1",
                           "Test the residual every this many iterations")}));
  return table;
}

}  // namespace mlcp
