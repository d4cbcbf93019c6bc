#pragma once

namespace mlcp::app {

/// While alive, whatever is written to stdout (file descriptor 1) goes to stderr instead, so
/// that a solver library that prints (Siconos' numerics print diagnostics with printf) cannot
/// break the tools' stdout, which holds the table or one JSON object per line.
/// Not thread-safe: the descriptors are process-wide.
class SolverOutputGuard {
 public:
  SolverOutputGuard();
  ~SolverOutputGuard();
  SolverOutputGuard(const SolverOutputGuard&) = delete;
  SolverOutputGuard& operator=(const SolverOutputGuard&) = delete;

 private:
  int m_savedStdout = -1;
};

}  // namespace mlcp::app
