#pragma once

#include <mlcp/compare/run_record.hpp>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::compare {

/// Runs `run` in a child process (fork(2)) and returns the record it made there, so that a
/// solve that cannot be stopped from inside (a peer's library that takes no time limit) can be
/// ended from outside: after `seconds` (> 0) the child is killed (SIGKILL) and the record is
/// `ended`, as the caller made it (status, message, time; the residuals NaN: not solved). A
/// child that dies otherwise (a crash in the library) gives `ended` with status
/// NumericalFailure and the signal in the message. The child writes what the solver prints to
/// stderr (stdout keeps the records), restores the default action of SIGINT, SIGTERM and the
/// crash signals (Ctrl-C or a crash ends it), ends with the parent (PR_SET_PDEATHSIG: a
/// killed `mlcp compare` leaves no solve running), and leaves with _exit() once it has sent
/// its record.
///
/// The child has only the calling thread: `run` must not take a lock another thread of the
/// parent may hold (make the solver before, in the parent; SolverOutputGuard is fork-safe).
/// Costs a fork of the process (copy-on-write: about a millisecond per 100 MB mapped).
/// @throws std::runtime_error when the pipe or the process cannot be made
RunRecord runIsolated(const std::function<RunRecord()>& run,
                      double seconds,
                      const RunRecord& ended);

/// Runs `tasks` in child processes, one after another in one process while they finish in
/// time: task k gets `seconds[k]` from the end of the one before (or the start of its
/// process); a task past its time is ended with its process (its record is `ended[k]`) and the
/// tasks after it go on in a new process; a crash gives `ended[k]` with status
/// NumericalFailure, as runIsolated() above. One process for many tasks spares the forks and
/// the copying of the pages each writes. Before each new process `stop()` is asked (null:
/// never); when it says so, the tasks not run keep their `ended` record.
/// @throws std::runtime_error when a pipe or a process cannot be made
std::vector<RunRecord> runIsolated(const std::vector<std::function<RunRecord()>>& tasks,
                                   const std::vector<double>& seconds,
                                   const std::vector<RunRecord>& ended,
                                   const std::function<bool()>& stop);

/// `record` as bytes (every field but residualHistory), and back; decode() returns false for
/// bytes that are not a whole record.
std::string encodeRecord(const RunRecord& record);
bool decodeRecord(std::string_view bytes, RunRecord& record);

}  // namespace mlcp::compare
