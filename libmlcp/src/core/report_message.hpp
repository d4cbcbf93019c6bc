#pragma once

#include <fmt/compile.h>
#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace mlcp::detail {

/// Capacity a solver's report message keeps (MixedLCP reserves it): a message up to this length
/// is written inside solve() without allocating.
constexpr std::size_t kMessageCapacity = 1024;

/// Formats a report message with a format string compiled at build time (`FMT_COMPILE("...")`;
/// a plain string literal does not compile here). fmt then neither parses the string at run time
/// nor copies its text one character at a time: on a converged solve of a few rows, formatting
/// the message that way took a fifth of the solve. The text is formatted into a buffer on the
/// stack and assigned once; up to kMessageCapacity characters this allocates nothing.
template <typename S, typename... T>
void setMessage(std::string& message, const S& format, T&&... args) {
  fmt::basic_memory_buffer<char, kMessageCapacity> buffer;
  fmt::format_to(fmt::appender(buffer), format, std::forward<T>(args)...);
  message.assign(buffer.data(), buffer.size());
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
