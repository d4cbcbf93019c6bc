#include "ode_library.hpp"

#include <ode/ode.h>

#include <mutex>
#include <stdexcept>

namespace mlcp::adapters::detail {

namespace {

std::mutex& odeLibraryMutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

OdeLibrary::OdeLibrary() {
  const std::lock_guard lock(odeLibraryMutex());
  if (dInitODE2(0) == 0) throw std::runtime_error("ode: dInitODE2 failed");
}

OdeLibrary::~OdeLibrary() {
  const std::lock_guard lock(odeLibraryMutex());
  dCloseODE();
}

void OdeLibrary::prepareThread() {
  if (dAllocateODEDataForThread(dAllocateMaskAll) == 0)
    throw std::runtime_error("ode: dAllocateODEDataForThread failed");
}

}  // namespace mlcp::adapters::detail
