#include "commands.hpp"
#include "run_record.hpp"
#include "solver_settings_options.hpp"

#include <mlcp/blcp_io.hpp>
#include <mlcp/solver_factory.hpp>

#include <fmt/format.h>

namespace mlcp::app {

namespace {

struct SolveArguments {
  std::string file;
  std::string solver = "dantzig";
  std::string out;
  bool json = false;
  int repeat = 1;
  SolverSettings settings;
};

}  // namespace

void addSolveCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<SolveArguments>();
  CLI::App* cmd = app.add_subcommand("solve", "Solve one BLCP file and print the report");
  cmd->add_option("file", args->file, "BLCP text file")->required();
  cmd->add_option("--solver", args->solver, "Solver name (see `mlcp compare --help`)");
  cmd->add_option("--out", args->out, "Write the problem back with its x section filled");
  cmd->add_flag("--json", args->json, "Print one JSON object instead of the table");
  cmd->add_option("--repeat", args->repeat, "Solve K times; the time is the median")
      ->check(CLI::PositiveNumber);
  addSolverSettingsOptions(*cmd, args->settings);
  cmd->callback([args, &exitCode] {
    Problem problem = readBlcp(args->file);
    auto solver = makeSolver(args->solver, args->settings);
    const RunRecord record = runSolver(*solver, problem, args->file, args->repeat);
    if (args->json) {
      fmt::print("{}\n", toJson(record));
    } else {
      fmt::print("{}\n{}\n{}\n", tableHeader(), tableRow(record), record.message);
    }
    if (!args->out.empty()) {
      problem.x = solver->getLambda();
      writeBlcp(problem, args->out);
    }
    exitCode = record.status == Status::Converged ? 0 : 1;
  });
}

}  // namespace mlcp::app
