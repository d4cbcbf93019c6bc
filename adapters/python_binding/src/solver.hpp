#pragma once

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/problem.hpp>

#include <memory>
#include <mutex>
#include <optional>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <string>

namespace mlcp::python {

namespace py = pybind11;

/// What mlcp.solve() and Solver.solve() return: copies of x and w, the report, the solver name.
struct SolveResult {
  std::string solver;     ///< registered name of the solver that ran
  py::array_t<double> x;  ///< (n) lambda (unit: N in ODE's force form, N s in the impulse form)
  py::array_t<double> w;  ///< (n) w = A x - b of that x
  SolveReport report;     ///< status, iterations, residuals, time, message, history
};

/// mlcp.Solver: a solver made by name (mlcp::makeSolver) with its keyword options, used by one
/// thread at a time (a mutex serialises calls from several Python threads, with the GIL released
/// while a call waits for it and while it solves).
class Solver {
 public:
  /// @throws as python::makeSolver (solver_keywords.hpp)
  Solver(const std::string& name, const py::dict& options);

  /// The solver; hold lock() while using it outside a Solver member.
  MixedLCP& get() { return *m_solver; }
  const MixedLCP& get() const { return *m_solver; }
  /// The registered name it was made by.
  const std::string& registeredName() const { return m_name; }
  /// Lock of the solver (taken with the GIL released).
  std::mutex& mutex() { return m_mutex; }

  /// Sets the problem and starts from x0 when given, from the problem's x when warmStart, else
  /// from zero (as `mlcp solve`); solves with the GIL released; returns copies.
  /// @throws std::invalid_argument (ValueError) when x0 is not of n finite values
  /// (mlcp::initialGuessError()), before anything changes.
  SolveResult solve(const Problem* problem,
                    const std::optional<Eigen::VectorXd>& x0,
                    bool warmStart);

 private:
  std::string m_name;
  std::unique_ptr<MixedLCP> m_solver;
  std::mutex m_mutex;
};

}  // namespace mlcp::python
