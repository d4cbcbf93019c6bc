#pragma once

namespace mlcp::compare {

/// While alive, whatever is written to stdout (file descriptor 1) goes to stderr instead, so
/// that a solver library that prints (Siconos' numerics print diagnostics with printf) cannot
/// break the tools' stdout, which holds the table or one JSON object per line.
/// Guards may live in several threads at once (the Python package runs comparisons in Dask
/// worker threads): the descriptors are process-wide, so the first guard alive redirects and
/// the last one to go restores, under one lock, which fork(2) never copies held (a child
/// process made by runIsolated() may create guards); both also take
/// adapters::PeerOutputCapture::descriptorMutex(), so that they never run while a peer adapter
/// captures the same descriptors in another thread.
class SolverOutputGuard {
 public:
  SolverOutputGuard();
  ~SolverOutputGuard();
  SolverOutputGuard(const SolverOutputGuard&) = delete;
  SolverOutputGuard& operator=(const SolverOutputGuard&) = delete;
};

}  // namespace mlcp::compare
