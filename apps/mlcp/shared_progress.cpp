#include "shared_progress.hpp"

namespace mlcp::app {

void SharedProgress::started(std::string_view problem, std::string_view solver) {
  const std::lock_guard lock(m_mutex);
  m_line.update(m_started++, problem, solver);
}

void SharedProgress::skipped(int runs) {
  const std::lock_guard lock(m_mutex);
  m_started += runs;
}

void SharedProgress::clear() {
  const std::lock_guard lock(m_mutex);
  m_line.clear();
}

std::unique_lock<std::mutex> SharedProgress::pause() {
  std::unique_lock lock(m_mutex);
  m_line.clear();
  return lock;
}

}  // namespace mlcp::app
