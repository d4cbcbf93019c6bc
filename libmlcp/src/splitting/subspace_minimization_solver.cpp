#include "core/box_projection.hpp"
#include "core/iteration_monitor.hpp"
#include "core/iterative_capabilities.hpp"
#include "core/row_access.hpp"
#include "splitting/pgs_iteration.hpp"

#include <mlcp/core/friction_bounds.hpp>
#include <mlcp/core/option_check.hpp>
#include <mlcp/splitting/subspace_minimization_solver.hpp>

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace mlcp {

bool SubspaceMinimizationOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("SubspaceMinimizationOptions", why);
  check.require(pgsSweeps >= 1, "pgsSweeps", pgsSweeps, "pgsSweeps >= 1");
  check.require(relaxation > 0.0 && relaxation < 2.0, "relaxation", relaxation,
                "0 < relaxation < 2");
  check.require(subspaceProducts >= 2, "subspaceProducts", subspaceProducts,
                "subspaceProducts >= 2");
  check.require(subspaceTolerance > 0.0 && subspaceTolerance < 1.0, "subspaceTolerance",
                subspaceTolerance, "0 < subspaceTolerance < 1");
  return check.ok();
}

SubspaceMinimizationSolver::SubspaceMinimizationSolver(const SubspaceMinimizationOptions& options)
    : SolverWithOptions(options),
      m_rows(std::make_unique<detail::RowAccess>()),
      m_pgs(std::make_unique<detail::PgsWorkspace>()) {}

SubspaceMinimizationSolver::~SubspaceMinimizationSolver() = default;

Capabilities SubspaceMinimizationSolver::capabilities() const {
  return detail::iterativeCapabilities();
}

void SubspaceMinimizationSolver::doSetup(int n) {
  m_rows->resize(n);
  m_pgs->resize(n);
  for (Eigen::VectorXd* v : {&m_w, &m_free, &m_ratio, &m_y, &m_r, &m_shadow, &m_p, &m_v, &m_t,
                             &m_step, &m_product, &m_xBefore})
    v->resize(n);
}

void SubspaceMinimizationSolver::applyStep(const ProblemView& problem,
                                           const Eigen::VectorXd& y,
                                           Eigen::VectorXd& out) {
  // out = D^-1 A T y on F (zero elsewhere); T y = y on F, plus ratio_f y_k on the friction rows
  // held at +-mu x_k of a free normal k.
  const int n = problem.size();
  for (int i = 0; i < n; ++i) {
    const int k = problem.findex[i];
    m_step[i] = y[i] + (k >= 0 ? m_ratio[i] * y[k] : 0.0);
  }
  problem.multiplyA(m_step, m_product);
  const Eigen::VectorXd& inverseDiagonal = m_pgs->inverseDiagonal;
  for (int i = 0; i < n; ++i) out[i] = m_free[i] != 0.0 ? m_product[i] * inverseDiagonal[i] : 0.0;
}

int SubspaceMinimizationSolver::subspaceStep(const ProblemView& problem, int budget) {
  // BiCGSTAB [van der Vorst 1992] on D^-1 (A T)_FF y = -D^-1 w_F, from y = 0.
  const Eigen::VectorXd& inverseDiagonal = m_pgs->inverseDiagonal;
  m_y.setZero();
  m_r = -(m_free.array() * inverseDiagonal.array() * m_w.array()).matrix();
  const double start = m_r.cwiseAbs().maxCoeff();
  if (!(start > 0.0)) {  // w_F = 0 already: no step (m_step must not keep an older one)
    m_step.setZero();
    return 0;
  }
  m_shadow = m_r;
  m_p.setZero();
  m_v.setZero();
  double rho = 1.0;
  double alpha = 1.0;
  double omega = 1.0;
  int products = 0;
  while (products + 2 <= budget) {
    const double rhoNext = m_shadow.dot(m_r);
    if (!(std::abs(rhoNext) > 0.0)) break;  // breakdown
    const double beta = (rhoNext / rho) * (alpha / omega);
    m_p = m_r + beta * (m_p - omega * m_v);
    applyStep(problem, m_p, m_v);
    ++products;
    const double shadowV = m_shadow.dot(m_v);
    if (!(std::abs(shadowV) > 0.0)) break;
    alpha = rhoNext / shadowV;
    m_r -= alpha * m_v;  // s
    m_y += alpha * m_p;
    if (m_r.cwiseAbs().maxCoeff() <= m_options.subspaceTolerance * start) break;
    applyStep(problem, m_r, m_t);
    ++products;
    const double tt = m_t.squaredNorm();
    if (!(tt > 0.0)) break;
    omega = m_t.dot(m_r) / tt;
    m_y += omega * m_r;
    m_r -= omega * m_t;
    if (m_r.cwiseAbs().maxCoeff() <= m_options.subspaceTolerance * start || !(omega != 0.0)) break;
    rho = rhoNext;
  }
  // The step d = T y.
  const int n = problem.size();
  for (int i = 0; i < n; ++i) {
    const int k = problem.findex[i];
    m_step[i] = m_y[i] + (k >= 0 ? m_ratio[i] * m_y[k] : 0.0);
  }
  return products;
}

double SubspaceMinimizationSolver::feasibleLength(const ProblemView& problem,
                                                  const Eigen::VectorXd& x) {
  // The largest t <= 1 with x + t d within the bounds, the friction bounds moving with their
  // normals: l_i(t) <= x_i + t d_i <= u_i(t) is linear in t on every row (a ratio test).
  const int n = problem.size();
  double length = 1.0;
  auto limit = [&length](double slack, double rate) {  // slack + t rate >= 0
    if (rate < 0.0) length = std::min(length, std::max(0.0, slack / -rate));
  };
  for (int i = 0; i < n; ++i) {
    const double d = m_step[i];
    const int k = problem.findex[i];
    if (k < 0) {
      if (std::isfinite(problem.lo[i])) limit(x[i] - problem.lo[i], d);
      if (std::isfinite(problem.hi[i])) limit(problem.hi[i] - x[i], -d);
      continue;
    }
    const double mu = frictionCoefficient(problem.hi[i]);
    limit(mu * x[k] - x[i], mu * m_step[k] - d);  // x_i <= mu x_k (x_k >= 0)
    limit(mu * x[k] + x[i], mu * m_step[k] + d);  // x_i >= -mu x_k
  }
  m_feasible = length == 1.0;
  return length;
}

template <class Rows>
void SubspaceMinimizationSolver::run(Rows& rows,
                                     const ProblemView& problem,
                                     Eigen::VectorXd& x,
                                     SolveReport& report) {
  const int n = problem.size();
  detail::IterationMonitor monitor(m_options, report);
  auto residual = [&] {
    return detail::naturalMapResidual(problem, x, [&](int i) { return rows.rowProduct(i, x); });
  };
  auto figure = [&](const detail::NaturalMap& r) {
    return m_options.stoppingFigure(r.absolute, r.relative, r.scaled);
  };
  if (!detail::preparePgs(rows, problem, m_options.relaxation, *m_pgs, x, report)) return;
  detail::projectOntoBounds(problem, x);
  rows.begin(x);
  detail::NaturalMap current = residual();
  monitor.record(current);
  int work = 0;
  auto finish = [&](Status status, const char* what) {
    report.status = status;
    report.iterations = work;
    detail::setMessage(
        report, FMT_COMPILE("{}: scaled residual {:.3g} after {} sweeps and {} subspace products"),
        what, current.scaled, m_statistics.sweeps, m_statistics.products);
  };
  while (!monitor.meets(current)) {
    if (work >= m_options.maxIterations) return finish(Status::MaxIterations, "work limit");
    if (monitor.timeIsUp()) return finish(Status::TimeLimit, "time limit");
    // 1. PGS sweeps.
    for (int s = 0; s < m_options.pgsSweeps && work < m_options.maxIterations; ++s, ++work) {
      detail::pgsSweep(rows, problem, *m_pgs, x);
      ++m_statistics.sweeps;
      if (m_options.recordHistory) monitor.record(residual());
    }
    rows.begin(x);
    current = residual();
    if (monitor.meets(current) || work >= m_options.maxIterations) continue;
    // 2. Free set, the friction rows held at +-mu x_k of a free normal, and w.
    bool anyFree = false;
    for (int i = 0; i < n; ++i) {
      double l = 0.0;
      double u = 0.0;
      detail::rowBounds(problem, x, i, l, u);
      const bool free = l < x[i] && x[i] < u && m_pgs->inverseDiagonal[i] > 0.0;
      m_free[i] = free ? 1.0 : 0.0;
      anyFree = anyFree || free;
      m_w[i] = rows.rowProduct(i, x) - problem.b[i];
    }
    if (!anyFree) continue;
    for (int i = 0; i < n; ++i) {
      const int k = problem.findex[i];
      m_ratio[i] = k >= 0 && m_free[i] == 0.0 && m_free[k] != 0.0 ? x[i] / x[k] : 0.0;
    }
    // 3. BiCGSTAB on the free rows.
    const int room = m_options.maxIterations - work - 2;  // 2: judging the step
    if (room < 2) continue;
    const int products = subspaceStep(problem, std::min(m_options.subspaceProducts, room));
    work += products;
    m_statistics.products += products;
    if (products == 0) continue;  // the free rows are solved: nothing to step
    // 4. The projected step, else the longest step that stays within the bounds, kept only
    // when it lowers the stopping figure.
    m_xBefore = x;
    bool kept = false;
    for (const double length : {1.0, feasibleLength(problem, x)}) {
      if (!(length > 0.0)) continue;
      x = m_xBefore + length * m_step;
      detail::projectOntoBounds(problem, x);
      rows.begin(x);
      const detail::NaturalMap candidate = residual();
      ++work;
      if (figure(candidate) < figure(current)) {
        current = candidate;
        monitor.record(current);
        kept = true;
        break;
      }
      if (length == 1.0 && m_feasible) break;  // the full step was the feasible one
    }
    if (kept) {
      ++m_statistics.subspaceSteps;
    } else {
      x = m_xBefore;
      rows.begin(x);
      ++m_statistics.rejectedSteps;
    }
  }
  finish(Status::Converged, "converged");
}

void SubspaceMinimizationSolver::doSolve(const ProblemView& problem,
                                         Eigen::VectorXd& x,
                                         SolveReport& report) {
  m_statistics = {};
  m_rows->visit(problem, matrixVersion(), [&](auto& rows) { run(rows, problem, x, report); });
}

const OptionTable<SubspaceMinimizationOptions>& SubspaceMinimizationOptions::table() {
  static const OptionTable<SubspaceMinimizationOptions> table(
      commonOptionFields<SubspaceMinimizationOptions>(
          {option<SubspaceMinimizationOptions>("pgs_sweeps",
                                               &SubspaceMinimizationOptions::pgsSweeps, ">= 1",
                                               "PGS sweeps before each subspace minimization"),
           option<SubspaceMinimizationOptions>(
               "relaxation", &SubspaceMinimizationOptions::relaxation, "0 < relaxation < 2",
               "SOR factor omega of the PGS sweeps"),
           option<SubspaceMinimizationOptions>(
               "subspace_products", &SubspaceMinimizationOptions::subspaceProducts, ">= 2",
               "Products with A per conjugate-gradient phase"),
           option<SubspaceMinimizationOptions>(
               "subspace_tolerance", &SubspaceMinimizationOptions::subspaceTolerance,
               "0 < subspace_tolerance < 1", "Relative tolerance of the conjugate gradients")}));
  return table;
}

}  // namespace mlcp
