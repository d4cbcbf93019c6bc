// mlcp.Capabilities, mlcp.Report, mlcp.Result, mlcp.Solver, mlcp.solve and the
// registry's names.

#include "array_conversion.hpp"
#include "bindings.hpp"
#include "deprecated_alias.hpp"
#include "solver.hpp"
#include "solver_keywords.hpp"

#include <mlcp/core/problem_check.hpp>
#include <mlcp/core/solver_factory.hpp>

#include <fmt/format.h>

#include <pybind11/stl.h>
#include <stdexcept>
#include <string>

namespace mlcp::python {

namespace {

void bindCapabilities(py::module_& m) {
  py::class_<Capabilities>(m, "Capabilities", "What a solver needs and offers.")
      .def_readonly("requires_symmetric_A", &Capabilities::requiresSymmetricA,
                    "uses only the lower triangle of A")
      .def_readonly("uses_initial_guess", &Capabilities::usesInitialGuess,
                    "a warm start x0 changes where it starts")
      .def_readonly("iterative", &Capabilities::iterative, "stops on a tolerance")
      .def_readonly("dense_A", &Capabilities::denseA,
                    "works on a dense copy of A (O(n^2) memory) whatever its form")
      .def_readonly("accepts_boxes", &Capabilities::acceptsBoxes,
                    "rows other than lo = 0, hi = +inf after the nub free ones")
      .def_readonly("accepts_friction_rows", &Capabilities::acceptsFrictionRows,
                    "rows with findex >= 0")
      .def_readonly("accepts_unbounded_rows", &Capabilities::acceptsUnboundedRows, "nub > 0")
      .def_readonly("requires_unbounded_rows", &Capabilities::requiresUnboundedRows,
                    "needs 0 < nub < n")
      .def("__repr__", [](const Capabilities& c) {
        auto text = [](bool on) { return on ? "True" : "False"; };  // as Python prints a bool
        return fmt::format(
            "<mlcp.Capabilities iterative={} dense_A={} boxes={} friction={} nub={}>",
            text(c.iterative), text(c.denseA), text(c.acceptsBoxes), text(c.acceptsFrictionRows),
            text(c.acceptsUnboundedRows));
      });
}

void bindReport(py::module_& m) {
  py::class_<SolveReport> report(m, "Report",
                                 "Everything one solve produced (a copy). Residuals are those of "
                                 "docs/conventions.md for the returned x; NaN before a solve.");
  report.def_readonly("status", &SolveReport::status, "mlcp.Status")
      .def_readonly("message", &SolveReport::message,
                    "why, naming the row or field for InvalidProblem and failures")
      .def_readonly("iterations", &SolveReport::iterations,
                    "iterations (iterative solvers) or friction rounds (Dantzig)")
      .def_readonly("pivots", &SolveReport::pivots, "index-set changes (pivoting solvers)")
      .def_readonly("friction_rounds", &SolveReport::frictionRounds,
                    "Dantzig: re-solves with friction bounds refreshed")
      .def_readonly("residual_abs", &SolveReport::absoluteResidual,
                    "||r||_inf, r_i = x_i - clamp(x_i - w_i, l_i, u_i) (units of x)")
      .def_readonly("residual_rel", &SolveReport::relativeResidual, "||r||_inf / max(1, ||b||_inf)")
      .def_readonly("residual_scaled", &SolveReport::scaledResidual,
                    "the spec's scaled residual, invariant to scaling A and b or single rows")
      .def_readonly("max_bound_violation", &SolveReport::maxBoundViolation,
                    "max_i max(l_i - x_i, x_i - u_i, 0)")
      .def_readonly("max_complementarity_violation", &SolveReport::maxComplementarityViolation,
                    "max_i max(min(x_i - l_i, w_i^+), min(u_i - x_i, w_i^-))")
      .def_readonly("worst_row", &SolveReport::worstRow, "row of the largest |r_i|, -1 if none")
      .def_readonly("solve_seconds", &SolveReport::solveSeconds,
                    "wall time of the solve, validation and residual included (unit: s)")
      .def_property_readonly(
          "residual_history",
          [](const SolveReport& r) {
            return toArray(Eigen::Map<const Eigen::VectorXd>(
                r.residualHistory.data(), static_cast<Eigen::Index>(r.residualHistory.size())));
          },
          "scaled residual per iteration (entry 0: the start) when record_history was set; a "
          "numpy array, empty otherwise")
      .def_property_readonly("succeeded", &SolveReport::succeeded, "status is Converged")
      .def(
          "__bool__", [](const SolveReport& r) { return r.succeeded(); },
          "True only when status is Converged")
      .def("__repr__", [](const SolveReport& r) {
        return fmt::format(
            "<mlcp.Report {} iterations={} pivots={} residual_rel={:.3g} "
            "residual_scaled={:.3g} {:.3g} s>",
            r.status, r.iterations, r.pivots, r.relativeResidual, r.scaledResidual, r.solveSeconds);
      });
  defDeprecatedAlias(report, "mlcp.Report", "absolute_residual", "residual_abs");
  defDeprecatedAlias(report, "mlcp.Report", "relative_residual", "residual_rel");
  defDeprecatedAlias(report, "mlcp.Report", "scaled_residual", "residual_scaled");
  py::class_<SolveResult>(m, "Result", "What a solve returned: x, w, the report, the solver.")
      .def_readonly("x", &SolveResult::x,
                    "(n) lambda, a numpy array (unit: N in ODE's force form, N s in the impulse "
                    "form)")
      .def_readonly("w", &SolveResult::w, "(n) w = A x - b")
      .def_readonly("report", &SolveResult::report, "mlcp.Report")
      .def_readonly("solver", &SolveResult::solver, "registered name of the solver")
      .def_property_readonly(
          "status", [](const SolveResult& r) { return r.report.status; }, "report.status")
      .def_property_readonly(
          "succeeded", [](const SolveResult& r) { return r.report.succeeded(); },
          "report.status is Converged")
      .def(
          "__bool__", [](const SolveResult& r) { return r.report.succeeded(); },
          "True only when status is Converged: `if mlcp.solve(p):` tests for an answer")
      .def("__repr__", [](const SolveResult& r) {
        return fmt::format("<mlcp.Result {} {} n={}>", r.solver, r.report.status, r.x.size());
      });
}

std::optional<Eigen::VectorXd> optionalVector(py::handle x0) {
  if (x0.is_none()) return std::nullopt;
  return Eigen::VectorXd(asVector(vectorArray(x0, "x0")));
}

/// Runs f(solver) under the solver's lock with the GIL released.
template <typename F>
void locked(Solver& s, F f) {
  const py::gil_scoped_release release;
  const std::lock_guard lock(s.mutex());
  f(s.get());
}

void bindSolverSetters(py::class_<Solver>& c) {
  c.def(
       "set_problem",
       [](Solver& s, const Problem& p) { locked(s, [&](MixedLCP& m) { m.setProblem(p); }); },
       py::arg("problem"),
       "Sets A, b, lo, hi, findex, nub from a Problem (copied); its x, if any, becomes the "
       "initial guess (MixedLCP::setProblem).")
      .def(
          "set_matrix",
          [](Solver& s, py::handle A) {
            if (const auto a = fortranMatrix(A)) {
              const Eigen::Map<const Eigen::MatrixXd> map(a->data(), a->shape(0), a->shape(1));
              locked(s, [&](MixedLCP& m) { m.setMatrix(map); });
              return;
            }
            Operator op = toOperator(A);
            locked(s, [&](MixedLCP& m) { m.setMatrix(std::move(op)); });
          },
          py::arg("A"),
          "Sets A (n x n): numpy array (a float64 Fortran-ordered one is copied straight into the "
          "solver's storage, without allocation when n is unchanged), scipy.sparse (kept sparse) "
          "or mlcp.Factors (shared).")
      .def(
          "set_right_side",
          [](Solver& s, py::handle b) {
            const auto a = vectorArray(b, "b");
            locked(s, [&](MixedLCP& m) { m.setRightSide(asVector(a)); });
          },
          py::arg("b"), "Sets b (n), w = A x - b.")
      .def(
          "set_low",
          [](Solver& s, py::handle lo) {
            const auto a = vectorArray(lo, "lo");
            locked(s, [&](MixedLCP& m) { m.setLow(asVector(a)); });
          },
          py::arg("lo"), "Sets lo (n); -inf allowed; ignored on friction rows.")
      .def(
          "set_high",
          [](Solver& s, py::handle hi) {
            const auto a = vectorArray(hi, "hi");
            locked(s, [&](MixedLCP& m) { m.setHigh(asVector(a)); });
          },
          py::arg("hi"), "Sets hi (n); +inf allowed; mu on friction rows.")
      .def(
          "set_friction_index",
          [](Solver& s, py::handle findex) {
            const Eigen::VectorXi f = indexVector(findex, "findex");
            locked(s, [&](MixedLCP& m) { m.setFrictionIndex(f); });
          },
          py::arg("findex"), "Sets findex (n): -1, or the normal row of a friction row.")
      .def(
          "set_number_unbounded",
          [](Solver& s, int nub) { locked(s, [&](MixedLCP& m) { m.setNumberUnbounded(nub); }); },
          py::arg("nub"), "Sets nub, the number of leading free rows.")
      .def(
          "set_initial_guess",
          [](Solver& s, py::handle x0) {
            const auto a = vectorArray(x0, "x0");
            std::string why;
            locked(s, [&](MixedLCP& m) {
              why = initialGuessError(asVector(a), m.size(), "x0");
              if (why.empty()) m.setInitialGuess(asVector(a));
            });
            if (!why.empty()) throw std::invalid_argument(why);
          },
          py::arg("x0"),
          "Warm start x0 (n) for solvers with capabilities.uses_initial_guess, after the "
          "matrix is set. Raises ValueError, naming x0 and the entry, when x0 is not n finite "
          "values (the guess is then left as it was).")
      .def(
          "clear_initial_guess",
          [](Solver& s) { locked(s, [](MixedLCP& m) { m.clearInitialGuess(); }); },
          "The next solve starts from x = 0.");
}

void bindSolverClass(py::module_& m) {
  py::class_<Solver> c(
      m, "Solver",
      "A solver of the registry (mlcp.solver_names()) with its options, holding one problem. "
      "Used as MixedLCP in C++: set_problem() or the set_* calls, then solve(). solve() releases "
      "the GIL; one Solver serves one thread at a time (calls from other threads wait).");
  c.def(py::init([](const std::string& name, const py::kwargs& options) {
          return std::make_unique<Solver>(name, options);
        }),
        py::arg("name") = "dantzig",
        "Solver(name='dantzig', **options): options as keyword arguments (docs/python.md): "
        "max_iterations, relative_tolerance, relaxation, max_seconds, record_history for every "
        "solver; the fields of its options struct for dantzig, lemke, pgs and apgd (keywords).\n"
        "Raises ValueError for an unknown name (listing the known ones) or a value the options "
        "reject (the library's message), TypeError for a keyword the solver does not take.");
  bindSolverSetters(c);
  c.def(
       "solve",
       [](Solver& s, const Problem* problem, py::handle x0, bool warmStart) {
         return s.solve(problem, optionalVector(x0), warmStart);
       },
       py::arg("problem") = py::none(), py::kw_only(), py::arg("x0") = py::none(),
       py::arg("warm_start") = false,
       "Solves the problem given (set first; the start is x0 when given, the problem's x with "
       "warm_start, else zero, as `mlcp solve`), or the one set before. Returns mlcp.Result "
       "(x and w copies, the report). Raises ValueError naming x0 and the entry when x0 is not "
       "n finite values. Bad data set through the set_* calls is Status.InvalidProblem in the "
       "report, not an exception. The GIL is released while solving.")
      .def_property_readonly(
          "name", [](const Solver& s) { return std::string(s.get().name()); },
          "registered name of the method")
      .def_property_readonly(
          "capabilities", [](const Solver& s) { return s.get().capabilities(); },
          "mlcp.Capabilities")
      .def_property_readonly(
          "options", [](const Solver& s) { return solverOptions(s.registeredName(), s.get()); },
          "dict keyword -> value of the options in force")
      .def_property_readonly(
          "keywords", [](const Solver& s) { return solverKeywords(s.registeredName()); },
          "the keyword options this solver takes")
      .def_property_readonly(
          "n", [](const Solver& s) { return s.get().size(); }, "rows of the problem set")
      .def_property_readonly(
          "x", [](const Solver& s) { return toArray(s.get().getLambda()); },
          "(n) x of the last solve (a copy)")
      .def_property_readonly(
          "w", [](const Solver& s) { return toArray(s.get().ref_w()); },
          "(n) w = A x - b of the last solve (a copy)")
      .def_property_readonly(
          "report", [](const Solver& s) { return s.get().report(); },
          "mlcp.Report of the last solve (a copy)")
      .def(
          "problem", [](const Solver& s) { return s.get().problem(); },
          "The problem set so far (a copy).")
      .def("__repr__", [](const Solver& s) {
        return fmt::format("<mlcp.Solver {} n={}>", s.get().name(), s.get().size());
      });
}

}  // namespace

void bindSolver(py::module_& m) {
  bindCapabilities(m);
  bindReport(m);
  bindSolverClass(m);
  m.def("solver_names", &mlcp::solverNames,
        "Names of the registered solvers: the library's, then the peers' of the adapters built "
        "(bullet-*, dart-*, siconos-*). 'islands:NAME' also makes NAME island by island.");
  m.def(
      "solver_descriptions",
      [] {
        py::dict out;
        for (const SolverEntry& e : registeredSolvers()) out[py::str(e.name)] = e.description;
        return out;
      },
      "dict name -> one-line description of each registered solver");
  m.def(
      "make_solver",
      [](const std::string& name, const py::kwargs& options) {
        return std::make_unique<Solver>(name, options);
      },
      py::arg("name"), "mlcp.Solver(name, **options).");
  m.def(
      "solve",
      [](const Problem& problem, const std::string& solver, py::handle x0, bool warmStart,
         const py::kwargs& options) {
        Solver s(solver, options);
        return s.solve(&problem, optionalVector(x0), warmStart);
      },
      py::arg("problem"), py::arg("solver") = "dantzig", py::kw_only(), py::arg("x0") = py::none(),
      py::arg("warm_start") = false,
      "Solves problem (mlcp.Problem) with the solver named `solver` and its keyword options "
      "(see mlcp.Solver). Starts from x0 (n) when given, from problem.x with warm_start, else "
      "from zero. Returns mlcp.Result; the GIL is released while solving.\n"
      "Raises ValueError / TypeError as mlcp.Solver, ValueError naming x0 and the entry when x0 "
      "is not n finite values (mlcp.Problem has checked the problem itself).");
}

}  // namespace mlcp::python
