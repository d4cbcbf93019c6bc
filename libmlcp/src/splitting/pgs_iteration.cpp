#include "splitting/pgs_iteration.hpp"

#include "core/box_projection.hpp"
#include "core/degenerate_rows.hpp"
#include "core/dense_rows.hpp"
#include "core/factor_operator.hpp"
#include "core/iteration_monitor.hpp"
#include "core/sparse_rows.hpp"
#include "core/zero_rows.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace mlcp::detail {

namespace {

/// Fisher-Yates shuffle of order[first, last) with the solver's own generator: the same
/// permutations with every standard library (std::shuffle's are implementation-defined).
void shuffle(std::vector<SweepRow>& order, int first, int last, std::mt19937_64& rng) {
  for (int k = last - 1; k > first; --k) {
    const auto span = static_cast<std::uint64_t>(k - first + 1);
    const int j = first + static_cast<int>(rng() % span);
    std::swap(order[k], order[j]);
  }
}

/// Rows with A_ii ~ 0 take their exact one-row answer (oneRowAnswer) from the current w_i: the
/// step omega w_i / A_ii of the sweep is not defined for them. Bullet's PGS solves such
/// singular-degenerate rows the same way.
template <class Rows>
void settleDegenerateRows(Rows& rows,
                          const ProblemView& problem,
                          const PgsWorkspace& workspace,
                          Eigen::VectorXd& x) {
  for (const int i : workspace.degenerate) {
    double l = 0.0;
    double u = 0.0;
    rowBounds(problem, x, i, l, u);
    const double w = rows.rowProduct(i, x) - problem.b[i];
    const double delta = oneRowAnswer(x[i], w, l, u) - x[i];
    if (delta == 0.0) continue;
    x[i] += delta;
    rows.update(i, delta);
  }
}

/// One projected SOR sweep in delta form (ODE quickstep.cpp, dxQuickStepIsland_Stage4LCP_
/// IterationStep): x_i <- clamp(x_i - omega w_i / A_ii, l_i, u_i), w = A x - b, friction bounds
/// from the current normal x_k at the visit. Returns max_i |change of x_i|.
template <class Rows>
double sweep(Rows& rows, const PgsWorkspace& workspace, Eigen::VectorXd& x) {
  double maxChange = 0.0;
  for (const SweepRow& r : workspace.plan) {
    if (r.step == 0.0) continue;
    const int i = r.row;
    double l = 0.0;
    double u = 0.0;
    rowEffectiveBounds(r.normal, r.lo, r.hi, x, l, u);
    const double w = rows.rowProduct(i, x) - r.b;
    const double old = x[i];
    const double updated = std::clamp(old - r.step * w, l, u);
    const double delta = updated - old;
    if (delta != 0.0) {
      x[i] = updated;
      rows.update(i, delta);
      maxChange = std::max(maxChange, std::abs(delta));
    }
  }
  return maxChange;
}

/// The same sweep on J, M^-1 (ODE's quickstep loop), software-pipelined. Row k's (A x)_k reads
/// fc, which row k-1 has just changed: done in that order, every row waits for the previous
/// row's store, and a sweep runs at the latency of that chain (about 45 cycles a row). Instead,
/// J_k . fc is read before row k-1's change is stored, and that change enters as
/// delta_k-1 A_k,k-1 (FactorOperator::coupling): the same (A x)_k up to rounding, with the
/// store of row k-1 overlapping the work of row k.
double sweep(FactorOperator& rows, const PgsWorkspace& workspace, Eigen::VectorXd& x) {
  const std::vector<SweepRow>& plan = workspace.plan;
  const int count = static_cast<int>(plan.size());
  auto nextMovable = [&](int k) {
    while (k < count && plan[k].step == 0.0) ++k;
    return k;
  };
  double maxChange = 0.0;
  int previous = -1;  // row of the last visit, its change not yet in fc
  double previousDelta = 0.0;
  int k = nextMovable(0);
  double jacobianProduct = k < count ? rows.jacobianProduct(plan[k].row) : 0.0;
  while (k < count) {
    const SweepRow& r = plan[k];
    const int i = r.row;
    const double coupling = previousDelta != 0.0 ? rows.coupling(i, previous) : 0.0;
    if (previousDelta != 0.0) rows.update(previous, previousDelta);
    const int next = nextMovable(k + 1);
    const double nextProduct = next < count ? rows.jacobianProduct(plan[next].row) : 0.0;

    double l = 0.0;
    double u = 0.0;
    rowEffectiveBounds(r.normal, r.lo, r.hi, x, l, u);
    const double w = jacobianProduct + previousDelta * coupling + rows.cfm(i) * x[i] - r.b;
    const double old = x[i];
    const double updated = std::clamp(old - r.step * w, l, u);
    const double delta = updated - old;
    if (delta != 0.0) {
      x[i] = updated;
      maxChange = std::max(maxChange, std::abs(delta));
    }
    previous = i;
    previousDelta = delta;
    jacobianProduct = nextProduct;
    k = next;
  }
  if (previousDelta != 0.0) rows.update(previous, previousDelta);
  return maxChange;
}

}  // namespace

void PgsWorkspace::resize(int n) {
  plan.resize(n);
  degenerate.reserve(static_cast<size_t>(n));
  inverseDiagonal.resize(n);
  rowMax.resize(n);
  product.resize(n);
}

template <class Rows>
bool preparePgs(Rows& rows,
                const ProblemView& problem,
                double relaxation,
                PgsWorkspace& workspace,
                Eigen::VectorXd& x,
                SolveReport& report) {
  const int n = problem.size();
  const int negative = inverseDiagonal(problem, workspace.inverseDiagonal, workspace.rowMax);
  if (negative >= 0) {
    report.status = Status::Unsupported;
    setMessage(report,
               FMT_COMPILE("A({}, {}) = {} is negative: PGS needs a positive semi-definite A"),
               negative, negative, rows.diagonal(negative));
    x.setZero();
    return false;
  }
  if (const int row = rowWithoutFiniteAnswer(problem); row >= 0) {
    reportRowWithoutFiniteAnswer(problem, row, report);
    projectOntoBounds(problem, x);
    return false;
  }
  // Order: rows with findex < 0 first, friction rows after them (ODE's Stage4LCP_ReorderPrep).
  int next = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < n; ++i) {
      if ((problem.findex[i] >= 0) != (pass == 1)) continue;
      SweepRow& r = workspace.plan[next++];
      r.row = i;
      r.normal = problem.findex[i];
      r.step = relaxation * workspace.inverseDiagonal[i];
      r.b = problem.b[i];
      r.lo = problem.lo[i];
      r.hi = problem.hi[i];
    }
    if (pass == 0) workspace.normalRows = next;
  }

  workspace.degenerate.clear();
  for (int i = 0; i < n; ++i)
    if (workspace.inverseDiagonal[i] == 0.0) workspace.degenerate.push_back(i);
  return true;
}

template <class Rows>
double pgsSweep(Rows& rows,
                const ProblemView& problem,
                const PgsWorkspace& workspace,
                Eigen::VectorXd& x) {
  const double maxChange = sweep(rows, workspace, x);
  settleDegenerateRows(rows, problem, workspace, x);
  return maxChange;
}

template <class Rows>
void runPgs(Rows& rows,
            const ProblemView& problem,
            const PgsOptions& options,
            PgsWorkspace& workspace,
            Eigen::VectorXd& x,
            SolveReport& report) {
  const int n = problem.size();
  IterationMonitor monitor(options, report);
  auto residual = [&] {
    return naturalMapResidual(problem, x, [&](int i) { return rows.rowProduct(i, x); });
  };

  workspace.rng.seed(options.seed);
  if (!preparePgs(rows, problem, options.relaxation, workspace, x, report)) return;
  const int normalRows = workspace.normalRows;

  projectOntoBounds(problem, x);
  rows.begin(x);
  // The start's residual (a pass over the rows, about a sweep matrix-free) only when a tolerance
  // can stop before the first sweep or the history starts with it.
  const bool canStop = options.relativeTolerance > 0.0 || options.absoluteTolerance > 0.0;
  NaturalMap current{std::numeric_limits<double>::infinity(),
                     std::numeric_limits<double>::infinity(),
                     std::numeric_limits<double>::infinity()};
  if (canStop || options.recordHistory) {
    current = residual();
    monitor.record(current);
    if (monitor.meets(current)) {
      report.status = Status::Converged;
      setMessage(report,
                 FMT_COMPILE("converged: the start meets the tolerance (scaled residual {:.3g})"),
                 current.scaled);
      return;
    }
  }

  const int interval = options.residualInterval;
  for (int iteration = 1; iteration <= options.maxIterations; ++iteration) {
    if (options.randomizeOrder) {
      shuffle(workspace.plan, 0, normalRows, workspace.rng);
      shuffle(workspace.plan, normalRows, n, workspace.rng);
    }
    const double maxChange = pgsSweep(rows, problem, workspace, x);
    report.iterations = iteration;

    const bool check = iteration % interval == 0 || iteration == options.maxIterations;
    if (check || options.recordHistory) {
      current = residual();
      monitor.record(current);
    }
    if (check && monitor.meets(current)) {
      // Confirm on a fresh A x: the incremental products drift by rounding.
      rows.begin(x);
      current = residual();
      if (monitor.meets(current)) {
        report.status = Status::Converged;
        setMessage(report, FMT_COMPILE("converged: scaled residual {:.3g} after {} sweeps"),
                   current.scaled, iteration);
        return;
      }
    }
    if (options.deltaXTolerance > 0.0 &&
        maxChange <= options.deltaXTolerance * std::max(1.0, x.cwiseAbs().maxCoeff())) {
      current = residual();
      const bool good = monitor.meets(current);
      report.status = good ? Status::Converged : Status::Inaccurate;
      setMessage(report,
                 FMT_COMPILE("x changed by at most {:.3g} in sweep {} (deltaXTolerance); scaled "
                             "residual {:.3g}"),
                 maxChange, iteration, current.scaled);
      return;
    }
    if (monitor.timeIsUp()) {
      report.status = Status::TimeLimit;
      setMessage(report,
                 FMT_COMPILE("time limit of {} s reached after {} sweeps (scaled residual {:.3g})"),
                 options.maxSeconds, iteration, residual().scaled);
      return;
    }
  }
  report.status = Status::MaxIterations;
  setMessage(report, FMT_COMPILE("sweep limit {} reached with scaled residual {:.3g} > {:.3g}"),
             options.maxIterations, current.scaled, options.relativeTolerance);
}

#define MLCP_PGS_INSTANTIATE(Rows)                                                        \
  template bool preparePgs<Rows>(Rows&, const ProblemView&, double, PgsWorkspace&,        \
                                 Eigen::VectorXd&, SolveReport&);                         \
  template double pgsSweep<Rows>(Rows&, const ProblemView&, const PgsWorkspace&,          \
                                 Eigen::VectorXd&);                                       \
  template void runPgs<Rows>(Rows&, const ProblemView&, const PgsOptions&, PgsWorkspace&, \
                             Eigen::VectorXd&, SolveReport&);

MLCP_PGS_INSTANTIATE(DenseRows)
MLCP_PGS_INSTANTIATE(SparseRows)
MLCP_PGS_INSTANTIATE(FactorOperator)
#undef MLCP_PGS_INSTANTIATE

}  // namespace mlcp::detail
