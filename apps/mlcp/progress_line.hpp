#pragma once

#include <string_view>

namespace mlcp::app {

/// A one-line progress report on stderr ("[  12/340] problem: solver"), redrawn in place and
/// erased before other output, so a long batch or one long solve (a 6000-row problem) shows what
/// runs: shown only when stderr is a terminal, so logs and pipes stay clean.
class ProgressLine {
 public:
  /// @param[in] total the number of runs of the batch
  explicit ProgressLine(int total);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  /// Redraws the line for run `done` + 1 of total.
  void update(int done, std::string_view problem, std::string_view solver);
  /// Erases the line (before other output, and at the end).
  void clear();
  bool enabled() const { return m_enabled; }

 private:
  int m_total;
  bool m_enabled;
  bool m_shown = false;
};

}  // namespace mlcp::app
