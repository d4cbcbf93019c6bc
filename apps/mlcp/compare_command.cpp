#include "commands.hpp"
#include "compare_summary.hpp"
#include "problem_source.hpp"
#include "progress_line.hpp"
#include "record_format.hpp"
#include "residual_plot.hpp"
#include "run_record.hpp"
#include "scene_source.hpp"
#include "solver_settings_options.hpp"

#include <mlcp/blcp_io.hpp>
#include <mlcp/solver_factory.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace mlcp::app {

namespace {

/// Curves beyond this many make an unreadable legend; the rest are left out (with a note).
constexpr size_t kMaxCurves = 24;

struct CompareArguments {
  std::vector<std::string> paths;
  std::string solvers = "all";
  bool json = false;
  bool verbose = false;
  std::string csv;
  std::string plot;
  int repeat = 1;
  bool warmStart = false;
  SolverSettings settings;
  bool builtIn = false;
  bool skipMissing = false;
  bool skipUnreadable = false;
  SceneArguments scene;
  ProblemFormat format = ProblemFormat::Automatic;
};

std::vector<std::string> splitList(const std::string& list) {
  if (list == "all") return solverNames();
  std::vector<std::string> names;
  std::stringstream stream(list);
  for (std::string name; std::getline(stream, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

void runCompare(const CompareArguments& args, int& exitCode) {
  std::vector<ProblemSource> sources;
  if ((args.paths.empty() && args.scene.scene.empty()) || args.builtIn) sources = builtInSources();
  for (ProblemSource& s : sceneSources(args.scene)) sources.push_back(std::move(s));
  std::vector<std::string> paths;
  for (const std::string& path : args.paths) {
    if (args.skipMissing && !std::filesystem::exists(path)) {
      fmt::print(stderr, "mlcp: {} is absent, skipped\n", path);
      continue;
    }
    paths.push_back(path);
  }
  for (ProblemSource& s : sourcesFromPaths(paths, args.format)) sources.push_back(std::move(s));

  SolverSettings settings = args.settings;
  if (!args.plot.empty()) settings.recordHistory = true;
  std::vector<std::unique_ptr<MixedLCP>> solvers;
  for (const std::string& name : splitList(args.solvers))
    solvers.push_back(makeSolver(name, settings));

  std::ofstream csv;
  if (!args.csv.empty()) {
    csv.open(args.csv);
    if (!csv) throw std::runtime_error(fmt::format("cannot write {}", args.csv));
    csv << csvHeader() << '\n';
  }
  if (!args.json) fmt::print("{}\n", tableHeader());

  ProgressLine progress(static_cast<int>(sources.size() * solvers.size()));
  CompareSummary summary;
  std::vector<ResidualCurve> curves;
  size_t droppedCurves = 0;
  int run = 0;
  for (const ProblemSource& source : sources) {
    ProblemFile file;
    try {
      file = source.load();
    } catch (const ParseError& e) {
      progress.clear();
      fmt::print(stderr, "mlcp: {}{}\n", e.what(), args.skipUnreadable ? " (skipped)" : "");
      if (!args.skipUnreadable) exitCode = 2;
      run += static_cast<int>(solvers.size());
      continue;
    }
    std::vector<RunRecord> records;
    for (auto& solver : solvers) {
      progress.update(run++, source.label, solver->name());
      RunRecord record =
          runSolver(*solver, file.problem, source.label, args.repeat, args.warmStart);
      record.approximation = file.approximation;
      records.push_back(std::move(record));
    }
    markWinner(records);
    summary.add(records);
    progress.clear();
    if (!args.json && !file.approximation.empty())
      fmt::print("# {}: {}\n", source.label, file.approximation);
    for (const RunRecord& record : records) {
      fmt::print("{}\n", args.json ? toJson(record) : tableRow(record));
      if (args.verbose && !args.json) fmt::print("    {}: {}\n", record.solver, record.message);
      if (csv.is_open()) csv << toCsv(record) << '\n';
      // A history of exact zeros (a warm start that already solves) has nothing to draw.
      if (!drawable({record.solver, record.residualHistory})) continue;
      if (curves.size() == kMaxCurves) {
        ++droppedCurves;
        continue;
      }
      const std::string label =
          sources.size() == 1
              ? record.solver
              : fmt::format("{}: {}", record.solver,
                            std::filesystem::path(record.problem).filename().string());
      curves.push_back({label, record.residualHistory});
    }
    std::fflush(stdout);
  }
  progress.clear();
  if (csv.is_open() && !csv) throw std::runtime_error(fmt::format("error writing {}", args.csv));
  // In JSON mode stdout holds only the records; the summary goes to stderr.
  fmt::print(args.json ? stderr : stdout, "{}{}", args.json ? "" : "\n", summary.format());

  if (args.plot.empty()) return;
  if (curves.empty()) {
    fmt::print(stderr,
               "mlcp: --plot: no solver recorded a residual history above zero (only "
               "iterative solvers record one); {} not written\n",
               args.plot);
    return;
  }
  if (droppedCurves > 0)
    fmt::print(stderr, "mlcp: --plot: {} more curves left out of the legend limit of {}\n",
               droppedCurves, kMaxCurves);
  const std::string title = sources.size() == 1
                                ? fmt::format("Convergence on {}", sources.front().label)
                                : fmt::format("Convergence on {} problems", sources.size());
  writeResidualPlot(curves, args.plot, title);
  fmt::print(stderr, "mlcp: wrote {}\n", args.plot);
}

}  // namespace

void addCompareCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<CompareArguments>();
  CLI::App* cmd = app.add_subcommand(
      "compare", "Run every chosen solver on every problem and print one row per pair");
  cmd->add_option("paths", args->paths,
                  "Problem files or directories (*.blcp, *.dat, *.hdf5 inside); none: the "
                  "built-in set");
  cmd->add_flag("--built-in", args->builtIn, "Also run the built-in generated problems");
  cmd->add_flag("--skip-missing", args->skipMissing,
                "Skip paths that do not exist (with a note) instead of failing");
  cmd->add_flag("--skip-unreadable", args->skipUnreadable,
                "Report files the readers reject on one line each, without failing the run");
  cmd->add_option(
      "--solvers", args->solvers,
      fmt::format("Comma-separated solver names ({}), or 'all'", fmt::join(solverNames(), ", ")));
  cmd->add_flag("--json", args->json, "One JSON object per (problem, solver) instead of a table");
  cmd->add_flag("-v,--verbose", args->verbose, "Print each row's message (why a solver failed)");
  cmd->add_option("--csv", args->csv, "Also write the rows as CSV to this file")->type_name("OUT");
  cmd->add_option("--plot", args->plot,
                  "Draw the residual per iteration of the iterative solvers (PNG, gnuplot)")
      ->type_name("OUT.png");
  cmd->add_option("--repeat", args->repeat, "Solve K times; the time is the median")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--warm-start", args->warmStart,
                "Start iterative solvers from the file's x section (default: from x = 0)");
  addFormatOption(*cmd, args->format);
  addSolverSettingsOptions(*cmd, args->settings);
  addSceneOptions(*cmd, args->scene, true);
  cmd->callback([args, &exitCode] { runCompare(*args, exitCode); });
}

}  // namespace mlcp::app
