#include "solver.hpp"

#include "array_conversion.hpp"
#include "solver_keywords.hpp"

namespace mlcp::python {

Solver::Solver(const std::string& name, const py::dict& options)
    : m_solver(makeSolver(name, options)) {}

SolveResult Solver::solve(const Problem* problem,
                          const std::optional<Eigen::VectorXd>& x0,
                          bool warmStart) {
  SolveResult result;
  Eigen::VectorXd x, w;
  {
    const py::gil_scoped_release release;
    const std::lock_guard lock(m_mutex);
    if (problem != nullptr) {
      m_solver->setProblem(*problem);
      if (!warmStart) m_solver->clearInitialGuess();
    }
    if (x0) m_solver->setInitialGuess(*x0);
    result.report = m_solver->solve();
    x = m_solver->getLambda();
    w = m_solver->ref_w();
  }
  result.solver = std::string(m_solver->name());
  result.x = toArray(x);
  result.w = toArray(w);
  return result;
}

}  // namespace mlcp::python
