#include "solver_output_guard.hpp"

#include <mlcp/adapters/common/peer_output_capture.hpp>

#include <cstdio>
#include <iostream>
#include <mutex>
#include <pthread.h>
#include <unistd.h>

namespace mlcp::compare {

namespace {

/// The process-wide redirection: how many guards are alive, and the saved stdout (-1 when the
/// redirection failed or none is active).
struct Redirection {
  std::mutex mutex;
  int guards = 0;
  int savedStdout = -1;

  Redirection();
};

Redirection& redirection() {
  static Redirection instance;
  return instance;
}

// fork(2) copies only the calling thread: the lock is taken before and released after in the
// parent and in the child, so that a child never starts with it held by a thread it lacks
// (runIsolated() forks while other threads may be creating or ending guards). The descriptor
// lock of adapters::PeerOutputCapture is recursive, which a child cannot release for the parent's
// thread; it is held only for the few system calls of a redirection.
void lockBeforeFork() { redirection().mutex.lock(); }
void unlockAfterFork() { redirection().mutex.unlock(); }

Redirection::Redirection() { pthread_atfork(lockBeforeFork, unlockAfterFork, unlockAfterFork); }

}  // namespace

SolverOutputGuard::SolverOutputGuard() {
  Redirection& r = redirection();
  const std::lock_guard lock(r.mutex);
  // Not while a peer's output is captured in another thread (it changes the same descriptors).
  const std::lock_guard descriptors(adapters::PeerOutputCapture::descriptorMutex());
  if (r.guards++ > 0) return;
  std::cout.flush();
  std::fflush(stdout);
  r.savedStdout = dup(STDOUT_FILENO);
  if (r.savedStdout >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    close(r.savedStdout);
    r.savedStdout = -1;
  }
}

SolverOutputGuard::~SolverOutputGuard() {
  Redirection& r = redirection();
  const std::lock_guard lock(r.mutex);
  const std::lock_guard descriptors(adapters::PeerOutputCapture::descriptorMutex());
  if (--r.guards > 0 || r.savedStdout < 0) return;
  std::cout.flush();
  std::fflush(stdout);  // the solvers' buffered output goes to stderr, not to the records
  dup2(r.savedStdout, STDOUT_FILENO);
  close(r.savedStdout);
  r.savedStdout = -1;
}

}  // namespace mlcp::compare
