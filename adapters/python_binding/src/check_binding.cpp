// Checks of a candidate x (the spec's residuals, `mlcp validate`'s verdict and worst rows) and
// `mlcp info`'s problem statistics.

#include "array_conversion.hpp"
#include "bindings.hpp"
#include "deprecated_alias.hpp"

#include <mlcp/compare/problem_statistics.hpp>
#include <mlcp/compare/solution_check.hpp>
#include <mlcp/core/residual.hpp>

#include <fmt/format.h>

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>
#include <stdexcept>

namespace mlcp::python {

namespace {

/// What mlcp.validate() returns.
struct Validation {
  Residuals residuals;
  py::array_t<double> rowResiduals;  ///< (n) |r_i|
  double tolerance = 0.0;
  bool valid = false;
  std::vector<compare::RowViolation> worstRows;
};

/// x as given (an array, or a path to a solution file as `mlcp validate --x` reads), or the
/// problem's own x.
Eigen::VectorXd candidate(const Problem& problem, py::handle x) {
  if (x.is_none()) {
    if (!problem.x)
      throw std::invalid_argument(
          "no solution to check: the problem has no x; give one (x=array or a file path)");
    return *problem.x;
  }
  if (py::isinstance<py::str>(x) || py::hasattr(x, "__fspath__")) {
    const auto path = x.cast<std::filesystem::path>();
    requireExisting(path);
    return compare::readSolution(path, problem.size());
  }
  Eigen::VectorXd v = asVector(vectorArray(x, "x"));
  if (v.size() != problem.size())
    throw std::invalid_argument(
        fmt::format("x has {} entries; the problem has n = {}", v.size(), problem.size()));
  return v;
}

void bindResiduals(py::module_& m) {
  py::class_<Residuals> residuals(m, "Residuals",
                                  "The spec's residuals of a candidate x (docs/conventions.md).");
  residuals
      .def_readonly("residual_abs", &Residuals::absolute,
                    "||r||_inf, r_i = x_i - clamp(x_i - w_i, l_i, u_i) (units of x)")
      .def_readonly("residual_rel", &Residuals::relative, "residual_abs / max(1, ||b||_inf)")
      .def_readonly("residual_scaled", &Residuals::scaled,
                    "the scaled residual, invariant to scaling A and b or single rows")
      .def_readonly("max_bound_violation", &Residuals::maxBoundViolation,
                    "max_i max(l_i - x_i, x_i - u_i, 0)")
      .def_readonly("max_complementarity_violation", &Residuals::maxComplementarityViolation,
                    "max_i max(min(x_i - l_i, w_i^+), min(u_i - x_i, w_i^-))")
      .def_readonly("worst_row", &Residuals::worstRow, "row of the largest |r_i|, -1 if n = 0")
      .def("__repr__", [](const Residuals& r) {
        return fmt::format(
            "<mlcp.Residuals residual_abs={:.3g} residual_rel={:.3g} residual_scaled={:.3g}>",
            r.absolute, r.relative, r.scaled);
      });
  defDeprecatedAlias(residuals, "mlcp.Residuals", "absolute", "residual_abs");
  defDeprecatedAlias(residuals, "mlcp.Residuals", "relative", "residual_rel");
  defDeprecatedAlias(residuals, "mlcp.Residuals", "scaled", "residual_scaled");
  py::class_<compare::RowViolation>(m, "RowViolation",
                                    "One row of a candidate x, as validate lists it.")
      .def_readonly("row", &compare::RowViolation::row)
      .def_property_readonly(
          "kind", [](const compare::RowViolation& v) { return std::string(v.kind); },
          "'bound', 'friction', 'equality' or 'complementarity'")
      .def_readonly("x", &compare::RowViolation::x)
      .def_readonly("w", &compare::RowViolation::w)
      .def_readonly("lower", &compare::RowViolation::lower, "effective bound l_i for this x")
      .def_readonly("upper", &compare::RowViolation::upper, "effective bound u_i for this x")
      .def_readonly("residual", &compare::RowViolation::residual, "|r_i|")
      .def("__repr__", [](const compare::RowViolation& v) {
        return fmt::format("<mlcp.RowViolation row={} {} |r|={:.3g}>", v.row, v.kind, v.residual);
      });
  py::class_<Validation>(m, "Validation", "What validate() found.")
      .def_readonly("residuals", &Validation::residuals, "mlcp.Residuals")
      .def_readonly("row_residuals", &Validation::rowResiduals, "(n) |r_i| per row")
      .def_readonly("tolerance", &Validation::tolerance)
      .def_readonly("valid", &Validation::valid,
                    "relative residual and largest bound violation <= tolerance")
      .def_readonly("worst_rows", &Validation::worstRows,
                    "list of mlcp.RowViolation, largest |r_i| first")
      .def("__repr__", [](const Validation& v) {
        return fmt::format(
            "<mlcp.Validation valid={} residual_rel={:.3g} residual_scaled={:.3g} tolerance={:.3g} "
            "worst_row={}>",
            v.valid ? "True" : "False", v.residuals.relative, v.residuals.scaled, v.tolerance,
            v.residuals.worstRow);
      });
}

void bindStatistics(py::module_& m) {
  using S = compare::ProblemStatistics;
  py::class_<S>(m, "Statistics", "What `mlcp info` reports about a problem (docs/cli.md).")
      .def_readonly("n", &S::n)
      .def_readonly("nub", &S::nub)
      .def_readonly("friction_rows", &S::frictionRows)
      .def_property_readonly(
          "form", [](const S& s) { return std::string(toString(s.form)); }, "how A is held")
      .def_readonly("non_zeros", &S::nonZeros, "entries of A that are not 0")
      .def_readonly("density", &S::density, "non_zeros / n^2")
      .def_readonly("asymmetry", &S::asymmetry, "max |A - A^T| / max |A| (0: symmetric)")
      .def_readonly("diagonal_min", &S::diagonalMin)
      .def_readonly("diagonal_max", &S::diagonalMax)
      .def_readonly("zero_diagonal", &S::zeroDiagonal)
      .def_readonly("negative_diagonal", &S::negativeDiagonal)
      .def_readonly("free_rows", &S::freeRows, "lo = -inf, hi = +inf")
      .def_readonly("lower_only", &S::lowerOnly, "finite lo, hi = +inf")
      .def_readonly("standard_lcp", &S::standardLcp, "of which lo = 0")
      .def_readonly("upper_only", &S::upperOnly, "lo = -inf, finite hi")
      .def_readonly("boxed", &S::boxed, "finite lo < hi")
      .def_readonly("fixed", &S::fixed, "lo = hi")
      .def_readonly("normal_rows", &S::normalRows, "rows friction rows point at")
      .def_readonly("tangents_per_normal", &S::tangentsPerNormal,
                    "dict friction rows per normal -> how many normals")
      .def_readonly("mu_min", &S::muMin)
      .def_readonly("mu_max", &S::muMax)
      .def_readonly("negative_normals", &S::negativeNormals)
      .def_readonly("b_norm", &S::bNorm, "||b||_inf")
      .def_readonly("has_solution", &S::hasSolution)
      .def_readonly("condition_estimate", &S::conditionEstimate,
                    "1-norm condition estimate (1 / rcond of an LU), None when skipped")
      .def_readonly("symmetric_eigen_min", &S::symmetricEigenMin,
                    "smallest eigenvalue of (A + A^T) / 2, None when skipped")
      .def_readonly("symmetric_eigen_max", &S::symmetricEigenMax)
      .def_property_readonly("definiteness", &compare::definiteness,
                             "'positive definite', 'positive semi-definite', 'indefinite' or "
                             "'not computed'")
      .def("__repr__", [](const S& s) {
        return fmt::format(
            "<mlcp.Statistics n={} nub={} friction_rows={} form={} density={:.3g} "
            "asymmetry={:.3g} definiteness='{}'>",
            s.n, s.nub, s.frictionRows, toString(s.form), s.density, s.asymmetry,
            compare::definiteness(s));
      });
}

}  // namespace

void bindChecks(py::module_& m) {
  bindResiduals(m);
  bindStatistics(m);
  m.def(
      "residuals",
      [](const Problem& problem, py::handle x) {
        const Eigen::VectorXd v = candidate(problem, x);
        const py::gil_scoped_release release;
        return computeResiduals(problem, v);
      },
      py::arg("problem"), py::arg("x") = py::none(),
      "The spec's residuals (mlcp.Residuals) of x (n; default: problem.x). Raises ValueError "
      "for a wrong size or no x.");
  m.def(
      "validate",
      [](const Problem& problem, py::handle x, int top, double tolerance) {
        const Eigen::VectorXd v = candidate(problem, x);
        Validation out;
        Eigen::VectorXd perRow;
        {
          const py::gil_scoped_release release;
          out.residuals = computeResiduals(problem, v, &perRow);
          out.worstRows = compare::worstRows(problem, v, top);
        }
        out.rowResiduals = toArray(perRow);
        out.tolerance = tolerance;
        out.valid = compare::isValidSolution(out.residuals, tolerance);
        return out;
      },
      py::arg("problem"), py::arg("x") = py::none(), py::arg("top") = 10,
      py::arg("tolerance") = 1e-8,
      "Checks a candidate x (an array (n), a solution file path as `mlcp validate --x` reads, "
      "or by default problem.x) as `mlcp validate` does: residuals, |r_i| per row, the `top` "
      "worst rows by kind, and valid = relative residual and bound violation <= tolerance.\n"
      "Raises ValueError for a wrong size or no x, FileNotFoundError for a missing solution "
      "file, mlcp.ParseError for a bad one.");
  m.def(
      "statistics",
      [](const Problem& problem, int maxDenseFactor, int maxEigen) {
        const py::gil_scoped_release release;
        return compare::computeStatistics(problem, maxDenseFactor, maxEigen);
      },
      py::arg("problem"), py::arg("max_dense_factor") = 3000, py::arg("max_eigen") = 1500,
      "Problem statistics as `mlcp info` prints them (mlcp.Statistics): structure of A, bounds "
      "mix, friction structure; the condition estimate (O(n^3)) is skipped for n > "
      "max_dense_factor, the eigenvalues for n > max_eigen.");
}

}  // namespace mlcp::python
