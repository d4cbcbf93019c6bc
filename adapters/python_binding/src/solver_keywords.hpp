#pragma once

// Solver options as Python keyword arguments (docs/python.md, "Solvers and options").
//
// Every solver takes the settings of mlcp::SolverSettings, as the command line does:
// max_iterations, relative_tolerance, relaxation (PGS's omega), max_seconds, record_history;
// each applies those that mean something to it. The library's own solvers also take the fields
// of their option structs (DantzigOptions, LemkeOptions, PgsOptions, ApgdOptions and the common
// SolverOptions), in snake_case: absolute_tolerance, max_pivots, pivot_tolerance, seed, ...
// A keyword a solver does not take is a TypeError naming those it takes; a value its options
// reject is a ValueError with the library's message (SolverOptions::isValid).

#include <mlcp/core/mixed_lcp.hpp>

#include <memory>
#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace mlcp::python {

namespace py = pybind11;

/// The solver registered as `name` (mlcp::makeSolver) with `keywords` applied.
/// @throws std::invalid_argument for an unknown name or a rejected value; py::type_error for a
///         keyword the solver does not take or a value of the wrong type
std::unique_ptr<MixedLCP> makeSolver(const std::string& name, const py::dict& keywords);

/// The solver's options as a dict keyword -> value: the fields of its option struct for the
/// library's solvers, the common SolverOptions for the others.
py::dict solverOptions(const MixedLCP& solver);

/// The keywords `solver` takes, sorted.
std::vector<std::string> solverKeywords(const MixedLCP& solver);

}  // namespace mlcp::python
