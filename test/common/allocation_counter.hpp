#pragma once

namespace mlcp::test {

/// Counts the heap allocations (malloc, calloc, realloc: every operator new, std container and
/// Eigen allocation) made on any thread while it is alive, to check that a solve allocates
/// nothing. Linking it replaces malloc, calloc and realloc of the test executable by counting
/// wrappers around glibc's; with another C library or under AddressSanitizer (which owns
/// malloc) nothing is replaced and available() is false.
class AllocationCounter {
 public:
  AllocationCounter();
  ~AllocationCounter();
  AllocationCounter(const AllocationCounter&) = delete;
  AllocationCounter& operator=(const AllocationCounter&) = delete;

  /// Allocations since construction.
  long count() const;
  /// False when allocations cannot be counted on this platform or build.
  static bool available();
};

}  // namespace mlcp::test
