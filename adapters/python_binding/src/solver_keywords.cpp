#include "solver_keywords.hpp"

#include <mlcp/core/solver_factory.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

namespace mlcp::python {

namespace {

/// `value` as the text an OptionMap holds: true/false, a number's shortest exact text, a str
/// as it is; a TypeError for any other type, in the library's words.
std::string optionText(const OptionSpec& spec, py::handle value) {
  if (py::isinstance<py::bool_>(value)) return formatOptionValue(value.cast<bool>());
  if (py::isinstance<py::int_>(value)) return formatOptionValue(value.cast<long long>());
  if (py::isinstance<py::float_>(value)) return formatOptionValue(value.cast<double>());
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  throw py::type_error(fmt::format("option '{}' takes {}, got {}", spec.name, toString(spec.kind),
                                   py::repr(value).cast<std::string>()));
}

const OptionSpec* findSpec(const std::vector<OptionSpec>& specs, std::string_view name) {
  for (const OptionSpec& spec : specs)
    if (spec.name == name) return &spec;
  return nullptr;
}

/// `value` of the option `spec` as text, checked against its kind (TypeError otherwise).
std::string checkedText(const OptionSpec& spec, py::handle value) {
  std::string text = optionText(spec, value);
  try {
    requireKind(spec, text);
  } catch (const std::invalid_argument& e) {
    throw py::type_error(e.what());
  }
  return text;
}

/// A value read back from a table, as the Python type of its kind (None when not set).
py::object typedValue(const OptionSpec& spec, const std::string& text) {
  if (text.empty()) return py::none();
  switch (spec.kind) {
    case OptionKind::Bool:
      return py::bool_(parseOptionValue<bool>(spec.name, text));
    case OptionKind::Int:
      return py::int_(parseOptionValue<long long>(spec.name, text));
    case OptionKind::Double:
      return py::float_(parseOptionValue<double>(spec.name, text));
    case OptionKind::Choice:
      break;
  }
  return py::str(text);
}

}  // namespace

std::unique_ptr<MixedLCP> makeSolver(const std::string& name, const py::dict& keywords) {
  const SolverEntry entry = findSolver(name);
  OptionMap options;
  for (const auto& [key, value] : keywords) {
    const auto option = key.cast<std::string>();
    const OptionSpec* spec = findSpec(entry.options, option);
    if (spec == nullptr) {
      try {
        throwUnknownOption(name, option, entry.options);
      } catch (const std::invalid_argument& e) {
        throw py::type_error(e.what());
      }
    }
    options[option] = checkedText(*spec, value);
  }
  return mlcp::makeSolver(name, options);
}

std::vector<std::unique_ptr<MixedLCP>> makeSolvers(const std::vector<std::string>& names,
                                                   const py::dict& keywords) {
  std::vector<SolverEntry> entries;
  for (const std::string& name : names) entries.push_back(findSolver(name));
  for (const auto& [key, value] : keywords) {
    const auto option = key.cast<std::string>();
    const auto taker = std::find_if(entries.begin(), entries.end(), [&](const SolverEntry& e) {
      return findSpec(e.options, option) != nullptr;
    });
    if (taker == entries.end())
      throw py::type_error(
          fmt::format("no solver of {} takes option '{}'", fmt::join(names, ", "), option));
  }
  std::vector<std::unique_ptr<MixedLCP>> solvers;
  for (size_t k = 0; k < names.size(); ++k) {
    py::dict own;
    for (const auto& [key, value] : keywords)
      if (findSpec(entries[k].options, key.cast<std::string>()) != nullptr) own[key] = value;
    solvers.push_back(makeSolver(names[k], own));
  }
  return solvers;
}

py::dict solverOptions(const std::string& name, const MixedLCP& solver) {
  const SolverEntry entry = findSolver(name);
  const OptionMap values = solverOptionValues(name, solver);
  py::dict out;
  for (const OptionSpec& spec : entry.options) {
    const auto value = values.find(spec.name);
    out[py::str(spec.name)] = typedValue(spec, value == values.end() ? "" : value->second);
  }
  return out;
}

std::vector<std::string> solverKeywords(const std::string& name) {
  std::vector<std::string> names;
  for (const OptionSpec& spec : findSolver(name).options) names.push_back(spec.name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace mlcp::python
