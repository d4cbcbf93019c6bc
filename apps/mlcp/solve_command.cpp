#include "commands.hpp"
#include "format_option.hpp"
#include "solver_settings_options.hpp"

#include <mlcp/compare/problem_source.hpp>
#include <mlcp/compare/record_format.hpp>
#include <mlcp/compare/residual_plot.hpp>
#include <mlcp/compare/run_record.hpp>
#include <mlcp/core/solver_factory.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

namespace mlcp::app {

namespace {

struct SolveArguments {
  std::string file;
  std::string solver = "dantzig";
  std::string out;
  std::string plot;
  bool json = false;
  int repeat = 1;
  bool warmStart = false;
  SolverSettings settings;
  ProblemFormat format = ProblemFormat::Automatic;
};

void runSolve(const SolveArguments& args, int& exitCode) {
  SolverSettings settings = args.settings;
  if (!args.plot.empty()) settings.recordHistory = true;
  requireSettingsTaken({args.solver}, args.settings);
  auto solver = makeSolver(args.solver, settings);
  ProblemFile file = readProblemFile(args.file, args.format);
  compare::RunRecord record =
      compare::runSolver(*solver, file.problem, args.file, args.repeat, args.warmStart);
  record.approximation = file.approximation;
  record.winner = record.status == Status::Converged;
  if (args.json) {
    fmt::print("{}\n", compare::toJson(record));
  } else {
    fmt::print("{}\n{}\n", compare::tableHeader(), compare::tableRow(record));
    fmt::print("message: {}\n", record.message);
    if (!file.approximation.empty()) fmt::print("note: {}\n", file.approximation);
  }
  if (!args.out.empty()) {
    file.problem.x = solver->getLambda();
    writeBlcp(file.problem, args.out);
    if (!args.json) fmt::print("wrote {} (BLCP with its x section)\n", args.out);
  }
  if (!args.plot.empty()) {
    if (!compare::drawable({record.solver, record.residualHistory})) {
      fmt::print(stderr,
                 "mlcp: --plot: {} recorded no residual history (only iterative solvers "
                 "do); {} not written\n",
                 args.solver, args.plot);
    } else {
      compare::writeResidualPlot({{record.solver, record.residualHistory}}, args.plot,
                                 fmt::format("Convergence of {} on {}", record.solver, args.file));
    }
  }
  exitCode = record.status == Status::Converged ? 0 : 1;
}

}  // namespace

void addSolveCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<SolveArguments>();
  CLI::App* cmd = app.add_subcommand("solve", "Solve one problem file and print the report");
  cmd->add_option("file", args->file, "Problem file (BLCP, Siconos .dat, FCLIB .hdf5)")->required();
  cmd->add_option("--solver", args->solver, "Solver name (see `mlcp compare --help`)");
  cmd->add_option("--out", args->out, "Write the problem with its x section as a BLCP file")
      ->type_name("X.blcp");
  cmd->add_option("--plot", args->plot, "Draw the residual per iteration (iterative solvers)")
      ->type_name("OUT.png");
  cmd->add_flag("--json", args->json, "Print one JSON object instead of the table");
  cmd->add_option("--repeat", args->repeat, "Solve K times; the time is the median")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--warm-start", args->warmStart,
                "Start the solvers that take an initial guess (iterative, bpp, polish; lemke's "
                "basis) from the file's x section (default: x = 0)");
  addFormatOption(*cmd, args->format);
  addSolverSettingsOptions(*cmd, args->settings);
  cmd->callback([args, &exitCode] { runSolve(*args, exitCode); });
}

}  // namespace mlcp::app
