#include "composite/thread_team.hpp"
#include "core/box_projection.hpp"
#include "core/degenerate_rows.hpp"
#include "core/factor_operator.hpp"
#include "core/iteration_monitor.hpp"
#include "core/iterative_capabilities.hpp"
#include "core/operator_forms.hpp"
#include "splitting/block_update.hpp"
#include "splitting/local_block_solver.hpp"
#include "splitting/row_blocks.hpp"

#include <mlcp/core/option_check.hpp>
#include <mlcp/splitting/jacobi_solver.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <thread>

namespace mlcp {

namespace {

constexpr int kChunkRows = 256;       // rows per chunk of the row phases
constexpr int kChunkBlocks = 64;      // blocks per chunk of the blocked update
constexpr int kRowsPerThread = 512;   // fewer rows per thread are not worth the hand-over
constexpr int kPowerIterations = 30;  // for the automatic omega
constexpr int kPatience = 5;          // checks above twice the best figure before omega is halved

int chunks(int count, int size) { return (count + size - 1) / size; }

}  // namespace

/// One chunk's share of the spec residuals (all maxima: merged in any order, bitwise alike).
struct JacobiSolver::Partial {
  double absolute = 0.0;
  double scaled = 0.0;
  double size = 0.0;
  double bNorm = 0.0;
};

bool JacobiOptions::isValid(std::string* why) const {
  if (!SolverOptions::isValid(why)) return false;
  OptionCheck check("JacobiOptions", why);
  check.require(relaxation >= 0.0 && relaxation <= 1.0, "relaxation", relaxation,
                "0 <= relaxation <= 1 (0 = automatic)");
  check.require(threads >= 0, "threads", threads, "threads >= 0 (0 = all cores)");
  return check.ok();
}

JacobiSolver::JacobiSolver(const JacobiOptions& options)
    : SolverWithOptions(options),
      m_team(std::make_unique<detail::ThreadTeam>()),
      m_blocks(std::make_unique<detail::RowBlocks>()) {}

JacobiSolver::~JacobiSolver() = default;

void JacobiSolver::onOptionsChanged(const JacobiOptions&) { m_preparedVersion = ~std::uint64_t{0}; }

Capabilities JacobiSolver::capabilities() const { return detail::iterativeCapabilities(); }

void JacobiSolver::doSetup(int n) {
  for (Eigen::VectorXd* v : {&m_product, &m_xNext, &m_diagonal, &m_power, &m_powerNext})
    v->resize(n);
  m_partials.resize(static_cast<size_t>(chunks(n, kChunkRows)));
  m_sets.resize(static_cast<size_t>(n));
  m_blocks->resize(n);
  const int hardware = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int wanted = m_options.threads > 0 ? m_options.threads : hardware;
  const int threads = std::clamp(n / kRowsPerThread, 1, wanted);
  m_team->resize(threads);
  m_local.resize(static_cast<size_t>(threads));
  m_preparedVersion = ~std::uint64_t{0};
}

double JacobiSolver::largestEigenvalue(const ProblemView& problem) {
  // Power iterations on D^-1 A over the rows that move, from v = 1 (deterministic).
  const int n = problem.size();
  for (int i = 0; i < n; ++i) m_power[i] = m_diagonal[i] > 0.0 ? 1.0 : 0.0;
  double lambda = 0.0;
  for (int k = 0; k < kPowerIterations; ++k) {
    const double norm = m_power.norm();
    if (!(norm > 0.0)) return 1.0;
    m_power /= norm;
    problem.multiplyA(m_power, m_powerNext);
    for (int i = 0; i < n; ++i)
      m_powerNext[i] = m_diagonal[i] > 0.0 ? m_powerNext[i] / m_diagonal[i] : 0.0;
    lambda = m_powerNext.norm();
    m_power.swap(m_powerNext);
  }
  return std::isfinite(lambda) && lambda > 0.0 ? lambda : 1.0;
}

void JacobiSolver::prepare(const ProblemView& problem) {
  const int n = problem.size();
  const Eigen::VectorXd& diagonal = problem.diagonalA();
  if (detail::inverseDiagonal(problem, m_diagonal, m_powerNext) < 0)
    for (int i = 0; i < n; ++i)  // A_ii, 0 for the rows that cannot move
      m_diagonal[i] = m_diagonal[i] > 0.0 ? diagonal[i] : 0.0;
  if (problem.A.form() == MatrixForm::Sparse) m_rowMajor = problem.A.sparse();
  if (problem.A.form() == MatrixForm::Factors) problem.forms.factorOperator();  // bind once
  m_relaxation = m_options.relaxation > 0.0 ? m_options.relaxation
                                            : std::min(1.0, 1.0 / largestEigenvalue(problem));
  m_preparedVersion = matrixVersion();
}

void JacobiSolver::productChunk(const ProblemView& problem, const Eigen::VectorXd& x, int c) {
  const int n = problem.size();
  const int first = c * kChunkRows;
  const int count = std::min(kChunkRows, n - first);
  switch (problem.A.form()) {
    case MatrixForm::Dense:
      m_product.segment(first, count).noalias() = problem.A.dense().middleRows(first, count) * x;
      break;
    case MatrixForm::Sparse:
      for (int i = first; i < first + count; ++i) m_product[i] = m_rowMajor.row(i).dot(x);
      break;
    case MatrixForm::Factors: {
      const detail::FactorOperator& factors = problem.forms.factorOperator();
      for (int i = first; i < first + count; ++i) m_product[i] = factors.rowProduct(i, x);
      break;
    }
  }
  Partial partial;
  const Eigen::VectorXd& scales = problem.rowScalesA();
  for (int i = first; i < first + count; ++i) {
    double l = 0.0;
    double u = 0.0;
    detail::rowBounds(problem, x, i, l, u);
    const double b = problem.b[i];
    const double w = m_product[i] - b;
    const double d = rowScale(scales[i], b);
    double r = std::abs(x[i] - std::clamp(x[i] - w, l, u));
    double s = std::abs(x[i] - std::clamp(x[i] - w / d, l, u));
    if (std::isnan(r) || std::isnan(s)) r = s = std::numeric_limits<double>::infinity();
    partial.absolute = std::max(partial.absolute, r);
    partial.scaled = std::max(partial.scaled, s);
    partial.size = std::max({partial.size, std::abs(x[i]), std::abs(b) / d});
    partial.bNorm = std::max(partial.bNorm, std::abs(b));
  }
  m_partials[static_cast<size_t>(c)] = partial;
}

void JacobiSolver::updateChunk(const ProblemView& problem,
                               const Eigen::VectorXd& x,
                               int c,
                               int member) {
  auto wOf = [&](int i) { return m_product[i] - problem.b[i]; };
  if (!m_options.blocks) {
    const int first = c * kChunkRows;
    const int last = std::min(first + kChunkRows, problem.size());
    for (int i = first; i < last; ++i)
      m_xNext[i] = detail::rowUpdate(problem, x, i, wOf(i), m_diagonal[i], m_omega);
    return;
  }
  const detail::RowBlocks& blocks = *m_blocks;
  detail::LocalBlockSolver& local = m_local[static_cast<size_t>(member)];
  detail::LocalBlockSolver::Block block;
  const int first = c * kChunkBlocks;
  const int last = std::min(first + kChunkBlocks, blocks.count());
  for (int b = first; b < last; ++b) {
    const int* rows = blocks.rows(b);
    bool solved = false;
    if (blocks.size(b) > 1) {
      detail::fillLocalBlock(problem, blocks, b, x, wOf, m_sets, block);
      solved = local.solve(block);
      if (solved) detail::keepSets(blocks, b, block, m_sets);  // the block's own rows only
    }
    for (int a = 0; a < blocks.size(b); ++a) {
      const int i = rows[a];
      m_xNext[i] = solved ? x[i] + m_omega * (block.x[a] - x[i])
                          : detail::rowUpdate(problem, x, i, wOf(i), m_diagonal[i], m_omega);
    }
  }
}

void JacobiSolver::projectChunk(const ProblemView& problem, int c) {
  const int first = c * kChunkRows;
  const int last = std::min(first + kChunkRows, problem.size());
  for (int i = first; i < last; ++i) {
    if (problem.findex[i] < 0) continue;
    double l = 0.0;
    double u = 0.0;
    detail::rowBounds(problem, m_xNext, i, l, u);
    m_xNext[i] = std::clamp(m_xNext[i], l, u);
  }
}

void JacobiSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  const int n = problem.size();
  m_statistics = {};
  if (m_options.blocks && !m_blocks->builtFor(problem, matrixVersion()))
    m_blocks->build(problem, matrixVersion());
  if (m_preparedVersion != matrixVersion()) prepare(problem);
  const Eigen::VectorXd& diagonal = problem.diagonalA();
  for (int i = 0; i < n; ++i) {
    if (!(diagonal[i] >= 0.0)) {
      report.status = Status::Unsupported;
      detail::setMessage(
          report,
          FMT_COMPILE("A({}, {}) = {} is negative: Jacobi needs a positive semi-definite A"), i, i,
          diagonal[i]);
      x.setZero();
      return;
    }
  }
  detail::IterationMonitor monitor(m_options, report);
  m_omega = m_relaxation;
  problem.rowScalesA();  // derived here, not by the threads at once
  m_statistics.threads = m_team->size();
  const int rowChunks = chunks(n, kChunkRows);
  const int updateChunks = m_options.blocks ? chunks(m_blocks->count(), kChunkBlocks) : rowChunks;
  const int members = m_team->size();
  std::fill(m_sets.begin(), m_sets.end(), -1);  // no block has answered yet
  detail::projectOntoBounds(problem, x);

  auto productPhase = [&](int member) {
    for (int c = member; c < rowChunks; c += members) productChunk(problem, x, c);
  };
  auto updatePhase = [&](int member) {
    for (int c = member; c < updateChunks; c += members) updateChunk(problem, x, c, member);
  };
  auto projectPhase = [&](int member) {
    for (int c = member; c < rowChunks; c += members) projectChunk(problem, c);
  };
  double best = std::numeric_limits<double>::infinity();
  int above = 0;
  for (int iteration = 0;; ++iteration) {
    // 1. w = A x - b and the residuals of x.
    if (problem.A.form() == MatrixForm::Factors) problem.forms.factorOperator().begin(x);
    m_team->run(productPhase);
    Partial total;
    for (const Partial& p : m_partials) {
      total.absolute = std::max(total.absolute, p.absolute);
      total.scaled = std::max(total.scaled, p.scaled);
      total.size = std::max(total.size, p.size);
      total.bNorm = std::max(total.bNorm, p.bNorm);
    }
    const detail::NaturalMap current{total.absolute, total.absolute / std::max(1.0, total.bNorm),
                                     total.size > 0.0 ? total.scaled / total.size : total.scaled};
    if (iteration > 0 || m_options.recordHistory) monitor.record(current);
    report.iterations = iteration;
    m_statistics.relaxation = m_omega;
    if (monitor.meets(current)) {
      report.status = Status::Converged;
      detail::setMessage(report,
                         FMT_COMPILE("converged: scaled residual {:.3g} after {} iterations"),
                         current.scaled, iteration);
      return;
    }
    if (iteration == m_options.maxIterations) {
      report.status = Status::MaxIterations;
      detail::setMessage(
          report, FMT_COMPILE("iteration limit {} reached with scaled residual {:.3g} > {:.3g}"),
          iteration, current.scaled, m_options.relativeTolerance);
      return;
    }
    if (monitor.timeIsUp()) {
      report.status = Status::TimeLimit;
      detail::setMessage(
          report,
          FMT_COMPILE("time limit of {} s reached after {} iterations (scaled residual {:.3g})"),
          m_options.maxSeconds, iteration, current.scaled);
      return;
    }
    const double figure =
        m_options.stoppingFigure(current.absolute, current.relative, current.scaled);
    above = figure > 2.0 * best ? above + 1 : 0;
    best = std::min(best, figure);
    if (above >= kPatience) {  // diverging: damp more
      m_omega *= 0.5;
      ++m_statistics.relaxationHalvings;
      above = 0;
    }
    // 2. and 3. The update from x, then the friction rows onto their new bounds.
    m_team->run(updatePhase);
    m_team->run(projectPhase);
    x.swap(m_xNext);
  }
}

const OptionTable<JacobiOptions>& JacobiOptions::table() {
  static const OptionTable<JacobiOptions> table(commonOptionFields<JacobiOptions>(
      {option<JacobiOptions>("relaxation", &JacobiOptions::relaxation,
                             "0 <= relaxation <= 1 (0: automatic)", "Damping of the Jacobi update"),
       option<JacobiOptions>("blocks", &JacobiOptions::blocks, "",
                             "Update each contact as a block (blocked Jacobi)"),
       option<JacobiOptions>("threads", &JacobiOptions::threads, ">= 0 (0: all cores)",
                             "Worker threads")}));
  return table;
}

}  // namespace mlcp
