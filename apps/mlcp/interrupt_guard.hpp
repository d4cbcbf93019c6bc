#pragma once

namespace mlcp::app {

/// While alive, the first SIGINT (Ctrl-C) or SIGTERM does not end the process: it sets a flag
/// that interrupted() reads, so that a long batch can stop taking work and put what it has
/// computed in its files; a second signal ends the process as usual (the handler is reset on
/// the first). The destructor restores the previous handlers. One guard at a time.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  /// True once a signal arrived while a guard was alive (safe from any thread).
  static bool interrupted();
  /// The signal that arrived (SIGINT or SIGTERM), 0 when none.
  static int signal();
};

}  // namespace mlcp::app
