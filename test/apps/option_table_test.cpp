// The options tables as the command line and the Python keywords read them: every option of
// every registered solver (the test-only "toy" of toy_solver.cpp included) is set by its flag
// and by name, and read back; a bad value gets the library's message on both surfaces.
#include "solver_settings_options.hpp"

#include <mlcp/core/solver_factory.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using mlcp::OptionKind;
using mlcp::OptionSpec;

/// A valid value of `spec` other than `current`.
std::string otherValue(const OptionSpec& spec, const std::string& current) {
  switch (spec.kind) {
    case OptionKind::Bool:
      return current == "true" ? "false" : "true";
    case OptionKind::Int:
      return std::to_string(std::stoll(current) + 1);
    case OptionKind::Double: {
      const double d = std::stod(current);
      if (d > 1.0) return mlcp::formatOptionValue(1.5 * d);
      if (d > 0.0) return mlcp::formatOptionValue(0.5 * d);
      return spec.range.find("> 1") != std::string::npos ? "2" : "0.5";
    }
    case OptionKind::Choice:
      return spec.range.substr(spec.range.rfind(' ') + 1) == current
                 ? spec.range.substr(0, spec.range.find(' '))
                 : spec.range.substr(spec.range.rfind(' ') + 1);
  }
  return current;
}

/// The value `name` has in a solver made as `solver` with no options.
std::string defaultOf(const std::string& solver, const std::string& name) {
  const auto made = mlcp::makeSolver(solver, mlcp::OptionMap{});
  return mlcp::solverOptionValues(solver, *made).at(name);
}

/// The settings the command line's solver flags give for `arguments`; the CLI's message in
/// *error when it rejects them.
mlcp::SolverSettings parseFlags(std::vector<std::string> arguments, std::string* error = nullptr) {
  CLI::App app;
  mlcp::SolverSettings settings;
  mlcp::app::addSolverSettingsOptions(app, settings);
  std::reverse(arguments.begin(), arguments.end());
  try {
    app.parse(arguments);
  } catch (const CLI::ParseError& e) {
    if (error != nullptr) *error = e.what();
  }
  return settings;
}

std::string flagOf(std::string name) {
  std::replace(name.begin(), name.end(), '_', '-');
  return "--" + name;
}

/// The message makeSolver() (and so Python, which passes it on) gives for `name` = `value`.
std::string libraryMessage(const std::string& solver,
                           const std::string& name,
                           const std::string& value) {
  try {
    mlcp::makeSolver(solver, mlcp::OptionMap{{name, value}});
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_option_of_every_solver_is_set_by_flag_and_by_name_and_read_back) {
  int checked = 0;
  for (const mlcp::SolverEntry& entry : mlcp::registeredSolvers()) {
    for (const OptionSpec& spec : entry.options) {
      std::string current = defaultOf(entry.name, spec.name);
      if (current.empty()) current = defaultOf("pgs", spec.name);  // a composite's: the stages'
      const std::string value = otherValue(spec, current);
      BOOST_TEST_CONTEXT(entry.name << " " << spec.name << " = " << value) {
        BOOST_TEST(value != current);
        const auto byName = mlcp::makeSolver(entry.name, mlcp::OptionMap{{spec.name, value}});
        BOOST_TEST(mlcp::solverOptionValues(entry.name, *byName).at(spec.name) == value);
        const mlcp::SolverSettings settings = parseFlags({flagOf(spec.name), value});
        const auto byFlag = mlcp::makeSolver(entry.name, settings);
        BOOST_TEST(mlcp::solverOptionValues(entry.name, *byFlag).at(spec.name) == value);
      }
      ++checked;
    }
  }
  BOOST_TEST(checked > 100);
}

BOOST_AUTO_TEST_CASE(an_islands_solver_reads_back_the_options_of_its_inner_solvers) {
  const auto islands = mlcp::makeSolver("islands:pgs", mlcp::OptionMap{{"relaxation", "1.1"}});
  BOOST_TEST(mlcp::solverOptionValues("islands:pgs", *islands).at("relaxation") == "1.1");
  BOOST_TEST(mlcp::solverOptionValues("islands:pgs", *islands) ==
             mlcp::solverOptionValues(
                 "pgs", *mlcp::makeSolver("pgs", mlcp::OptionMap{{"relaxation", "1.1"}})));
  // a solver the name did not make
  const auto plain = mlcp::makeSolver("pgs", mlcp::OptionMap{});
  BOOST_CHECK_THROW(mlcp::solverOptionValues("islands:pgs", *plain), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_bad_value_gets_the_same_message_from_the_flag_and_by_name) {
  struct Case {
    std::string solver, name, value, expected;
  };
  const std::vector<Case> cases = {
      {"pgs", "relaxation", "5",
       "PgsOptions::relaxation = 5. Violated constraint: 0 < relaxation < 2"},
      {"pgs", "max_iterations", "2.5", "option 'max_iterations' takes int, got '2.5'"},
      {"dantzig", "refresh_friction_bounds", "maybe",
       "option 'refresh_friction_bounds' takes bool, got 'maybe'"},
      {"newton", "reformulation", "bogus",
       "option 'reformulation' takes one of min-map | fischer-burmeister, got 'bogus'"},
      {"toy", "damping", "2", "ToyOptions::damping = 2. Violated constraint: 0 < damping <= 1"},
      {"bpp", "low_rank_max_rank_fraction", "2",
       "BppOptions::lowRank.maxRankFraction = 2. Violated constraint: 0 < "
       "lowRank.maxRankFraction <= 1"}};
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.solver << " " << c.name) {
      BOOST_TEST(libraryMessage(c.solver, c.name, c.value) == c.expected);
      std::string cli;
      parseFlags({flagOf(c.name), c.value}, &cli);
      BOOST_TEST(cli == c.expected);
    }
  }
  BOOST_TEST(libraryMessage("newton", "relaxation", "1.5")
                 .find("solver 'newton' takes no option 'relaxation'") == 0);
}

BOOST_AUTO_TEST_CASE(an_option_no_chosen_solver_takes_is_rejected) {
  const mlcp::SolverSettings settings = parseFlags({"--omega", "1.5"});
  BOOST_TEST(*settings.relaxation == 1.5);  // the deprecated alias of --relaxation
  BOOST_CHECK_THROW(mlcp::requireSettingsTaken({"newton", "dantzig", "lemke"}, settings),
                    std::invalid_argument);
  BOOST_CHECK_NO_THROW(mlcp::requireSettingsTaken({"newton", "pgs"}, settings));
  // the settings of several solvers go to those that take them
  const auto newton = mlcp::makeSolver("newton", settings);
  BOOST_TEST(mlcp::solverOptionValues("newton", *newton).count("relaxation") == 0u);
}

BOOST_AUTO_TEST_CASE(a_solver_added_by_its_own_files_is_listed_with_its_options) {
  const std::vector<std::string> names = mlcp::solverNames();
  BOOST_TEST(std::count(names.begin(), names.end(), "toy") == 1);
  BOOST_TEST(mlcp::app::solverOptionListing().find("  toy: max_iterations") != std::string::npos);
  CLI::App app;
  mlcp::SolverSettings settings;
  mlcp::app::addSolverSettingsOptions(app, settings);
  BOOST_TEST(app.help().find("--damping") != std::string::npos);
  const auto toy = mlcp::makeSolver("toy", mlcp::OptionMap{{"damping", "0.25"}});
  BOOST_TEST(mlcp::solverOptionValues("toy", *toy).at("damping") == "0.25");
}
