#include "commands.hpp"
#include "compare_output.hpp"
#include "format_option.hpp"
#include "interrupt_scope.hpp"
#include "scene_source.hpp"
#include "shared_progress.hpp"
#include "solver_settings_options.hpp"

#include <mlcp/compare/compare_figures.hpp>
#include <mlcp/compare/compare_run.hpp>
#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/convergence_plots.hpp>
#include <mlcp/compare/ordered_tasks.hpp>
#include <mlcp/compare/problem_runner.hpp>
#include <mlcp/compare/problem_source.hpp>
#include <mlcp/compare/run_record.hpp>
#include <mlcp/compare/solved_criterion.hpp>
#include <mlcp/core/solver_factory.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace mlcp::app {

namespace {

struct CompareArguments {
  std::vector<std::string> paths;
  std::string solvers = "all";
  bool json = false;
  bool longTable = false;
  bool verbose = false;
  std::string csv;
  compare::FigureOutputs figures;
  double threshold = compare::kDefaultSolvedThreshold;
  int repeat = 1;
  int jobs = 0;  ///< worker threads; 0: all cores
  bool warmStart = false;
  int maxDenseRows = compare::kCompareDenseRows;
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

std::vector<compare::ProblemSource> collectSources(const CompareArguments& args) {
  std::vector<compare::ProblemSource> sources;
  if ((args.paths.empty() && args.scene.scene.empty()) || args.builtIn)
    sources = compare::builtInSources();
  for (compare::ProblemSource& s : sceneSources(args.scene)) sources.push_back(std::move(s));
  std::vector<std::string> paths;
  for (const std::string& path : args.paths) {
    if (args.skipMissing && !std::filesystem::exists(path)) {
      fmt::print(stderr, "mlcp: {} is absent, skipped\n", path);
      continue;
    }
    paths.push_back(path);
  }
  for (compare::ProblemSource& s : compare::sourcesFromPaths(paths, args.format))
    sources.push_back(std::move(s));
  return sources;
}

/// What each problem runs with: the solvers by name (each checked now: an unknown name fails
/// before any solve), the budget as every solver's time limit.
compare::ProblemRunSettings runSettings(const CompareArguments& args) {
  compare::ProblemRunSettings run;
  run.solvers = splitList(args.solvers);
  requireSettingsTaken(run.solvers, args.settings);
  for (const std::string& name : run.solvers) makeSolver(name, args.settings);
  run.settings = args.settings;
  if (!run.settings.maxSeconds) run.settings.maxSeconds = compare::kCompareBudgetSeconds;
  run.histories = !args.figures.plot.empty() || !args.figures.html.empty();
  run.repeat = args.repeat;
  run.warmStart = args.warmStart;
  run.maxDenseRows = args.maxDenseRows;
  run.threshold = args.threshold;
  return run;
}

/// A copy of file descriptor 1 taken before any solve, for the lines: SolverOutputGuard points
/// descriptor 1 at stderr while any solver runs, and with several jobs one always does.
std::unique_ptr<std::FILE, int (*)(std::FILE*)> linesStream() {
  std::fflush(stdout);
  const int copy = dup(STDOUT_FILENO);
  std::FILE* stream = copy >= 0 ? fdopen(copy, "w") : nullptr;
  if (stream == nullptr) throw std::runtime_error("cannot duplicate stdout");
  return {stream, std::fclose};
}

/// What the delivering thread gathers, problem after problem, in batch order.
struct CompareState {
  CompareOutput& output;
  compare::CompareSummary summary;
  compare::CompareResults results;
  compare::ConvergencePlots plots;
  int delivered = 0;
};

/// Takes the finished problem `run` (label `label`) into the outputs, in batch order; the
/// progress line paused while it prints.
void deliverProblem(const CompareArguments& args,
                    const std::string& label,
                    compare::ProblemRun& run,
                    CompareState& state,
                    SharedProgress& progress,
                    int& exitCode) {
  ++state.delivered;
  if (!run.error.empty()) {
    const std::string note =
        fmt::format("{}{}", run.error, args.skipUnreadable ? " (skipped)" : "");
    const auto paused = progress.pause();
    fmt::print(stderr, "mlcp: {}\n", note);
    state.results.notes.push_back(note);
    if (!args.skipUnreadable) exitCode = 2;
    return;
  }
  state.summary.add(run.records);
  state.results.outcomes.push_back(
      compare::outcomeOf(label, run.shape, run.records, args.threshold));
  {
    const auto paused = progress.pause();
    state.output.problem(state.results.outcomes.back(), run.records);
  }
  state.plots.add(label, run.records);
  for (compare::RunRecord& record : run.records) record.residualHistory = {};
  state.results.batch.push_back(std::move(run.records));
  run = compare::ProblemRun();
}

void runCompare(const CompareArguments& args, int& exitCode) {
  const std::vector<compare::ProblemSource> sources = collectSources(args);
  compare::ProblemRunner runner(runSettings(args));
  const auto lines = linesStream();
  CompareOutput output(
      {args.json, args.longTable, args.verbose, args.csv, args.threshold, lines.get()});
  CompareState state{output,
                     compare::CompareSummary(args.threshold, args.repeat),
                     {},
                     compare::ConvergencePlots(sources.size() > 1, !args.figures.html.empty()),
                     0};
  state.results.threshold = args.threshold;
  state.results.repeats = args.repeat;
  std::vector<compare::ProblemRun> runs(sources.size());
  SharedProgress progress(static_cast<int>(sources.size() * runner.settings().solvers.size()));
  // Ctrl-C stops the solves (the rows done are kept); while the figures are drawn it ends the
  // process as usual (each file is whole or untouched: AtomicFile).
  std::optional<InterruptScope> interrupt(std::in_place);
  compare::OrderedTasks tasks;
  tasks.count = sources.size();
  tasks.jobs = args.jobs > 0 ? args.jobs : compare::availableCores();
  tasks.stop = [&interrupt] { return interrupt->interrupted(); };
  tasks.work = [&](size_t k) { return runner.run(sources[k], runs[k], tasks.stop, progress); };
  tasks.deliver = [&](size_t k) {
    deliverProblem(args, sources[k].label, runs[k], state, progress, exitCode);
  };
  const bool complete = compare::runInOrder(tasks);
  const int signal = interrupt->signal();
  interrupt.reset();
  progress.clear();
  if (!complete) {
    output.writeCsv();
    fmt::print(stderr, "mlcp: interrupted: {} of {} problems done{}\n", state.delivered,
               sources.size(), args.csv.empty() ? "" : fmt::format(", their rows in {}", args.csv));
    exitCode = InterruptScope::exitCode(signal);
    return;
  }
  output.finish(state.summary);
  for (const std::string& approximation : output.approximations())
    state.results.notes.push_back("~ " + approximation);
  compare::writeFigures(args.figures, state.results, state.summary, state.plots);
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
                              compare::kSolvedMeasure.name, compare::kDefaultSolvedThreshold))
      ->check(CLI::PositiveNumber);
  cmd->add_option("--plot", args->figures.plot,
                  "Draw the residual per iteration of the iterative solvers (PNG, gnuplot)")
      ->type_name("OUT.png");
  cmd->add_option("--profile", args->figures.profile,
                  "Draw the performance profile of the solvers (PNG, gnuplot)")
      ->type_name("OUT.png");
  cmd->add_flag("--profile-all", args->figures.profileAll,
                "Draw every solver's curve in --profile (default: the best of each family and "
                "of each peer library, at most 8)");
  cmd->add_option("--html", args->figures.html,
                  "Write a self-contained page: verdict, sortable tables, profile, a section "
                  "per problem family, convergence plots (at most 2 MB)")
      ->type_name("OUT.html");
  cmd->add_option("-j,--jobs", args->jobs,
                  "Problems solved at once, on as many threads (default 0: all cores); the "
                  "results and their order are those of -j 1, times aside")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--repeat", args->repeat, "Solve K times; the time is the median")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--warm-start", args->warmStart,
                "Start the solvers that take an initial guess (iterative, bpp, polish; lemke's "
                "basis) from the file's x section (default: x = 0)");
  cmd->add_option("--dense-rows", args->maxDenseRows,
                  fmt::format("Largest n on which solvers that copy A densely run (default {}; "
                              "beyond: n/a, not run)",
                              compare::kCompareDenseRows))
      ->check(CLI::PositiveNumber);
  addFormatOption(*cmd, args->format);
  addSolverSettingsOptions(*cmd, args->settings);
  cmd->footer(solverOptionListing());
  cmd->get_option("--max-seconds")
      ->description(fmt::format("Time budget per solve in seconds (default {:g}; 0: none): a "
                                "solve beyond it is time-limit, never solved",
                                compare::kCompareBudgetSeconds));
  addSceneOptions(*cmd, args->scene, true);
  cmd->callback([args, &exitCode] { runCompare(*args, exitCode); });
}

}  // namespace mlcp::app
