#pragma once

#include <mlcp/core/options.hpp>

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace mlcp {

/// The type of an option's value.
enum class OptionKind {
  Bool,    ///< "true" / "false"
  Int,     ///< a whole number
  Double,  ///< a real number
  Choice,  ///< one of the names the option lists (an enumerator)
};

/// "bool", "int", "float" or "choice": the kind as the CLI and Python name it.
std::string_view toString(OptionKind kind);

/// Options by name with their values as text ("1.3", "true", "min-map"): what makeSolver() takes
/// from a command line or Python keyword arguments, and what a solver's table reads back.
using OptionMap = std::map<std::string, std::string, std::less<>>;

/// One row of a solver's options table (docs/design.md, "Adding a solver"): the one description
/// of an option that the CLI flags, the Python keyword arguments and the listings read.
struct OptionSpec {
  std::string name;  ///< snake_case: Python's keyword; the CLI flag is --name, '-' for '_'
  OptionKind kind = OptionKind::Double;  ///< the type of the value
  std::string defaultValue;              ///< the solver's default, as text
  std::string range;  ///< the valid values ("0 < relaxation < 2", "a | b"); "" for any
  std::string doc;    ///< one line
};

/// Formats a value as an OptionMap holds it: "true"/"false", the shortest text of a double that
/// reads back exactly, an integer's digits.
std::string formatOptionValue(bool value);
/// As formatOptionValue(bool), for an integer.
std::string formatOptionValue(long long value);
/// As formatOptionValue(bool), for a double.
std::string formatOptionValue(double value);

/// `text` as a T (bool, an integer type or double).
/// @throws std::invalid_argument "option 'NAME' takes KIND, got 'TEXT'".
template <class T>
T parseOptionValue(std::string_view name, std::string_view text);

/// Checks that `text` is a value of the kind of `spec` (a Choice: one of the names of its range).
/// @throws std::invalid_argument with the message parseOptionValue() or the table gives.
void requireKind(const OptionSpec& spec, std::string_view text);

/// One option of an options struct Options: its description and how to set and read it.
template <class Options>
struct OptionField {
  OptionSpec spec;                                           ///< the row (defaultValue unset)
  std::function<void(Options&, std::string_view text)> set;  ///< parses text into the field
  std::function<std::string(const Options&)> get;            ///< the field as text
};

/// The option `name` for the field `member` (bool, integer or double) of Options or of a base.
template <class Options, class Class, class T>
OptionField<Options> option(std::string name,
                            T Class::*member,
                            std::string range,
                            std::string doc) {
  static_assert(std::is_base_of_v<Class, Options> && std::is_arithmetic_v<T>);
  constexpr OptionKind kind = std::is_same_v<T, bool>       ? OptionKind::Bool
                              : std::is_floating_point_v<T> ? OptionKind::Double
                                                            : OptionKind::Int;
  const std::string key = name;
  return {{std::move(name), kind, {}, std::move(range), std::move(doc)},
          [member, key](Options& o, std::string_view text) {
            o.*member = parseOptionValue<T>(key, text);
          },
          [member](const Options& o) {
            if constexpr (std::is_same_v<T, bool> || std::is_floating_point_v<T>)
              return formatOptionValue(o.*member);
            else
              return formatOptionValue(static_cast<long long>(o.*member));
          }};
}

/// The option `name` for the field `member` of the struct `part` of Options, such as
/// BppOptions::lowRank's LowRankLimits::maxRank as "low_rank_max_rank": a flat name for a nested
/// field, as the CLI flags and Python keywords take it.
template <class Options, class Part, class Class, class T>
OptionField<Options> option(
    std::string name, Part Options::*part, T Class::*member, std::string range, std::string doc) {
  OptionField<Part> field = option<Part>(std::move(name), member, std::move(range), std::move(doc));
  return {
      std::move(field.spec),
      [part, set = std::move(field.set)](Options& o, std::string_view text) { set(o.*part, text); },
      [part, get = std::move(field.get)](const Options& o) { return get(o.*part); }};
}

/// Throws std::invalid_argument "option 'NAME' takes one of A | B, got 'TEXT'".
[[noreturn]] void throwBadChoice(std::string_view name,
                                 std::string_view choices,
                                 std::string_view text);

/// The option `name` for the enumeration field `member` of Options, its values named by
/// `choices` (name, enumerator) pairs; the range lists the names.
template <class Options, class Enum>
OptionField<Options> choice(std::string name,
                            Enum Options::*member,
                            std::vector<std::pair<std::string, Enum>> choices,
                            std::string doc) {
  std::string range;
  for (const auto& c : choices) range += (range.empty() ? "" : " | ") + c.first;
  const std::string key = name;
  return {{std::move(name), OptionKind::Choice, {}, range, std::move(doc)},
          [member, key, choices, range](Options& o, std::string_view text) {
            for (const auto& [label, value] : choices) {
              if (label != text) continue;
              o.*member = value;
              return;
            }
            throwBadChoice(key, range, text);
          },
          [member, choices](const Options& o) {
            for (const auto& [label, value] : choices)
              if (o.*member == value) return label;
            return std::string();
          }};
}

/// The options of mlcp::SolverOptions (max_iterations, absolute_tolerance, relative_tolerance,
/// max_seconds, record_history), which every solver of the library takes, followed by `own`.
template <class Options>
std::vector<OptionField<Options>> commonOptionFields(std::vector<OptionField<Options>> own) {
  std::vector<OptionField<Options>> fields = {
      option<Options>("max_iterations", &SolverOptions::maxIterations, ">= 1",
                      "Iterations (sweeps, steps) or, for Dantzig, friction rounds"),
      option<Options>("absolute_tolerance", &SolverOptions::absoluteTolerance, ">= 0 (0: off)",
                      "Also require ||r||_inf at most this (in the problem's units)"),
      option<Options>("relative_tolerance", &SolverOptions::relativeTolerance, ">= 0",
                      "Converged when the scaled and the relative residual are at most this"),
      option<Options>("max_seconds", &SolverOptions::maxSeconds, ">= 0 (0: none)",
                      "Wall-time limit of one solve (unit: s)"),
      option<Options>("record_history", &SolverOptions::recordHistory, "",
                      "Record the residual of every iteration in the report")};
  for (OptionField<Options>& f : own) fields.push_back(std::move(f));
  return fields;
}

/// The options of mlcp::SolverOptions a peer library's solver applies (max_iterations and
/// relative_tolerance), followed by `own`.
template <class Options>
std::vector<OptionField<Options>> peerOptionFields(std::vector<OptionField<Options>> own) {
  std::vector<OptionField<Options>> fields = {
      option<Options>("max_iterations", &SolverOptions::maxIterations, ">= 1",
                      "Iterations, sweeps or pivots, as the peer counts them"),
      option<Options>("relative_tolerance", &SolverOptions::relativeTolerance, ">= 0",
                      "Converged when the scaled and the relative residual are at most this")};
  for (OptionField<Options>& f : own) fields.push_back(std::move(f));
  return fields;
}

/// A solver's options table: its OptionFields, set from an OptionMap and read back as one.
template <class Options>
class OptionTable {
 public:
  /// @param fields one per option, names unique
  explicit OptionTable(std::vector<OptionField<Options>> fields) : m_fields(std::move(fields)) {}

  /// The rows, with the defaults read from `defaults`.
  std::vector<OptionSpec> specs(const Options& defaults = {}) const {
    std::vector<OptionSpec> rows;
    for (const OptionField<Options>& f : m_fields) {
      rows.push_back(f.spec);
      rows.back().defaultValue = f.get(defaults);
    }
    return rows;
  }

  /// Sets the fields named in `values`.
  /// @throws std::invalid_argument for a name not in the table (the message lists the table's
  /// names, `solver` naming the solver) or a value of the wrong kind (parseOptionValue()).
  void apply(const OptionMap& values, Options& options, std::string_view solver) const;

  /// Every option's value in `options`, as text.
  OptionMap read(const Options& options) const {
    OptionMap values;
    for (const OptionField<Options>& f : m_fields) values[f.spec.name] = f.get(options);
    return values;
  }

 private:
  std::vector<OptionField<Options>> m_fields;
};

/// Throws std::invalid_argument "solver 'SOLVER' takes no option 'NAME'; it takes: A, B, ...".
[[noreturn]] void throwUnknownOption(std::string_view solver,
                                     std::string_view name,
                                     const std::vector<OptionSpec>& specs);

template <class Options>
void OptionTable<Options>::apply(const OptionMap& values,
                                 Options& options,
                                 std::string_view solver) const {
  for (const auto& [name, text] : values) {
    const OptionField<Options>* field = nullptr;
    for (const OptionField<Options>& f : m_fields)
      if (f.spec.name == name) field = &f;
    if (field == nullptr) throwUnknownOption(solver, name, specs());
    field->set(options, text);
  }
}

}  // namespace mlcp
