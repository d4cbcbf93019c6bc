#pragma once

// Solver options as Python keyword arguments (docs/python.md, "Solvers and options"): the
// solver's options table (mlcp::SolverEntry::options), as the command line's flags. A keyword
// the solver does not take, or a value not of the option's kind, is a TypeError; a value its
// options reject is a ValueError; both carry the library's message, the CLI's.

#include <mlcp/core/mixed_lcp.hpp>

#include <memory>
#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace mlcp::python {

namespace py = pybind11;

/// The solver registered as `name` (mlcp::makeSolver) with `keywords` applied.
/// @throws std::invalid_argument for an unknown name or a rejected value; py::type_error for a
///         keyword the solver does not take or a value of the wrong kind
std::unique_ptr<MixedLCP> makeSolver(const std::string& name, const py::dict& keywords);

/// The solvers `names`, each with the keywords its table has, for a comparison.
/// @throws as makeSolver(), and py::type_error for a keyword no solver of `names` takes
std::vector<std::unique_ptr<MixedLCP>> makeSolvers(const std::vector<std::string>& names,
                                                   const py::dict& keywords);

/// The options of `solver`, made as `name`, as a dict keyword -> value, read through its table.
py::dict solverOptions(const std::string& name, const MixedLCP& solver);

/// The keywords the solver registered as `name` takes, sorted.
std::vector<std::string> solverKeywords(const std::string& name);

}  // namespace mlcp::python
