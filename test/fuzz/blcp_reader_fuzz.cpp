// libFuzzer target: the BLCP text reader must either return a problem that passes the
// solvers' validation or throw ParseError; never crash, hang or leak. Solves what it accepts
// when small, so the solver's input checks are fuzzed too.

#include <mlcp/mlcp.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  mlcp::Problem problem;
  try {
    problem = mlcp::parseBlcp(text, "fuzz");
  } catch (const mlcp::ParseError&) {
    return 0;
  }
  if (problem.size() > 64) return 0;
  mlcp::DantzigSolver solver;
  solver.setProblem(problem);
  const mlcp::SolveReport& report = solver.solve();
  if (report.status == mlcp::Status::Converged && !solver.getLambda().allFinite()) __builtin_trap();
  return 0;
}
