#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace mlcp::detail {

/// A fixed team of threads that runs one task on every member and waits for all of them: the
/// parallel phases of JacobiSolver, the islands of IslandSolver. The caller is member 0; the other
/// members are threads started on the first run() and kept until the team is destroyed, so later
/// runs allocate nothing (a run is a generation counter under a mutex and two condition variables).
/// What a member computes must depend on its work items only, never on how many members there
/// are, for results that are bitwise the same for any team size (JacobiSolver deals fixed
/// chunks of rows).
class ThreadTeam {
 public:
  /// A team of `size` members (>= 1; 1 runs everything on the caller).
  explicit ThreadTeam(int size = 1);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  /// Members, the caller included.
  int size() const { return m_size; }
  /// Changes the number of members (stops the current threads; new ones start on the next run).
  void resize(int size);

  /// Runs task(member) on every member 0 .. size() - 1 at once and returns when all returned.
  /// task must not throw.
  template <class Task>
  void run(Task& task) {
    runRaw([](void* context, int member) { (*static_cast<Task*>(context))(member); }, &task);
  }

 private:
  using Function = void (*)(void*, int);
  void runRaw(Function function, void* context);
  /// The loop of member `member` (>= 1): runs each generation after `seen` (the last one it
  /// has seen when it starts) until stop().
  void work(int member, std::uint64_t seen);
  void stop();

  int m_size = 1;
  std::vector<std::thread> m_threads;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::condition_variable m_finished;
  std::uint64_t m_generation = 0;
  int m_pending = 0;
  bool m_stopping = false;
  Function m_function = nullptr;
  void* m_context = nullptr;
};

}  // namespace mlcp::detail
