// libFuzzer target: the FCLIB reader must either return a problem or throw ParseError on any
// bytes, read as an HDF5 file image in memory (readFclibImage, HDF5's core driver); never crash,
// hang, leave an HDF5 identifier open or print HDF5's error stack. Small accepted problems are
// solved with Dantzig, so the checks on what the reader returns are fuzzed too.

#include <mlcp/io/fclib_io.hpp>
#include <mlcp/mlcp.hpp>

#include <cstddef>
#include <cstdint>
#include <hdf5.h>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mlcp::ProblemFile file;
  bool accepted = true;
  try {
    file = mlcp::readFclibImage(std::as_bytes(std::span(data, size)), "fuzz.hdf5");
  } catch (const mlcp::ParseError&) {
    accepted = false;
  }
  // The reader closes every HDF5 identifier it opened, on success and on every error path (the
  // leak check of our side: HDF5's own error-path leaks are suppressed in run.sh).
  if (H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_ALL) != 0) __builtin_trap();
  if (!accepted) return 0;
  const mlcp::Problem& problem = file.problem;
  if (!problem.A.check().empty() || !problem.b.allFinite()) __builtin_trap();
  if (problem.size() > 48) return 0;
  mlcp::DantzigSolver dantzig;
  dantzig.setProblem(problem);
  const mlcp::SolveReport& report = dantzig.solve();
  if (!dantzig.getLambda().allFinite()) __builtin_trap();
  if (report.status == mlcp::Status::Converged && !(report.relativeResidual <= 1e-6))
    __builtin_trap();
  return 0;
}
