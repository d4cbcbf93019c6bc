#pragma once

#include <fmt/format.h>

#include <iterator>
#include <string>
#include <string_view>

namespace mlcp::detail {

/// Formats a report message in place: within the capacity MixedLCP reserves (1024 characters),
/// so writing a message inside solve() allocates nothing.
template <typename... T>
void setMessage(std::string& message, fmt::format_string<T...> format, T&&... args) {
  message.clear();
  fmt::format_to(std::back_inserter(message), format, std::forward<T>(args)...);
}

/// Appends a piece of text to a report message.
inline void appendPiece(std::string& message, std::string_view text) { message.append(text); }
/// Appends an integer, in decimal, to a report message.
inline void appendPiece(std::string& message, int value) {
  const fmt::format_int digits(value);
  message.append(digits.data(), digits.size());
}

/// Appends pieces (text and integers) to a report message without a format string, for the
/// messages written on every solve of a composite solver: on a problem of a few rows the whole
/// solve takes about a microsecond, and parsing format strings took a third of it.
template <typename... T>
void appendMessage(std::string& message, const T&... pieces) {
  (appendPiece(message, pieces), ...);
}

}  // namespace mlcp::detail
