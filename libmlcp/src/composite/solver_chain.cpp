#include "composite/solver_chain.hpp"

#include "composite/stage.hpp"
#include "core/report_message.hpp"

#include <limits>

namespace mlcp::detail {

int SolverChain::add(std::unique_ptr<MixedLCP> stage) {
  m_stages.push_back(std::move(stage));
  m_factories.emplace_back();
  m_hooks.emplace_back();
  m_stagedVersion.push_back(~std::uint64_t{0});
  return size() - 1;
}

int SolverChain::add(Factory make, NewMatrixHook onNewMatrix) {
  m_stages.emplace_back();
  m_factories.push_back(std::move(make));
  m_hooks.push_back(std::move(onNewMatrix));
  m_stagedVersion.push_back(~std::uint64_t{0});
  return size() - 1;
}

MixedLCP& SolverChain::made(int k) {
  std::unique_ptr<MixedLCP>& stage = m_stages[static_cast<size_t>(k)];
  if (!stage) stage = m_factories[static_cast<size_t>(k)]();
  return *stage;
}

void SolverChain::reserve(int stages) {
  const auto count = static_cast<size_t>(stages);
  m_stages.reserve(count);
  m_factories.reserve(count);
  m_hooks.reserve(count);
  m_stagedVersion.reserve(count);
}

void SolverChain::resize(int n) { m_start.resize(n); }

void SolverChain::prepare(int k, int n) {
  made(k).viewMatrixChanged(n);
  m_stagedVersion[static_cast<size_t>(k)] = ~std::uint64_t{0};
}

void SolverChain::run(const ProblemView& problem,
                      std::uint64_t version,
                      const int* order,
                      int count,
                      Eigen::VectorXd& x,
                      SolveReport& report) {
  start(x);
  if (!proceed(problem, version, order, count, x, report)) finish(x, report);
}

void SolverChain::start(const Eigen::VectorXd& x) {
  m_used = -1;
  m_best = std::numeric_limits<double>::infinity();
  m_numericalFailure = false;
  m_start = x;
}

bool SolverChain::proceed(const ProblemView& problem,
                          std::uint64_t version,
                          const int* order,
                          int count,
                          Eigen::VectorXd& x,
                          SolveReport& report) {
  for (int position = 0; position < count; ++position) {
    const int k = order[position];
    MixedLCP& stage = made(k);
    if (m_stagedVersion[static_cast<size_t>(k)] != version) {
      stage.viewMatrixChanged(problem.size());
      m_stagedVersion[static_cast<size_t>(k)] = version;
      if (m_hooks[static_cast<size_t>(k)]) m_hooks[static_cast<size_t>(k)](stage);
    }
    const SolveReport& r = stage.solveView(problem, m_start);
    appendMessage(report.message, position > 0 ? "; " : "", stage.name(), ": ", toString(r.status));
    if (r.status != Status::Converged) appendMessage(report.message, " (", r.message, ")");
    report.pivots += r.pivots;
    report.iterations += r.iterations;
    m_numericalFailure = m_numericalFailure || r.status == Status::NumericalFailure;
    if (!isAnswer(r.status) || !stage.getLambda().allFinite()) continue;
    const double figure = stage.commonOptions().stoppingFigure(
        r.absoluteResidual, r.relativeResidual, r.scaledResidual);
    if (r.status == Status::Converged || figure < m_best || m_used < 0) {
      m_best = figure;
      x = stage.getLambda();
      if (isStart(r.status)) m_start = x;
      report.status = r.status;
      m_used = k;
    }
    if (r.status == Status::Converged) return true;
  }
  return false;
}

void SolverChain::finish(Eigen::VectorXd& x, SolveReport& report) const {
  if (m_used >= 0) return;
  report.status = m_numericalFailure ? Status::NumericalFailure : Status::Unsupported;
  x.setZero();
}

}  // namespace mlcp::detail
