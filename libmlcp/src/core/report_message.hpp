#pragma once

#include <fmt/format.h>

#include <iterator>
#include <string>

namespace mlcp::detail {

/// Formats a report message in place: within the capacity MixedLCP reserves (1024 characters),
/// so writing a message inside solve() allocates nothing.
template <typename... T>
void setMessage(std::string& message, fmt::format_string<T...> format, T&&... args) {
  message.clear();
  fmt::format_to(std::back_inserter(message), format, std::forward<T>(args)...);
}

}  // namespace mlcp::detail
