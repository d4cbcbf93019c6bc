#pragma once

#include <string>

namespace mlcp::app {

/// While alive, Ctrl-C (SIGINT) and SIGTERM do not end the process: the first one is recorded,
/// and a long loop (a simulation, stepping to a captured step) asks signal() between steps and
/// stops, keeping what it computed (docs/cli.md, "Runs cut short"). The handler also restores
/// the default action, so a second Ctrl-C ends the process at once (a step that never returns
/// stays interruptible). A signal ignored when the scope begins (nohup, a background job of a
/// script) stays ignored. The destructor restores the handlers found at construction.
///
/// One per process at a time (the handler writes one process-wide flag): a nested scope is
/// allowed and shares the flag. The loops of `simulate` and `capture` and the batch of
/// `compare` create one; signal() may be read from any thread.
class InterruptScope {
 public:
  /// Installs the handlers (sigaction(2)); the outermost scope clears the flag.
  InterruptScope();
  /// Restores the handlers that were in place before.
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  /// The signal received since construction (SIGINT or SIGTERM), or 0.
  int signal() const;
  /// True when a signal was received.
  bool interrupted() const { return signal() != 0; }

  /// "SIGINT", "SIGTERM", or "signal N".
  static std::string signalName(int signal);
  /// The exit status of a run stopped by `signal`: 128 + signal, as a shell reports a process
  /// ended by it (130 for Ctrl-C).
  static int exitCode(int signal) { return 128 + signal; }
};

}  // namespace mlcp::app
