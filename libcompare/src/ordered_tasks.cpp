#include <mlcp/compare/ordered_tasks.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace mlcp::compare {

namespace {

/// What the workers and the delivering thread share: the next task to take, and per task
/// whether it completed; all under `mutex`, `changed` notified on each completion.
struct SharedState {
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t next = 0;
  std::vector<char> complete;  ///< 1 when task k completed (char: vector<bool> is not per-byte)
  int running = 0;             ///< workers still taking tasks
  std::exception_ptr error;
  std::atomic<bool> stopping{false};
};

void workerLoop(const OrderedTasks& tasks, SharedState& state) {
  for (;;) {
    std::size_t k = 0;
    {
      const std::lock_guard lock(state.mutex);
      if (state.stopping || state.next >= tasks.count) break;
      k = state.next++;
    }
    bool done = false;
    try {
      done = tasks.work(k);
    } catch (...) {
      const std::lock_guard lock(state.mutex);
      if (!state.error) state.error = std::current_exception();
      state.stopping = true;
    }
    const std::lock_guard lock(state.mutex);
    if (done) state.complete[k] = 1;
    state.changed.notify_all();
  }
  const std::lock_guard lock(state.mutex);
  --state.running;
  state.changed.notify_all();
}

}  // namespace

int availableCores() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

bool runInOrder(const OrderedTasks& tasks) {
  SharedState state;
  state.complete.assign(tasks.count, 0);
  const int jobs = static_cast<int>(std::clamp<std::size_t>(
      static_cast<std::size_t>(std::max(tasks.jobs, 1)), 1, std::max<std::size_t>(tasks.count, 1)));
  state.running = jobs;
  std::vector<std::thread> workers;
  for (int w = 0; w < jobs; ++w)
    workers.emplace_back(workerLoop, std::cref(tasks), std::ref(state));

  // Deliver the complete prefix as it grows; the lock is released while the caller's deliver()
  // runs, so that workers go on meanwhile. An exception of deliver() stops the
  // workers and is rethrown once they have finished.
  std::size_t delivered = 0;
  std::unique_lock lock(state.mutex);
  try {
    for (;;) {
      while (delivered < tasks.count && state.complete[delivered] != 0) {
        lock.unlock();
        tasks.deliver(delivered++);
        lock.lock();
      }
      if (state.running == 0) break;
      state.changed.wait_for(lock, std::chrono::milliseconds(100));
      if (tasks.stop && !state.stopping && tasks.stop()) state.stopping = true;
    }
  } catch (...) {
    if (!lock.owns_lock()) lock.lock();
    state.stopping = true;
    if (!state.error) state.error = std::current_exception();
    delivered = tasks.count;  // deliver nothing more
  }
  lock.unlock();
  for (std::thread& worker : workers) worker.join();
  // After a stop or an error: the complete tasks beyond the first incomplete one.
  for (std::size_t k = delivered; k < tasks.count; ++k)
    if (state.complete[k] != 0) tasks.deliver(k);
  if (state.error) std::rethrow_exception(state.error);
  return std::all_of(state.complete.begin(), state.complete.end(), [](char c) { return c != 0; });
}

}  // namespace mlcp::compare
