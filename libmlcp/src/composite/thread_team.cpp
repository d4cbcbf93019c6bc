#include "composite/thread_team.hpp"

#include <algorithm>

namespace mlcp::detail {

ThreadTeam::ThreadTeam(int size) : m_size(std::max(1, size)) {}

ThreadTeam::~ThreadTeam() { stop(); }

void ThreadTeam::resize(int size) {
  size = std::max(1, size);
  if (size == m_size) return;
  stop();
  m_size = size;
}

void ThreadTeam::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_wake.notify_all();
  for (std::thread& thread : m_threads) thread.join();
  m_threads.clear();
  m_stopping = false;
}

void ThreadTeam::work(int member, std::uint64_t seen) {
  for (;;) {
    Function function = nullptr;
    void* context = nullptr;
    {
      std::unique_lock lock(m_mutex);
      m_wake.wait(lock, [&] { return m_stopping || m_generation != seen; });
      if (m_stopping) return;
      seen = m_generation;
      function = m_function;
      context = m_context;
    }
    function(context, member);
    {
      std::lock_guard lock(m_mutex);
      if (--m_pending == 0) m_finished.notify_one();
    }
  }
}

void ThreadTeam::runRaw(Function function, void* context) {
  if (m_size == 1) {
    function(context, 0);
    return;
  }
  if (m_threads.empty()) {
    // A thread started after a resize() must not take the last run's generation for a new one
    // (it would run that run's task again, on a context that is gone): it starts having seen it.
    // Only the caller changes m_generation, so it reads it without the lock.
    m_threads.reserve(static_cast<size_t>(m_size - 1));
    for (int member = 1; member < m_size; ++member)
      m_threads.emplace_back([this, member, seen = m_generation] { work(member, seen); });
  }
  {
    std::lock_guard lock(m_mutex);
    m_function = function;
    m_context = context;
    m_pending = m_size - 1;
    ++m_generation;
  }
  m_wake.notify_all();
  function(context, 0);
  std::unique_lock lock(m_mutex);
  m_finished.wait(lock, [&] { return m_pending == 0; });
}

}  // namespace mlcp::detail
