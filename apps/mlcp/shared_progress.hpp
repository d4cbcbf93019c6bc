#pragma once

#include "progress_line.hpp"

#include <mlcp/compare/problem_runner.hpp>

#include <mutex>
#include <string_view>

namespace mlcp::app {

/// The progress line of a batch (ProgressLine), fed from any thread: each run started redraws
/// it with the count of runs started so far.
class SharedProgress final : public compare::RunObserver {
 public:
  /// @param[in] total the number of runs of the batch
  explicit SharedProgress(int total) : m_line(total) {}

  void started(std::string_view problem, std::string_view solver) override;
  void skipped(int runs) override;
  /// Erases the line (at the end).
  void clear();
  /// Erases the line and keeps it from being redrawn while the returned lock is held: for
  /// output on the terminal between two redraws.
  [[nodiscard]] std::unique_lock<std::mutex> pause();

 private:
  std::mutex m_mutex;
  ProgressLine m_line;
  int m_started = 0;
};

}  // namespace mlcp::app
