#include "commands.hpp"
#include "compare_figures.hpp"
#include "compare_output.hpp"
#include "compare_run.hpp"
#include "compare_summary.hpp"
#include "convergence_plots.hpp"
#include "problem_source.hpp"
#include "progress_line.hpp"
#include "run_record.hpp"
#include "scene_source.hpp"
#include "solved_criterion.hpp"
#include "solver_settings_options.hpp"

#include <mlcp/core/solver_factory.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <sstream>

namespace mlcp::app {

namespace {

struct CompareArguments {
  std::vector<std::string> paths;
  std::string solvers = "all";
  bool json = false;
  bool longTable = false;
  bool verbose = false;
  std::string csv;
  FigureOutputs figures;
  double threshold = kDefaultSolvedThreshold;
  int repeat = 1;
  bool warmStart = false;
  int maxDenseRows = kCompareDenseRows;
  SolverSettings settings;
  bool builtIn = false;
  bool skipMissing = false;
  bool skipUnreadable = false;
  SceneArguments scene;
  ProblemFormat format = ProblemFormat::Automatic;
};

/// A solver as compare runs it: `timed` with the settings given; an iterative one also has a
/// twin that records its residual history in a separate, untimed run when a figure needs it
/// (recording computes the residual every iteration, which would slow the timed solve).
struct ComparedSolver {
  std::unique_ptr<MixedLCP> timed;
  std::unique_ptr<MixedLCP> history;  ///< null when no history is wanted or not iterative
};

std::vector<std::string> splitList(const std::string& list) {
  if (list == "all") return solverNames();
  std::vector<std::string> names;
  std::stringstream stream(list);
  for (std::string name; std::getline(stream, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

std::vector<ProblemSource> collectSources(const CompareArguments& args) {
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
  return sources;
}

std::vector<ComparedSolver> makeSolvers(const CompareArguments& args) {
  const bool histories = !args.figures.plot.empty() || !args.figures.html.empty();
  SolverSettings recording = args.settings;
  recording.recordHistory = true;
  std::vector<ComparedSolver> solvers;
  for (const std::string& name : splitList(args.solvers)) {
    ComparedSolver solver{makeSolver(name, args.settings), nullptr};
    if (histories && solver.timed->capabilities().iterative)
      solver.history = makeSolver(name, recording);
    solvers.push_back(std::move(solver));
  }
  return solvers;
}

/// Runs every solver on one problem; each record says whether the solver applies to it.
/// `run` counts the runs of the batch, for the progress line.
std::vector<RunRecord> runProblem(std::vector<ComparedSolver>& solvers,
                                  const ProblemFile& file,
                                  const ProblemShape& shape,
                                  const std::string& label,
                                  const CompareArguments& args,
                                  ProgressLine& progress,
                                  int& run) {
  std::vector<RunRecord> records;
  for (ComparedSolver& solver : solvers) {
    progress.update(run++, label, solver.timed->name());
    RunRecord record = compareRun(*solver.timed, file, shape, label, args.repeat, args.warmStart,
                                  args.maxDenseRows);
    if (solver.history && record.applicable())
      record.residualHistory =
          runSolver(*solver.history, file.problem, label, 1, args.warmStart).residualHistory;
    records.push_back(std::move(record));
  }
  markWinner(records, args.threshold);
  return records;
}

void runCompare(const CompareArguments& args, int& exitCode) {
  const std::vector<ProblemSource> sources = collectSources(args);
  std::vector<ComparedSolver> solvers = makeSolvers(args);
  CompareOutput output({args.json, args.longTable, args.verbose, args.csv, args.threshold});
  CompareSummary summary(args.threshold, args.repeat);
  CompareResults results;
  results.threshold = args.threshold;
  results.repeats = args.repeat;
  ConvergencePlots plots(sources.size() > 1, !args.figures.html.empty());
  ProgressLine progress(static_cast<int>(sources.size() * solvers.size()));
  int run = 0;
  for (const ProblemSource& source : sources) {
    ProblemFile file;
    try {
      file = source.load();
    } catch (const ParseError& e) {
      progress.clear();
      fmt::print(stderr, "mlcp: {}{}\n", e.what(), args.skipUnreadable ? " (skipped)" : "");
      results.notes.push_back(
          fmt::format("{}{}", e.what(), args.skipUnreadable ? " (skipped)" : ""));
      if (!args.skipUnreadable) exitCode = 2;
      run += static_cast<int>(solvers.size());
      continue;
    }
    const ProblemShape shape = shapeOf(file.problem);
    std::vector<RunRecord> records =
        runProblem(solvers, file, shape, source.label, args, progress, run);
    summary.add(records);
    progress.clear();
    results.outcomes.push_back(outcomeOf(source.label, shape, records, args.threshold));
    output.problem(results.outcomes.back(), records);
    plots.add(source.label, records);
    for (RunRecord& record : records) record.residualHistory = {};
    results.batch.push_back(std::move(records));
  }
  progress.clear();
  output.finish(summary);
  for (const std::string& approximation : output.approximations())
    results.notes.push_back("~ " + approximation);
  writeFigures(args.figures, results, summary, plots);
}

}  // namespace

void addCompareCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<CompareArguments>();
  CLI::App* cmd = app.add_subcommand(
      "compare",
      "Run every chosen solver on every problem; print one line per problem and a summary");
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
  cmd->add_flag("--long", args->longTable,
                "One table row per (problem, solver) instead of one line per problem");
  cmd->add_flag("--json", args->json, "One JSON object per (problem, solver) instead of a table");
  cmd->add_flag("-v,--verbose", args->verbose, "Print the solvers' messages (why a solver failed)");
  cmd->add_option("--csv", args->csv, "Also write the rows as CSV to this file")->type_name("OUT");
  cmd->add_option("--threshold", args->threshold,
                  fmt::format("Largest {} that counts as solved (default {:g})",
                              kSolvedMeasure.name, kDefaultSolvedThreshold))
      ->check(CLI::PositiveNumber);
  cmd->add_option("--plot", args->figures.plot,
                  "Draw the residual per iteration of the iterative solvers (PNG, gnuplot)")
      ->type_name("OUT.png");
  cmd->add_option("--profile", args->figures.profile,
                  "Draw the performance profile of the solvers (PNG, gnuplot)")
      ->type_name("OUT.png");
  cmd->add_option("--html", args->figures.html,
                  "Write a self-contained page: tables, profile, convergence plots")
      ->type_name("OUT.html");
  cmd->add_option("--repeat", args->repeat, "Solve K times; the time is the median")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--warm-start", args->warmStart,
                "Start iterative solvers from the file's x section (default: from x = 0)");
  cmd->add_option("--dense-rows", args->maxDenseRows,
                  fmt::format("Largest n on which solvers that copy A densely run (default {}; "
                              "beyond: n/a, not run)",
                              kCompareDenseRows))
      ->check(CLI::PositiveNumber);
  addFormatOption(*cmd, args->format);
  addSolverSettingsOptions(*cmd, args->settings);
  addSceneOptions(*cmd, args->scene, true);
  cmd->callback([args, &exitCode] { runCompare(*args, exitCode); });
}

}  // namespace mlcp::app
