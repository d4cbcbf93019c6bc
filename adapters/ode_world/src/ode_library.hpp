#pragma once

namespace mlcp::adapters::detail {

/// ODE's library state held for the lifetime of an object: dInitODE2 when made, dCloseODE when
/// destroyed. ODE counts these calls itself (the library shuts down at the last dCloseODE); a
/// process-wide mutex serialises them, since ODE's counter is not atomic, so any number of
/// OdeWorld objects (and libdynamics' OdeCollision) may live at a time.
class OdeLibrary {
 public:
  /// @throws std::runtime_error when dInitODE2 fails
  OdeLibrary();
  ~OdeLibrary();
  OdeLibrary(const OdeLibrary&) = delete;
  OdeLibrary& operator=(const OdeLibrary&) = delete;

  /// Makes ODE's per-thread data (collision caches) ready in the calling thread; call before
  /// stepping or colliding from it. Cheap when already done.
  /// @throws std::runtime_error when dAllocateODEDataForThread fails
  static void prepareThread();
};

}  // namespace mlcp::adapters::detail
