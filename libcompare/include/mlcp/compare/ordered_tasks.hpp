#pragma once

#include <cstddef>
#include <functional>

namespace mlcp::compare {

/// A batch of independent tasks 0..count-1, run on worker threads and handed back in order.
struct OrderedTasks {
  std::size_t count = 0;  ///< tasks in the batch
  int jobs = 1;           ///< worker threads (at least 1, at most count)
  /// Runs task k on a worker thread; returns false when it stopped early because stop() said
  /// so (the task is then incomplete and never delivered). Tasks must not share mutable state
  /// unless they lock it themselves.
  std::function<bool(std::size_t k)> work;
  /// Called on the calling thread for each complete task, in increasing k: as soon as tasks
  /// 0..k are all complete, or, after a stop, for the complete tasks left (with gaps).
  std::function<void(std::size_t k)> deliver;
  /// Polled by the calling thread (every 100 ms at least) and by tasks: true asks the workers to
  /// take no further task. Null: never.
  std::function<bool()> stop;
};

/// Runs `tasks` on tasks.jobs threads (the caller's thread delivers; with jobs = 1 one worker
/// runs the tasks one after another), so that the deliveries and their order are those of a
/// serial run. Returns true when every task completed, false after a stop. An exception thrown
/// by a task stops the others and is rethrown here once every worker has finished and the
/// complete tasks have been delivered.
bool runInOrder(const OrderedTasks& tasks);

/// The number of worker threads `-j 0` means: the machine's hardware threads (at least 1).
int availableCores();

}  // namespace mlcp::compare
