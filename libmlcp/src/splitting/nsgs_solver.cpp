#include "core/box_projection.hpp"
#include "core/degenerate_rows.hpp"
#include "core/iteration_monitor.hpp"
#include "core/iterative_capabilities.hpp"
#include "core/row_access.hpp"
#include "splitting/block_update.hpp"
#include "splitting/local_block_solver.hpp"
#include "splitting/row_blocks.hpp"

#include <mlcp/core/option_check.hpp>
#include <mlcp/splitting/nsgs_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace mlcp {

namespace {}  // namespace

bool NsgsOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("NsgsOptions", why);
  check.require(relaxation > 0.0 && relaxation < 2.0, "relaxation", relaxation,
                "0 < relaxation < 2");
  check.require(residualInterval >= 1, "residualInterval", residualInterval,
                "residualInterval >= 1");
  return check.ok();
}

NsgsSolver::NsgsSolver(const NsgsOptions& options)
    : SolverWithOptions(options),
      m_rows(std::make_unique<detail::RowAccess>()),
      m_blocks(std::make_unique<detail::RowBlocks>()),
      m_local(std::make_unique<detail::LocalBlockSolver>()) {}

NsgsSolver::~NsgsSolver() = default;

Capabilities NsgsSolver::capabilities() const { return detail::iterativeCapabilities(); }

void NsgsSolver::doSetup(int n) {
  m_rows->resize(n);
  m_blocks->resize(n);
  m_diagonal.resize(n);
  m_rowMax.resize(n);
  m_sets.resize(static_cast<size_t>(n));
}

template <class Rows>
double NsgsSolver::sweep(Rows& rows, const ProblemView& problem, Eigen::VectorXd& x) {
  const detail::RowBlocks& blocks = *m_blocks;
  detail::LocalBlockSolver::Block block;
  double maxChange = 0.0;
  auto store = [&](int i, double value) {
    const double delta = value - x[i];
    if (delta == 0.0) return;
    x[i] = value;
    rows.update(i, delta);
    maxChange = std::max(maxChange, std::abs(delta));
  };
  auto wOf = [&](int i) { return rows.rowProduct(i, x) - problem.b[i]; };
  auto rowByRow = [&](int b) {
    for (int a = 0; a < blocks.size(b); ++a) {
      const int i = blocks.rows(b)[a];
      store(i, detail::rowUpdate(problem, x, i, wOf(i), m_diagonal[i], m_options.relaxation));
    }
  };
  const int count = blocks.count();
  for (int b = 0; b < count; ++b) {
    if (blocks.size(b) == 1) {
      rowByRow(b);
      continue;
    }
    detail::fillLocalBlock(problem, blocks, b, x, wOf, m_sets, block);
    if (!m_local->solve(block)) {
      ++m_statistics.rowByRowFallbacks;
      rowByRow(b);
      continue;
    }
    ++m_statistics.localSolves;
    detail::keepSets(blocks, b, block, m_sets);
    detail::relaxBlock(problem, blocks, b, x, m_options.relaxation, block);
    for (int a = 0; a < block.m; ++a) store(blocks.rows(b)[a], block.x[a]);
  }
  return maxChange;
}

template <class Rows>
void NsgsSolver::run(Rows& rows,
                     const ProblemView& problem,
                     Eigen::VectorXd& x,
                     SolveReport& report) {
  const int n = problem.size();
  detail::IterationMonitor monitor(m_options, report);
  auto residual = [&] {
    return detail::naturalMapResidual(problem, x, [&](int i) { return rows.rowProduct(i, x); });
  };
  const int negative = detail::inverseDiagonal(problem, m_diagonal, m_rowMax);
  if (negative >= 0) {
    report.status = Status::Unsupported;
    detail::setMessage(
        report, FMT_COMPILE("A({}, {}) = {} is negative: NSGS needs a positive semi-definite A"),
        negative, negative, rows.diagonal(negative));
    x.setZero();
    return;
  }
  for (int i = 0; i < n; ++i)  // A_ii, 0 for the rows that cannot move
    m_diagonal[i] = m_diagonal[i] > 0.0 ? rows.diagonal(i) : 0.0;

  std::fill(m_sets.begin(), m_sets.end(), -1);  // no block has answered yet
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
  const int interval = m_options.residualInterval;
  for (int iteration = 1; iteration <= m_options.maxIterations; ++iteration) {
    sweep(rows, problem, x);
    report.iterations = iteration;
    const bool check = iteration % interval == 0 || iteration == m_options.maxIterations;
    if (check || m_options.recordHistory) {
      current = residual();
      monitor.record(current);
    }
    if (check && monitor.meets(current)) {
      rows.begin(x);  // confirm on a fresh A x: the kept product drifts by rounding
      current = residual();
      if (monitor.meets(current)) {
        report.status = Status::Converged;
        detail::setMessage(report, FMT_COMPILE("converged: scaled residual {:.3g} after {} sweeps"),
                           current.scaled, iteration);
        return;
      }
    }
    if (monitor.timeIsUp()) {
      report.status = Status::TimeLimit;
      detail::setMessage(
          report,
          FMT_COMPILE("time limit of {} s reached after {} sweeps (scaled residual {:.3g})"),
          m_options.maxSeconds, iteration, residual().scaled);
      return;
    }
  }
  report.status = Status::MaxIterations;
  detail::setMessage(report,
                     FMT_COMPILE("sweep limit {} reached with scaled residual {:.3g} > {:.3g}"),
                     m_options.maxIterations, current.scaled, m_options.relativeTolerance);
}

void NsgsSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  m_statistics = {};
  if (!m_blocks->builtFor(problem, matrixVersion())) m_blocks->build(problem, matrixVersion());
  m_statistics.blocks = m_blocks->count();
  m_statistics.multiRowBlocks = m_blocks->multiRowBlocks();
  m_statistics.largestBlock = m_blocks->largestBlock();
  m_rows->visit(problem, matrixVersion(), [&](auto& rows) { run(rows, problem, x, report); });
}

const OptionTable<NsgsOptions>& NsgsOptions::table() {
  static const OptionTable<NsgsOptions> table(commonOptionFields<NsgsOptions>(
      {option<NsgsOptions>("relaxation", &NsgsOptions::relaxation, "0 < relaxation < 2",
                           "Over-relaxation of each contact block update"),
       option<NsgsOptions>("residual_interval", &NsgsOptions::residualInterval, ">= 1",
                           "Test the residual every this many sweeps")}));
  return table;
}

}  // namespace mlcp
