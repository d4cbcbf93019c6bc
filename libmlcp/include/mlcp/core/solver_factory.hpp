#pragma once

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/option_table.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp {

/// Settings a caller (a command line, a benchmark) may pass to several solvers at once: each
/// solver takes those its options table (SolverEntry::options) has and leaves the others, which
/// belong to the other solvers. makeSolver(name, OptionMap) is the strict form, for one solver.
struct SolverSettings {
  std::optional<int> maxIterations;         ///< max_iterations: iterations or friction rounds
  std::optional<double> relativeTolerance;  ///< relative_tolerance on the spec's residuals
  std::optional<double> relaxation;         ///< relaxation: SOR factor omega of the PGS family
  std::optional<double> maxSeconds;         ///< max_seconds: wall-time limit per solve (unit: s)
  std::optional<bool> recordHistory;        ///< record_history: SolveReport::residualHistory
  OptionMap options;  ///< any option of the tables by name, as text (the fields above win)

  /// The settings as one OptionMap: `options` with the set fields written in.
  OptionMap toOptionMap() const;
  /// Sets the option `name` to `text`: the field above of that name (parsed; std::invalid_argument
  /// as parseOptionValue() when it is not of the field's kind), else options[name].
  void set(const std::string& name, const std::string& text);
};

/// Makes a solver from its options (names of its table, values as text).
using SolverMaker = std::function<std::unique_ptr<MixedLCP>(const OptionMap&)>;
/// Reads back the options of a solver the entry made, as text by name.
using OptionReader = std::function<OptionMap(const MixedLCP&)>;

/// One entry of the solver registry.
struct SolverEntry {
  std::string name;                 ///< "dantzig", "pgs", ...
  std::string description;          ///< one line for `mlcp compare --help` and listings
  std::vector<OptionSpec> options;  ///< the options table: what `make` accepts
  SolverMaker make;   ///< makes a solver; throws std::invalid_argument on a bad option
  OptionReader read;  ///< the options of a solver made by `make`
};

/// The registry entry of Solver, whose options are an Options with a static table() (the
/// solver's options table), made by `make` from the options (by default Solver(options)).
/// `preset` holds the defaults of this entry (a variant such as "dantzig-sparse" presets a
/// field); Solver must have options() returning its Options. `table` is the options the entry
/// takes (by default Options::table(); a peer's solver whose methods use different fields
/// passes the table of the method, so that an option the method ignores is rejected); it must
/// outlive the registry (a static).
template <class Solver, class Options>
SolverEntry solverEntry(
    std::string name,
    std::string description,
    Options preset = {},
    std::function<std::unique_ptr<MixedLCP>(const Options&)> make =
        [](const Options& options) { return std::make_unique<Solver>(options); },
    const OptionTable<Options>& table = Options::table()) {
  const std::string key = name;
  const OptionTable<Options>* rows = &table;
  return {std::move(name), std::move(description), table.specs(preset),
          [preset, make, key, rows](const OptionMap& values) {
            Options options = preset;
            rows->apply(values, options, key);
            return make(options);
          },
          [key, rows](const MixedLCP& solver) {
            const auto* typed = dynamic_cast<const Solver*>(&solver);
            if (typed == nullptr)
              throw std::invalid_argument("the options of '" + key +
                                          "' are read from a solver made as '" + key + "'");
            return rows->read(typed->options());
          }};
}

/// Registers a solver under a name, so makeSolver() and the tools can make it (adapters call
/// this for the peers' solvers). A second registration of a name replaces the first.
void registerSolver(SolverEntry entry);

/// The registered solvers, built-in ones first, in registration order.
std::vector<SolverEntry> registeredSolvers();

/// Names of the registered solvers, in registration order.
std::vector<std::string> solverNames();

/// The registry entry of `name` (aliases and "islands:NAME" as makeSolver() takes them).
/// @throws std::invalid_argument for an unknown name; the message lists the known names.
SolverEntry findSolver(std::string_view name);

/// Makes the solver registered as `name` with the options `options` of its table, strictly.
/// @throws std::invalid_argument for an unknown name (the message lists the known names), an
/// option not in the solver's table (the message lists those in it), a value of the wrong kind
/// or out of its range (the options' isValid() message, naming the violated constraint).
std::unique_ptr<MixedLCP> makeSolver(std::string_view name, const OptionMap& options);

/// The options of `solver`, made by makeSolver(name, ...), read back through its table; for
/// "islands:NAME" those of the NAME solvers it makes per island.
/// @throws std::invalid_argument for an unknown name, or a solver the entry did not make.
OptionMap solverOptionValues(std::string_view name, const MixedLCP& solver);

/// Throws std::invalid_argument when an option of `settings` is in the table of none of
/// `solvers` ("no solver of pgs, newton takes option 'x'"): what a tool checks before it passes
/// the same settings to several solvers, so that a misspelt or misplaced option is not ignored.
void requireSettingsTaken(const std::vector<std::string>& solvers, const SolverSettings& settings);

/// Makes the solver registered as `name` ("dantzig", ...): how apps and adapters hot-swap them.
/// Takes the settings the solver's table has and leaves the others (SolverSettings).
/// The names of earlier versions "pgs-matrix-free" and "apgd-matrix-free" make "pgs" and "apgd"
/// (which work on the factors of A when the problem holds them). "islands:NAME" makes NAME island
/// by island (mlcp::IslandSolver), for any registered NAME.
/// @throws std::invalid_argument for an unknown name; the message lists the known names.
std::unique_ptr<MixedLCP> makeSolver(std::string_view name, const SolverSettings& settings = {});

}  // namespace mlcp
