#include "solver.hpp"

#include "array_conversion.hpp"
#include "solver_keywords.hpp"

#include <mlcp/core/problem_check.hpp>

#include <stdexcept>
#include <string>

namespace mlcp::python {

Solver::Solver(const std::string& name, const py::dict& options)
    : m_name(name), m_solver(makeSolver(name, options)) {}

SolveResult Solver::solve(const Problem* problem,
                          const std::optional<Eigen::VectorXd>& x0,
                          bool warmStart) {
  SolveResult result;
  Eigen::VectorXd x, w;
  {
    const py::gil_scoped_release release;
    const std::lock_guard lock(m_mutex);
    if (x0) {  // the library's rule, raised here rather than reported after a solve
      const int n = problem != nullptr ? static_cast<int>(problem->A.rows()) : m_solver->size();
      if (std::string why = initialGuessError(*x0, n, "x0"); !why.empty())
        throw std::invalid_argument(why);
    }
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
