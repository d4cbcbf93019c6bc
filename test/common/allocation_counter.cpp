#include "allocation_counter.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>

// The sanitizers bring their own allocator: counting by interposing malloc is left to the other
// builds.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MLCP_TEST_COUNT_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define MLCP_TEST_COUNT_MALLOC 0
#endif
#endif
#if !defined(MLCP_TEST_COUNT_MALLOC) && defined(__GLIBC__)
#define MLCP_TEST_COUNT_MALLOC 1
#endif
#if !defined(MLCP_TEST_COUNT_MALLOC)
#define MLCP_TEST_COUNT_MALLOC 0
#endif

namespace {

std::atomic<long> g_allocations{0};
std::atomic<bool> g_counting{false};

}  // namespace

#if MLCP_TEST_COUNT_MALLOC
namespace {

void note() {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1);
}

}  // namespace

// glibc exports its allocator under these names; the executable's malloc interposes on every
// shared library's (libstdc++'s operator new included).
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* pointer, std::size_t size);

void* malloc(std::size_t size) noexcept {
  note();
  return __libc_malloc(size);
}

void* calloc(std::size_t count, std::size_t size) noexcept {
  note();
  return __libc_calloc(count, size);
}

void* realloc(void* pointer, std::size_t size) noexcept {
  note();
  return __libc_realloc(pointer, size);
}
}
#endif

namespace mlcp::test {

AllocationCounter::AllocationCounter() {
  g_allocations.store(0);
  g_counting.store(true);
}

AllocationCounter::~AllocationCounter() { g_counting.store(false); }

long AllocationCounter::count() const { return g_allocations.load(); }

bool AllocationCounter::available() { return MLCP_TEST_COUNT_MALLOC != 0; }

}  // namespace mlcp::test
