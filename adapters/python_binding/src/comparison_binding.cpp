// What mlcp.batch builds on: the runs of `mlcp compare` on one problem (its records, with the
// columns of `mlcp compare --json`), the directory expansion and labels of its paths, and the
// performance profile and summary computed from records (the C++ definitions, so that the Python
// figures and tables say what the command line's say).

#include "array_conversion.hpp"
#include "bindings.hpp"
#include "solver_keywords.hpp"

#include <mlcp/compare/compare_run.hpp>
#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/performance_profile.hpp>
#include <mlcp/compare/problem_shape.hpp>
#include <mlcp/compare/problem_source.hpp>
#include <mlcp/compare/record_format.hpp>
#include <mlcp/compare/solved_criterion.hpp>

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <memory>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>
#include <stdexcept>

namespace mlcp::python {

namespace {

/// The keys of a record, as `mlcp compare --json` writes them (record_format.hpp).
std::vector<std::string> recordKeys() {
  std::vector<std::string> keys;
  std::string_view rest = compare::kRecordKeys;
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    keys.emplace_back(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  return keys;
}

py::object number(double value) {
  return std::isfinite(value) ? py::object(py::float_(value)) : py::object(py::none());
}

/// A record as a dict with the keys of `mlcp compare --json`, numbers at full precision (JSON
/// prints 6 digits), NaN and Inf as None (JSON's null), approximation None when empty.
py::dict recordDict(const compare::RunRecord& r) {
  py::dict d;
  d["problem"] = r.problem;
  d["solver"] = r.solver;
  d["n"] = r.n;
  d["nub"] = r.nub;
  d["friction_rows"] = r.frictionRows;
  d["status"] = std::string(toString(r.status));
  d["message"] = r.message;
  d["iterations"] = r.iterations;
  d["pivots"] = r.pivots;
  d["repeats"] = r.repeats;
  d["time_us"] = number(r.timeMicroseconds);
  d["residual_rel"] = number(r.residualRelative);
  d["residual_abs"] = number(r.residualAbsolute);
  d["residual_scaled"] = number(r.residualScaled);
  d["max_bound_violation"] = number(r.maxBoundViolation);
  d["max_complementarity_violation"] = number(r.maxComplementarityViolation);
  d["winner"] = r.winner;
  d["approximation"] = r.approximation.empty() ? py::object(py::none()) : py::str(r.approximation);
  d["applicable"] = r.applicable();
  return d;
}

double numberOf(py::handle value) {
  return value.is_none() ? std::numeric_limits<double>::quiet_NaN() : value.cast<double>();
}

/// What the profile and the summary read of a record given back from Python (a dict or a
/// pandas row as a dict): problem, solver, status, applicable, residual_rel, residual_scaled,
/// time_us, repeats.
compare::RunRecord recordOf(const py::dict& d) {
  compare::RunRecord r;
  r.problem = d["problem"].cast<std::string>();
  r.solver = d["solver"].cast<std::string>();
  r.status = statusFromString(d["status"].cast<std::string>());
  r.notApplicable = d["applicable"].cast<bool>() ? "" : "n/a";
  r.residualRelative = numberOf(d["residual_rel"]);
  r.residualScaled = numberOf(d["residual_scaled"]);
  r.timeMicroseconds = numberOf(d["time_us"]);
  return r;
}

/// Records grouped by problem (order of first appearance), winners marked anew at `threshold`:
/// the batch the profile and the summary are computed from.
compare::CompareBatch batchOf(const py::iterable& records, double threshold) {
  compare::CompareBatch batch;
  std::map<std::string, size_t> index;
  for (const py::handle item : records) {
    compare::RunRecord r = recordOf(py::reinterpret_borrow<py::dict>(item));
    const auto [it, added] = index.emplace(r.problem, batch.size());
    if (added) batch.emplace_back();
    batch[it->second].push_back(std::move(r));
  }
  for (std::vector<compare::RunRecord>& problem : batch) compare::markWinner(problem, threshold);
  return batch;
}

/// Runs the solvers on one problem as `mlcp compare` does; returns the records as dicts.
py::list runProblem(py::handle source,
                    const std::vector<std::string>& solvers,
                    double threshold,
                    int repeat,
                    bool warmStart,
                    const std::string& label,
                    const py::kwargs& options) {
  if (repeat < 1) throw std::invalid_argument(fmt::format("repeat = {}: must be >= 1", repeat));
  const std::vector<std::unique_ptr<MixedLCP>> made = makeSolvers(solvers, options);
  ProblemFile file;
  std::string name = label;
  if (py::isinstance<Problem>(source)) {
    file.problem = source.cast<const Problem&>();
    if (name.empty()) name = file.problem.name;
  } else {
    const auto path = source.cast<std::filesystem::path>();
    if (name.empty()) name = path.string();
    const py::gil_scoped_release release;
    file = readProblemFile(path);
  }
  std::vector<compare::RunRecord> records;
  {
    const py::gil_scoped_release release;
    const compare::ProblemShape shape = compare::shapeOf(file.problem);
    for (const auto& solver : made)
      records.push_back(compare::compareRun(*solver, file, shape, name, repeat, warmStart));
    compare::markWinner(records, threshold);
  }
  py::list out;
  for (const compare::RunRecord& r : records) out.append(recordDict(r));
  return out;
}

void bindProfile(py::module_& m) {
  py::class_<compare::ProfileCurve>(m, "ProfileCurve",
                                    "One solver's curve of a performance profile (Dolan & More "
                                    "2002): rho(tau) = fraction of the problems it applies to that "
                                    "it solved within tau times the fastest time.")
      .def_readonly("solver", &compare::ProfileCurve::solver)
      .def_readonly("problems", &compare::ProfileCurve::problems,
                    "problems the solver applies to (the denominator)")
      .def_readonly("ratios", &compare::ProfileCurve::ratios,
                    "time / fastest time of the problems it solved, ascending (>= 1)")
      .def("fraction", &compare::ProfileCurve::fraction, py::arg("tau"), "rho(tau)")
      .def_property_readonly("legend", &compare::profileLegend, "'solver (solved of applicable)'")
      .def("__repr__", [](const compare::ProfileCurve& c) {
        return fmt::format("<mlcp.ProfileCurve {}>", compare::profileLegend(c));
      });
  m.def(
      "performance_profile",
      [](const py::iterable& records, double threshold) {
        return compare::performanceProfile(batchOf(records, threshold), threshold);
      },
      py::arg("records"), py::arg("threshold"),
      "The curves of `mlcp compare --profile` from records (dicts with problem, solver, status, "
      "applicable, residual_rel, residual_scaled, time_us), winners marked anew at threshold.");
  m.def(
      "profile_text",
      [](int problems, double threshold, int repeats) {
        const compare::ProfileText t =
            compare::performanceProfileText({problems, threshold, repeats});
        return py::make_tuple(t.title, t.xLabel, t.yLabel);
      },
      py::arg("problems"), py::arg("threshold"), py::arg("repeats"),
      "(title lines, x label, y label) of a profile figure, as `mlcp compare --profile` draws "
      "them.");
  m.def("profile_tau_max", &compare::profileTauMax, py::arg("curves"),
        "Right end of the tau axis: max(2, 1.25 x the largest ratio).");
}

}  // namespace

void bindComparison(py::module_& m) {
  m.attr("RECORD_KEYS") = py::tuple(py::cast(recordKeys()));
  m.attr("SOLVED_MEASURE") = std::string(compare::kSolvedMeasure.name);
  m.attr("DEFAULT_THRESHOLD") = compare::kDefaultSolvedThreshold;
  m.def("run_problem", &runProblem, py::arg("source"), py::arg("solvers"),
        py::arg("threshold") = compare::kDefaultSolvedThreshold, py::arg("repeat") = 1,
        py::arg("warm_start") = false, py::arg("label") = "",
        "Runs each named solver (with the keyword options) on one problem as `mlcp compare` "
        "does: a path is read (any format), a Problem used as is; n/a pairs marked, the winner "
        "(fastest solved) marked at threshold. Returns a list of dicts with the keys "
        "RECORD_KEYS. The GIL is released while reading and solving.\n"
        "Raises mlcp.ParseError for an unreadable file, ValueError / TypeError for solver names "
        "and options as mlcp.Solver.");
  m.def(
      "problem_files",
      [](const std::vector<std::string>& paths) {
        std::vector<std::pair<std::string, std::string>> out;
        for (const std::string& path : paths) requireExisting(path);
        for (const compare::LabelledPath& f : compare::problemFiles(paths))
          out.emplace_back(f.label, f.path.string());
        return out;
      },
      py::arg("paths"),
      "(label, path) of every problem file the paths name, as `mlcp compare PATH...` lists "
      "them (a directory's *.blcp, *.dat, *.hdf5, *.h5, sorted, recursively). Raises "
      "FileNotFoundError for a missing path.");
  m.def(
      "summary_text",
      [](const py::iterable& records, double threshold, int repeats) {
        compare::CompareSummary summary(threshold, repeats);
        for (const std::vector<compare::RunRecord>& problem : batchOf(records, threshold))
          summary.add(problem);
        return summary.format();
      },
      py::arg("records"), py::arg("threshold"), py::arg("repeats") = 1,
      "The summary block `mlcp compare` prints after its table, from records.");
  bindProfile(m);
}

}  // namespace mlcp::python
