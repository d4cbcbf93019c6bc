#pragma once

#include <chrono>

namespace mlcp::detail {

/// Wall-clock time in seconds (steady clock), for time limits and the report's solve time.
inline double nowSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace mlcp::detail
