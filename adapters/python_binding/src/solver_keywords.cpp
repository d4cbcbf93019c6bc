#include "solver_keywords.hpp"

#include <mlcp/core/solver_factory.hpp>
#include <mlcp/gradient/apgd_solver.hpp>
#include <mlcp/pivoting/dantzig_solver.hpp>
#include <mlcp/pivoting/lemke_solver.hpp>
#include <mlcp/splitting/pgs_solver.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <type_traits>

namespace mlcp::python {

namespace {

template <typename T>
constexpr const char* pythonTypeName() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  if constexpr (std::is_integral_v<T>) return "int";
  return "float";
}

/// `value` as a T, or a TypeError naming the solver, the keyword and the type it takes.
template <typename T>
T castKeyword(py::handle value, std::string_view solver, std::string_view key) {
  try {
    return value.cast<T>();
  } catch (const py::cast_error&) {
    throw py::type_error(fmt::format("solver '{}': keyword {} takes {}, got {}", solver, key,
                                     pythonTypeName<T>(), py::repr(value).cast<std::string>()));
  }
}

/// One keyword of an options struct: how to set it from Python and read it back.
template <typename Options>
struct Field {
  std::string name;
  std::function<void(Options&, py::handle, std::string_view solver)> set;
  std::function<py::object(const Options&)> get;
};

/// The keyword `name` for the member `member` of Options (or of a base of it).
template <typename Options, typename Member>
Field<Options> field(std::string name, Member member) {
  using T = std::decay_t<decltype(std::declval<Options&>().*member)>;
  const std::string key = name;
  return {std::move(name),
          [member, key](Options& o, py::handle value, std::string_view solver) {
            if constexpr (std::is_same_v<T, std::optional<int>> ||
                          std::is_same_v<T, std::optional<double>> ||
                          std::is_same_v<T, std::optional<bool>>)
              o.*member = castKeyword<typename T::value_type>(value, solver, key);
            else
              o.*member = castKeyword<T>(value, solver, key);
          },
          [member](const Options& o) { return py::cast(o.*member); }};
}

/// The settings every solver takes (mlcp::SolverSettings, as the command line's options).
std::vector<Field<SolverSettings>> settingFields() {
  return {field<SolverSettings>("max_iterations", &SolverSettings::maxIterations),
          field<SolverSettings>("relative_tolerance", &SolverSettings::relativeTolerance),
          field<SolverSettings>("relaxation", &SolverSettings::relaxation),
          field<SolverSettings>("max_seconds", &SolverSettings::maxSeconds),
          field<SolverSettings>("record_history", &SolverSettings::recordHistory)};
}

/// The fields of SolverOptions, for any options struct derived from it.
template <typename Options>
std::vector<Field<Options>> commonFields() {
  return {field<Options>("max_iterations", &SolverOptions::maxIterations),
          field<Options>("absolute_tolerance", &SolverOptions::absoluteTolerance),
          field<Options>("relative_tolerance", &SolverOptions::relativeTolerance),
          field<Options>("max_seconds", &SolverOptions::maxSeconds),
          field<Options>("record_history", &SolverOptions::recordHistory)};
}

std::vector<Field<DantzigOptions>> fieldsOf(const DantzigOptions*) {
  auto f = commonFields<DantzigOptions>();
  f.push_back(field<DantzigOptions>("max_pivots", &DantzigOptions::maxPivots));
  f.push_back(field<DantzigOptions>("pivot_tolerance", &DantzigOptions::pivotTolerance));
  f.push_back(field<DantzigOptions>("symmetry_tolerance", &DantzigOptions::symmetryTolerance));
  f.push_back(
      field<DantzigOptions>("refresh_friction_bounds", &DantzigOptions::refreshFrictionBounds));
  return f;
}

std::vector<Field<LemkeOptions>> fieldsOf(const LemkeOptions*) {
  auto f = commonFields<LemkeOptions>();
  f.push_back(field<LemkeOptions>("max_pivots", &LemkeOptions::maxPivots));
  f.push_back(field<LemkeOptions>("pivot_tolerance", &LemkeOptions::pivotTolerance));
  f.push_back(field<LemkeOptions>("refactor_interval", &LemkeOptions::refactorInterval));
  f.push_back(field<LemkeOptions>("elimination_tolerance", &LemkeOptions::eliminationTolerance));
  f.push_back(field<LemkeOptions>("max_rows", &LemkeOptions::maxRows));
  return f;
}

std::vector<Field<PgsOptions>> fieldsOf(const PgsOptions*) {
  auto f = commonFields<PgsOptions>();
  f.push_back(field<PgsOptions>("relaxation", &PgsOptions::relaxation));
  f.push_back(field<PgsOptions>("residual_interval", &PgsOptions::residualInterval));
  f.push_back(field<PgsOptions>("delta_x_tolerance", &PgsOptions::deltaXTolerance));
  f.push_back(field<PgsOptions>("randomize_order", &PgsOptions::randomizeOrder));
  f.push_back(field<PgsOptions>("seed", &PgsOptions::seed));
  return f;
}

std::vector<Field<ApgdOptions>> fieldsOf(const ApgdOptions*) {
  auto f = commonFields<ApgdOptions>();
  f.push_back(
      field<ApgdOptions>("diagonal_preconditioning", &ApgdOptions::diagonalPreconditioning));
  f.push_back(field<ApgdOptions>("adaptive_restart", &ApgdOptions::adaptiveRestart));
  f.push_back(field<ApgdOptions>("backtrack_factor", &ApgdOptions::backtrackFactor));
  f.push_back(field<ApgdOptions>("step_growth_factor", &ApgdOptions::stepGrowthFactor));
  f.push_back(field<ApgdOptions>("max_backtracks", &ApgdOptions::maxBacktracks));
  f.push_back(field<ApgdOptions>("delta_x_tolerance", &ApgdOptions::deltaXTolerance));
  return f;
}

template <typename Options>
std::vector<std::string> namesOf(const std::vector<Field<Options>>& fields) {
  std::vector<std::string> names;
  for (const Field<Options>& f : fields) names.push_back(f.name);
  return names;
}

template <typename Options>
const Field<Options>* find(const std::vector<Field<Options>>& fields, std::string_view name) {
  for (const Field<Options>& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

[[noreturn]] void unknownKeyword(const MixedLCP& solver, const std::string& key) {
  throw py::type_error(fmt::format("solver '{}' takes no keyword '{}'; it takes: {}", solver.name(),
                                   key, fmt::join(solverKeywords(solver), ", ")));
}

/// Applies `keywords` to the options of solver when it is a SolverType; false when it is not.
template <typename SolverType>
bool applyOptions(MixedLCP& solver, const py::dict& keywords) {
  auto* typed = dynamic_cast<SolverType*>(&solver);
  if (typed == nullptr) return false;
  auto options = typed->options();
  const auto fields = fieldsOf(&options);
  for (const auto& [key, value] : keywords) {
    const auto name = py::cast<std::string>(key);
    const auto* f = find(fields, name);
    if (f == nullptr) unknownKeyword(solver, name);
    f->set(options, value, solver.name());
  }
  typed->setOptions(options);  // std::invalid_argument naming the violated constraint
  return true;
}

template <typename SolverType>
bool readOptions(const MixedLCP& solver, py::dict& out) {
  const auto* typed = dynamic_cast<const SolverType*>(&solver);
  if (typed == nullptr) return false;
  const auto& options = typed->options();
  for (const auto& f : fieldsOf(&options)) out[py::str(f.name)] = f.get(options);
  return true;
}

/// The options of the library's own solvers into `out`; false for any other solver.
bool readBuiltInOptions(const MixedLCP& solver, py::dict& out) {
  return readOptions<DantzigSolver>(solver, out) || readOptions<LemkeSolver>(solver, out) ||
         readOptions<PgsSolver>(solver, out) || readOptions<ApgdSolver>(solver, out);
}

}  // namespace

std::unique_ptr<MixedLCP> makeSolver(const std::string& name, const py::dict& keywords) {
  const auto settingsFields = settingFields();
  SolverSettings settings;
  py::dict rest;
  for (const auto& [key, value] : keywords) {
    const std::string k = key.cast<std::string>();
    if (const auto* f = find(settingsFields, k))
      f->set(settings, value, name);
    else
      rest[key] = value;
  }
  std::unique_ptr<MixedLCP> solver = mlcp::makeSolver(name, settings);
  if (rest.empty()) return solver;
  if (!applyOptions<DantzigSolver>(*solver, rest) && !applyOptions<LemkeSolver>(*solver, rest) &&
      !applyOptions<PgsSolver>(*solver, rest) && !applyOptions<ApgdSolver>(*solver, rest))
    unknownKeyword(*solver, rest.begin()->first.cast<std::string>());
  return solver;
}

py::dict solverOptions(const MixedLCP& solver) {
  py::dict out;
  if (readBuiltInOptions(solver, out)) return out;
  const SolverOptions& common = solver.commonOptions();
  for (const auto& f : commonFields<SolverOptions>()) out[py::str(f.name)] = f.get(common);
  return out;
}

std::vector<std::string> solverKeywords(const MixedLCP& solver) {
  std::set<std::string> names;
  for (const std::string& n : namesOf(settingFields())) names.insert(n);
  py::dict builtIn;
  readBuiltInOptions(solver, builtIn);
  for (const auto& [key, value] : builtIn) names.insert(key.cast<std::string>());
  return {names.begin(), names.end()};
}

}  // namespace mlcp::python
