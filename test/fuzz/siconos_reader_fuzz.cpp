// libFuzzer target: the Siconos readers (LCP, MLCP, relay, FC) must either return a problem or
// throw ParseError; never crash, hang or leak. The first byte picks the family. Small accepted
// problems are solved with Dantzig and Lemke, so their input checks are fuzzed too.

#include <mlcp/mlcp.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const mlcp::SiconosKind kinds[] = {mlcp::SiconosKind::Lcp, mlcp::SiconosKind::Mlcp,
                                     mlcp::SiconosKind::Relay, mlcp::SiconosKind::FrictionContact};
  const mlcp::SiconosKind kind = kinds[data[0] % 4];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  mlcp::Problem problem;
  try {
    problem = mlcp::parseSiconos(text, kind, "fuzz");
  } catch (const mlcp::ParseError&) {
    return 0;
  }
  if (problem.size() > 48) return 0;
  mlcp::DantzigSolver dantzig;
  mlcp::LemkeSolver lemke;
  for (mlcp::MixedLCP* solver :
       {static_cast<mlcp::MixedLCP*>(&dantzig), static_cast<mlcp::MixedLCP*>(&lemke)}) {
    solver->setProblem(problem);
    const mlcp::SolveReport& report = solver->solve();
    if (!solver->getLambda().allFinite()) __builtin_trap();
    if (report.status == mlcp::Status::Converged && !(report.relativeResidual <= 1e-6))
      __builtin_trap();
  }
  return 0;
}
