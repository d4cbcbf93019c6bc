#include <mlcp/fallback_solver.hpp>

#include <fmt/format.h>

#include <iterator>
#include <limits>
#include <stdexcept>

namespace mlcp {

FallbackSolver::FallbackSolver(std::vector<std::unique_ptr<MixedLCP>> stages)
    : m_stages(std::move(stages)) {
  if (m_stages.empty()) throw std::invalid_argument("FallbackSolver needs at least one stage");
  for (const auto& stage : m_stages)
    if (!stage) throw std::invalid_argument("FallbackSolver: a stage is a null pointer");
}

FallbackSolver::~FallbackSolver() = default;

Capabilities FallbackSolver::capabilities() const {
  // A need holds only if every stage has it; anything else if any stage offers it.
  Capabilities c;
  c.requiresSymmetricA = c.requiresUnboundedRows = true;
  c.acceptsBoxes = c.acceptsFrictionRows = c.acceptsUnboundedRows = false;
  for (const auto& stage : m_stages) {
    const Capabilities s = stage->capabilities();
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
  return m_stages.front()->commonOptions();
}

void FallbackSolver::doSetup(int n) { m_initialGuess.resize(n); }

void FallbackSolver::doSolve(const ProblemView& problem, Eigen::VectorXd& x, SolveReport& report) {
  m_used = -1;
  report.message.clear();
  auto out = std::back_inserter(report.message);
  double bestResidual = std::numeric_limits<double>::infinity();
  m_initialGuess = x;
  if (m_stagedVersion != matrixVersion()) {  // the stages keep their copy of A until it changes
    for (const auto& stage : m_stages) stage->setMatrix(problem.A);
    m_stagedVersion = matrixVersion();
  }
  for (size_t k = 0; k < m_stages.size(); ++k) {
    MixedLCP& stage = *m_stages[k];
    stage.setRightSide(problem.b);
    stage.setLow(problem.lo);
    stage.setHigh(problem.hi);
    stage.setFrictionIndex(problem.findex);
    stage.setNumberUnbounded(problem.nub);
    stage.setInitialGuess(m_initialGuess);
    const SolveReport& r = stage.solve();
    if (k > 0) fmt::format_to(out, "; ");
    fmt::format_to(out, "{}: {}", stage.name(), r.status);
    if (r.status != Status::Converged) fmt::format_to(out, " ({})", r.message);
    report.pivots += r.pivots;
    report.iterations += r.iterations;
    const bool finite = stage.getLambda().allFinite();
    if (finite && (r.status == Status::Converged || r.relativeResidual < bestResidual)) {
      bestResidual = r.relativeResidual;
      x = stage.getLambda();
      report.status = r.status;
      m_used = static_cast<int>(k);
    }
    if (r.status == Status::Converged) break;
  }
  if (m_used != 0) ++m_fallbacks;
  if (m_used < 0) report.status = Status::NumericalFailure;
}

}  // namespace mlcp
