#include "interrupt_guard.hpp"

#include <atomic>
#include <csignal>

namespace mlcp::app {

namespace {

// Written by the signal handler: a lock-free atomic is async-signal-safe.
std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

struct sigaction g_previousInt;
struct sigaction g_previousTerm;

void onInterrupt(int number) { g_signal.store(number); }

}  // namespace

InterruptGuard::InterruptGuard() {
  g_signal.store(0);
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_RESTART;  // a second signal: the default action
  sigaction(SIGINT, &action, &g_previousInt);
  sigaction(SIGTERM, &action, &g_previousTerm);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_previousInt, nullptr);
  sigaction(SIGTERM, &g_previousTerm, nullptr);
}

bool InterruptGuard::interrupted() { return g_signal.load() != 0; }

int InterruptGuard::signal() { return g_signal.load(); }

}  // namespace mlcp::app
