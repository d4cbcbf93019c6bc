#include "solver_settings_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mlcp::app {

namespace {

/// Every option of the registered solvers' tables, once (first appearance), with the name of
/// the first solver that takes it.
std::vector<std::pair<OptionSpec, std::string>> allOptions() {
  std::vector<std::pair<OptionSpec, std::string>> options;
  for (const SolverEntry& entry : registeredSolvers())
    for (const OptionSpec& spec : entry.options)
      if (std::none_of(options.begin(), options.end(),
                       [&](const auto& known) { return known.first.name == spec.name; }))
        options.emplace_back(spec, entry.name);
  return options;
}

std::string flagOf(std::string name) {
  std::replace(name.begin(), name.end(), '_', '-');
  return "--" + name;
}

/// The older flags kept as aliases: --tol for --relative-tolerance, and --omega, deprecated,
/// for --relaxation.
std::string aliasesOf(const std::string& name) {
  if (name == "relative_tolerance") return ",--tol";
  if (name == "relaxation") return ",--omega";
  return "";
}

}  // namespace

std::string solverOptionListing() {
  std::string text = "Solvers and the options they take:\n";
  for (const SolverEntry& entry : registeredSolvers()) {
    std::string names;
    for (const OptionSpec& spec : entry.options) names += (names.empty() ? "" : " ") + spec.name;
    text += fmt::format("  {}: {}\n", entry.name, names);
  }
  return text;
}

void addSolverSettingsOptions(CLI::App& cmd, SolverSettings& settings) {
  for (const auto& [spec, solver] : allOptions()) {
    const std::string range = spec.range.empty() ? "" : fmt::format("; {}", spec.range);
    cmd.add_option_function<std::string>(
           flagOf(spec.name) + aliasesOf(spec.name),
           [&settings, name = spec.name, solver = solver](const std::string& text) {
             try {
               makeSolver(solver, OptionMap{{name, text}});  // the library's message if bad
             } catch (const std::invalid_argument& e) {
               throw CLI::ValidationError(e.what());
             }
             settings.set(name, text);
           },
           fmt::format("{} ({}{})", spec.doc, toString(spec.kind), range))
        ->group("Solver options (`mlcp compare --help` lists which solver takes which)");
  }
}

}  // namespace mlcp::app
