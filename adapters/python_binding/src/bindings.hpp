#pragma once

// The parts of the extension module mlcp._core, one function per file (docs/python.md).

#include "status_enum.hpp"

#include <filesystem>
#include <pybind11/pybind11.h>

namespace mlcp::python {

namespace py = pybind11;

/// mlcp.ParseError and the translation of the library's exceptions (errors.cpp).
void bindErrors(py::module_& m);
/// Raises FileNotFoundError (errno ENOENT, the path as its filename) when nothing exists at
/// path, as open() does; returns otherwise (errors.cpp).
void requireExisting(const std::filesystem::path& path);
/// Problem, Factors, random_problem (problem_binding.cpp).
void bindProblem(py::module_& m);
/// Capabilities, Report, Result, Solver, solve, solver_names (solver_binding.cpp).
void bindSolver(py::module_& m);
/// The readers and writers (file_binding.cpp).
void bindFiles(py::module_& m);
/// residuals, validate, statistics (check_binding.cpp).
void bindChecks(py::module_& m);
/// Scenes, World, Trajectory of libdynamics (dynamics_binding.cpp).
void bindDynamics(py::module_& m);
/// The runs of mlcp compare for mlcp.batch: records, profile, summary (comparison_binding.cpp).
void bindComparison(py::module_& m);

}  // namespace mlcp::python
