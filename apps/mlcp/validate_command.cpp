#include "commands.hpp"
#include "format_option.hpp"

#include <mlcp/compare/problem_source.hpp>
#include <mlcp/compare/record_format.hpp>
#include <mlcp/compare/solution_check.hpp>
#include <mlcp/core/residual.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

#include <cmath>

namespace mlcp::app {

namespace {

struct ValidateArguments {
  std::string file;
  std::string solution;
  int top = 10;
  double tolerance = 1e-8;
  bool json = false;
  ProblemFormat format = ProblemFormat::Automatic;
};

std::string number(double value) {
  return std::isfinite(value) ? fmt::format("{:.6g}", value) : "null";
}

void runValidate(const ValidateArguments& args, int& exitCode) {
  const ProblemFile file = readProblemFile(args.file, args.format);
  const Problem& problem = file.problem;
  Eigen::VectorXd x;
  std::string source;
  if (!args.solution.empty()) {
    x = compare::readSolution(args.solution, problem.size());
    source = args.solution;
  } else if (problem.x) {
    x = *problem.x;
    source = fmt::format("{} (its own x)", args.file);
  } else {
    throw ParseError(args.file, 0,
                     "no solution to check: the file has no x section; give one with --x FILE");
  }
  const Residuals r = computeResiduals(problem, x);
  const bool valid = compare::isValidSolution(r, args.tolerance);
  const std::vector<compare::RowViolation> rows = compare::worstRows(problem, x, args.top);
  exitCode = valid ? 0 : 1;

  if (args.json) {
    std::string list;
    for (const compare::RowViolation& v : rows)
      list += fmt::format(
          "{}{{\"row\": {}, \"kind\": \"{}\", \"x\": {}, \"w\": {}, \"l\": {}, "
          "\"u\": {}, \"residual\": {}, \"scaled\": {}}}",
          list.empty() ? "" : ", ", v.row, v.kind, number(v.x), number(v.w), number(v.lower),
          number(v.upper), number(v.residual), number(v.scaled));
    fmt::print(
        "{{\"problem\": {}, \"solution\": {}, \"n\": {}, \"residual_rel\": {}, "
        "\"residual_abs\": {}, \"residual_scaled\": {}, \"max_bound_violation\": {}, "
        "\"max_complementarity_violation\": {}, \"tolerance\": {}, \"valid\": {}, "
        "\"worst_rows\": [{}]}}\n",
        compare::jsonString(args.file), compare::jsonString(source), problem.size(),
        number(r.relative), number(r.absolute), number(r.scaled), number(r.maxBoundViolation),
        number(r.maxComplementarityViolation), number(args.tolerance), valid ? "true" : "false",
        list);
    return;
  }
  fmt::print("problem:   {} (n = {}, nub = {}, friction rows = {})\n", args.file, problem.size(),
             problem.nub, problem.frictionRows());
  if (!file.approximation.empty()) fmt::print("note:      {}\n", file.approximation);
  fmt::print("solution:  {}\n", source);
  fmt::print("residual:  scaled {:.6g}, relative {:.6g}, absolute {:.6g}\n", r.scaled, r.relative,
             r.absolute);
  fmt::print("violation: bound {:.3e}, complementarity {:.3e}\n", r.maxBoundViolation,
             r.maxComplementarityViolation);
  fmt::print("verdict:   {} (scaled and relative residual and bound violation <= {:g})\n",
             valid ? "valid" : "NOT valid", args.tolerance);
  if (rows.empty()) {
    fmt::print("every row satisfies its condition exactly\n");
    return;
  }
  fmt::print(
      "worst rows (by |s_i| / X):\n  {:>6} {:<16} {:>12} {:>12} {:>12} {:>12} {:>10} {:>10}\n",
      "row", "kind", "x", "w", "l", "u", "|s_i|/X", "|r_i|");
  for (const compare::RowViolation& v : rows)
    fmt::print("  {:>6} {:<16} {:>12.5g} {:>12.5g} {:>12.5g} {:>12.5g} {:>10.3e} {:>10.3e}\n",
               v.row, v.kind, v.x, v.w, v.lower, v.upper, v.scaled, v.residual);
}

}  // namespace

void addValidateCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<ValidateArguments>();
  CLI::App* cmd = app.add_subcommand(
      "validate", "Check a solution (from any tool) against a problem: residuals, worst rows");
  cmd->add_option("file", args->file, "Problem file (BLCP, Siconos .dat, FCLIB .hdf5)")->required();
  cmd->add_option("--x", args->solution,
                  "Solution: a BLCP file with an x section, or n numbers in a text file "
                  "(default: the problem file's own x)")
      ->type_name("SOLUTION");
  cmd->add_option("--top", args->top, "How many of the worst rows to list")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--tol", args->tolerance,
                  "Valid when the scaled and relative residuals and the bound violation are at "
                  "most this")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--json", args->json, "Print one JSON object instead of text");
  addFormatOption(*cmd, args->format);
  cmd->callback([args, &exitCode] { runValidate(*args, exitCode); });
}

}  // namespace mlcp::app
