#include "pgs_iteration.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "box_projection.hpp"
#include "dense_rows.hpp"
#include "iteration_monitor.hpp"
#include "matrix_free_operator.hpp"

namespace mlcp::detail {

namespace {

/// A diagonal entry at most this fraction of the largest one marks a row that cannot move.
constexpr double kDegenerateDiagonal = 1e-13;

/// Fisher-Yates shuffle of order[first, last) with the solver's own generator: the same
/// permutations with every standard library (std::shuffle's are implementation-defined).
void shuffle(Eigen::VectorXi& order, int first, int last, std::mt19937_64& rng) {
  for (int k = last - 1; k > first; --k) {
    const auto span = static_cast<std::uint64_t>(k - first + 1);
    const int j = first + static_cast<int>(rng() % span);
    std::swap(order[k], order[j]);
  }
}

/// One projected SOR sweep in delta form (ODE quickstep.cpp, dxQuickStepIsland_Stage4LCP_
/// IterationStep): x_i <- clamp(x_i - omega w_i / A_ii, l_i, u_i), w = A x - b, friction bounds
/// from the current normal x_k at the visit. Returns max_i |change of x_i|.
template <class Rows>
double sweep(Rows& rows,
             const ProblemView& problem,
             const PgsWorkspace& workspace,
             double omega,
             Eigen::VectorXd& x) {
  double maxChange = 0.0;
  const int n = problem.size();
  for (int k = 0; k < n; ++k) {
    const int i = workspace.order[k];
    const double inverseDiagonal = workspace.inverseDiagonal[i];
    if (inverseDiagonal == 0.0) continue;
    double l = 0.0;
    double u = 0.0;
    rowBounds(problem, x, i, l, u);
    const double w = rows.rowProduct(i, x) - problem.b[i];
    const double old = x[i];
    const double updated = std::clamp(old - omega * inverseDiagonal * w, l, u);
    const double delta = updated - old;
    if (delta != 0.0) {
      x[i] = updated;
      rows.update(i, delta);
      maxChange = std::max(maxChange, std::abs(delta));
    }
  }
  return maxChange;
}

}  // namespace

void PgsWorkspace::resize(int n) {
  order.resize(n);
  inverseDiagonal.resize(n);
  product.resize(n);
}

template <class Rows>
void runPgs(Rows& rows,
            const ProblemView& problem,
            const PgsOptions& options,
            PgsWorkspace& workspace,
            Eigen::VectorXd& x,
            SolveReport& report) {
  const int n = problem.size();
  IterationMonitor monitor(options, problem.b, report);
  auto residual = [&] {
    return naturalMapResidual(problem, x, [&](int i) { return rows.rowProduct(i, x); });
  };

  // Order: rows with findex < 0 first, friction rows after them (ODE's Stage4LCP_ReorderPrep).
  int normalRows = 0;
  for (int i = 0; i < n; ++i)
    if (problem.findex[i] < 0) workspace.order[normalRows++] = i;
  for (int i = 0, k = normalRows; i < n; ++i)
    if (problem.findex[i] >= 0) workspace.order[k++] = i;
  workspace.rng.seed(options.seed);

  double maxDiagonal = 0.0;
  for (int i = 0; i < n; ++i) {
    const double d = rows.diagonal(i);
    if (!(d >= 0.0)) {
      report.status = Status::InvalidProblem;
      setMessage(report, "A({}, {}) = {} is negative: PGS needs a positive semi-definite A", i, i,
                 d);
      x.setZero();
      return;
    }
    maxDiagonal = std::max(maxDiagonal, d);
  }
  for (int i = 0; i < n; ++i) {
    const double d = rows.diagonal(i);
    workspace.inverseDiagonal[i] = d > kDegenerateDiagonal * maxDiagonal ? 1.0 / d : 0.0;
  }

  projectOntoBounds(problem, x);
  rows.begin(x);
  double absolute = residual();
  monitor.record(absolute);
  if (monitor.meets(absolute)) {
    report.status = Status::Converged;
    setMessage(report, "converged: the start meets the tolerance (relative residual {:.3g})",
               absolute / monitor.scale());
    return;
  }

  const int interval = options.residualInterval;
  for (int iteration = 1; iteration <= options.maxIterations; ++iteration) {
    if (options.randomizeOrder) {
      shuffle(workspace.order, 0, normalRows, workspace.rng);
      shuffle(workspace.order, normalRows, n, workspace.rng);
    }
    const double maxChange = sweep(rows, problem, workspace, options.relaxation, x);
    report.iterations = iteration;

    const bool check = iteration % interval == 0 || iteration == options.maxIterations;
    if (check || options.recordHistory) {
      absolute = residual();
      monitor.record(absolute);
    }
    if (check && monitor.meets(absolute)) {
      // Confirm on a fresh A x: the incremental products drift by rounding.
      rows.begin(x);
      absolute = residual();
      if (monitor.meets(absolute)) {
        report.status = Status::Converged;
        setMessage(report, "converged: relative residual {:.3g} after {} sweeps",
                   absolute / monitor.scale(), iteration);
        return;
      }
    }
    if (options.deltaXTolerance > 0.0 &&
        maxChange <= options.deltaXTolerance * std::max(1.0, x.cwiseAbs().maxCoeff())) {
      absolute = residual();
      const bool good = monitor.meets(absolute);
      report.status = good ? Status::Converged : Status::Inaccurate;
      setMessage(report, "x changed by at most {:.3g} in sweep {} (deltaXTolerance); relative "
                 "residual {:.3g}", maxChange, iteration, absolute / monitor.scale());
      return;
    }
    if (monitor.timeIsUp()) {
      report.status = Status::TimeLimit;
      setMessage(report, "time limit of {} s reached after {} sweeps (relative residual {:.3g})",
                 options.maxSeconds, iteration, residual() / monitor.scale());
      return;
    }
  }
  report.status = Status::MaxIterations;
  setMessage(report, "sweep limit {} reached with relative residual {:.3g} > {:.3g}",
             options.maxIterations, absolute / monitor.scale(), options.relativeTolerance);
}

template void runPgs<DenseRows>(DenseRows&,
                                const ProblemView&,
                                const PgsOptions&,
                                PgsWorkspace&,
                                Eigen::VectorXd&,
                                SolveReport&);
template void runPgs<MatrixFreeOperator>(MatrixFreeOperator&,
                                         const ProblemView&,
                                         const PgsOptions&,
                                         PgsWorkspace&,
                                         Eigen::VectorXd&,
                                         SolveReport&);

}  // namespace mlcp::detail
