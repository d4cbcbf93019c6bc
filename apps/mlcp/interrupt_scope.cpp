#include "interrupt_scope.hpp"

#include <fmt/format.h>

#include <csignal>

namespace mlcp::app {

namespace {

/// The signal received (0: none); written by the handler only.
volatile std::sig_atomic_t g_signal = 0;

/// The handlers in place before the outermost scope, and how many scopes are alive.
struct PreviousHandlers {
  struct sigaction interrupt {};
  struct sigaction terminate {};
  int scopes = 0;
};

PreviousHandlers& previous() {
  static PreviousHandlers handlers;
  return handlers;
}

extern "C" void recordSignal(int signal) {
  if (g_signal == 0) g_signal = signal;
  std::signal(signal, SIG_DFL);  // async-signal-safe: the next one ends the process
}

}  // namespace

InterruptScope::InterruptScope() {
  PreviousHandlers& p = previous();
  if (p.scopes++ > 0) return;
  g_signal = 0;
  struct sigaction action {};
  action.sa_handler = recordSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // a write interrupted by the signal goes on
  sigaction(SIGINT, &action, &p.interrupt);
  sigaction(SIGTERM, &action, &p.terminate);
  // A signal the caller ignores stays ignored (nohup, a background job of a script).
  if (p.interrupt.sa_handler == SIG_IGN) sigaction(SIGINT, &p.interrupt, nullptr);
  if (p.terminate.sa_handler == SIG_IGN) sigaction(SIGTERM, &p.terminate, nullptr);
}

InterruptScope::~InterruptScope() {
  PreviousHandlers& p = previous();
  if (--p.scopes > 0) return;
  sigaction(SIGINT, &p.interrupt, nullptr);
  sigaction(SIGTERM, &p.terminate, nullptr);
}

int InterruptScope::signal() const { return static_cast<int>(g_signal); }

std::string InterruptScope::signalName(int signal) {
  if (signal == SIGINT) return "SIGINT";
  if (signal == SIGTERM) return "SIGTERM";
  return fmt::format("signal {}", signal);
}

}  // namespace mlcp::app
