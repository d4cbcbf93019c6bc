// The C++ side of test_cpp_parity.py: reads "FILE SOLVER" pairs from stdin and, for each, runs
// the solver on the file's problem exactly as `mlcp solve FILE --solver SOLVER` does (runSolver:
// setProblem, start from zero, solve), printing one JSON object per pair with the status and x
// in the shortest decimal form that reads back as the same double.

#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/compare/problem_source.hpp>
#include <mlcp/compare/run_record.hpp>
#include <mlcp/core/solver_factory.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>
#include <string>

int main() {
  mlcp::adapters::registerAdapterSolvers();
  std::string file, solverName;
  while (std::cin >> file >> solverName) {
    const mlcp::ProblemFile loaded = mlcp::readProblemFile(file);
    const auto solver = mlcp::makeSolver(solverName);
    const mlcp::compare::RunRecord record =
        mlcp::compare::runSolver(*solver, loaded.problem, file, 1);
    const Eigen::VectorXd& x = solver->getLambda();
    fmt::print("{{\"file\": \"{}\", \"solver\": \"{}\", \"status\": \"{}\", \"x\": [{}]}}\n", file,
               solverName, record.status,
               fmt::join(std::vector<double>(x.data(), x.data() + x.size()), ", "));
  }
  return 0;
}
