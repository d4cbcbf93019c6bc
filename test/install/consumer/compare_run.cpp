// Compares two solvers on the built-in problems with the installed comparison engine
// (mlcp::compare): the smallest problem, each run's record as `mlcp compare --json` prints it.
// Exit code 0 when both solved it and the fastest is marked the winner.
#include <mlcp/compare/compare_run.hpp>
#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/problem_shape.hpp>
#include <mlcp/compare/problem_source.hpp>
#include <mlcp/compare/record_format.hpp>
#include <mlcp/compare/solved_criterion.hpp>
#include <mlcp/mlcp.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
  const mlcp::ProblemFile file = mlcp::compare::builtInSources().at(0).load();
  const mlcp::compare::ProblemShape shape = mlcp::compare::shapeOf(file.problem);
  std::vector<mlcp::compare::RunRecord> records;
  for (const char* name : {"dantzig", "lemke"}) {
    auto solver = mlcp::makeSolver(name);
    records.push_back(mlcp::compare::compareRun(*solver, file, shape, "built-in", 1, false));
  }
  mlcp::compare::markWinner(records, mlcp::compare::kDefaultSolvedThreshold);
  for (const auto& r : records) std::printf("%s\n", mlcp::compare::toJson(r).c_str());
  const auto solved = [](const mlcp::compare::RunRecord& r) {
    return mlcp::compare::isSolved(r, mlcp::compare::kDefaultSolvedThreshold);
  };
  const long winners =
      std::count_if(records.begin(), records.end(), [](const auto& r) { return r.winner; });
  return std::all_of(records.begin(), records.end(), solved) && winners == 1 ? 0 : 1;
}
