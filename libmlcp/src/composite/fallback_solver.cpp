#include "composite/solver_chain.hpp"

#include <mlcp/composite/fallback_solver.hpp>

#include <stdexcept>

namespace mlcp {

const std::vector<std::string_view>& fallbackStageNames() {
  static const std::vector<std::string_view> names = {"dantzig", "newton", "lemke", "apgd", "pgs"};
  return names;
}

FallbackSolver::FallbackSolver(std::vector<std::unique_ptr<MixedLCP>> stages)
    : m_chain(std::make_unique<detail::SolverChain>()) {
  if (stages.empty()) throw std::invalid_argument("FallbackSolver needs at least one stage");
  for (auto& stage : stages) {
    if (!stage) throw std::invalid_argument("FallbackSolver: a stage is a null pointer");
    m_order.push_back(m_chain->add(std::move(stage)));
  }
}

FallbackSolver::~FallbackSolver() = default;

int FallbackSolver::usedStage() const { return m_chain->used(); }
int FallbackSolver::stageCount() const { return m_chain->size(); }
const MixedLCP& FallbackSolver::stage(int k) const { return m_chain->stage(k); }

Capabilities FallbackSolver::capabilities() const {
  // A need holds only if every stage has it; anything else if any stage offers it.
  Capabilities c;
  c.requiresSymmetricA = c.requiresUnboundedRows = true;
  c.acceptsBoxes = c.acceptsFrictionRows = c.acceptsUnboundedRows = false;
  for (int k = 0; k < m_chain->size(); ++k) {
    const Capabilities s = m_chain->stage(k).capabilities();
    c.usesInitialGuess = c.usesInitialGuess || s.usesInitialGuess;
    c.iterative = c.iterative || s.iterative;
    c.requiresSymmetricA = c.requiresSymmetricA && s.requiresSymmetricA;
    c.requiresUnboundedRows = c.requiresUnboundedRows && s.requiresUnboundedRows;
    c.acceptsBoxes = c.acceptsBoxes || s.acceptsBoxes;
    c.acceptsFrictionRows = c.acceptsFrictionRows || s.acceptsFrictionRows;
    c.acceptsUnboundedRows = c.acceptsUnboundedRows || s.acceptsUnboundedRows;
  }
  return c;
}

const SolverOptions& FallbackSolver::commonOptions() const {
  const int used = m_chain->used();
  return m_chain->stage(used >= 0 ? used : 0).commonOptions();
}

void FallbackSolver::doSetup(int n) { m_chain->resize(n); }

void FallbackSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  report.message.clear();
  m_chain->run(problem, matrixVersion(), m_order.data(), static_cast<int>(m_order.size()), x,
               report);
  if (m_chain->used() >= 0) takeResidualsOf(m_chain->stage(m_chain->used()));
  if (m_chain->used() != 0) ++m_fallbacks;
}

}  // namespace mlcp
