#include <mlcp/core/option_table.hpp>

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace mlcp {

namespace {

[[noreturn]] void throwBadValue(std::string_view name, OptionKind kind, std::string_view text) {
  throw std::invalid_argument(
      fmt::format("option '{}' takes {}, got '{}'", name, toString(kind), text));
}

/// The whole of text as a number of type T, or nothing.
template <class T>
bool parseNumber(std::string_view text, T& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end && !text.empty();
}

}  // namespace

std::string_view toString(OptionKind kind) {
  switch (kind) {
    case OptionKind::Bool:
      return "bool";
    case OptionKind::Int:
      return "int";
    case OptionKind::Double:
      return "float";
    case OptionKind::Choice:
      return "choice";
  }
  return "?";
}

std::string formatOptionValue(bool value) { return value ? "true" : "false"; }
std::string formatOptionValue(long long value) { return fmt::format("{}", value); }
std::string formatOptionValue(double value) { return fmt::format("{}", value); }

template <class T>
T parseOptionValue(std::string_view name, std::string_view text) {
  if constexpr (std::is_same_v<T, bool>) {
    if (text == "true" || text == "1") return true;
    if (text == "false" || text == "0") return false;
    throwBadValue(name, OptionKind::Bool, text);
  } else {
    T value{};
    constexpr OptionKind kind = std::is_floating_point_v<T> ? OptionKind::Double : OptionKind::Int;
    if (!parseNumber(text, value)) throwBadValue(name, kind, text);
    return value;
  }
}

template bool parseOptionValue<bool>(std::string_view, std::string_view);
template int parseOptionValue<int>(std::string_view, std::string_view);
template long long parseOptionValue<long long>(std::string_view, std::string_view);
template std::uint64_t parseOptionValue<std::uint64_t>(std::string_view, std::string_view);
template double parseOptionValue<double>(std::string_view, std::string_view);

void requireKind(const OptionSpec& spec, std::string_view text) {
  switch (spec.kind) {
    case OptionKind::Bool:
      parseOptionValue<bool>(spec.name, text);
      return;
    case OptionKind::Int:
      parseOptionValue<long long>(spec.name, text);
      return;
    case OptionKind::Double:
      parseOptionValue<double>(spec.name, text);
      return;
    case OptionKind::Choice:
      for (std::string_view rest = spec.range; !rest.empty();) {
        const size_t bar = rest.find(" | ");
        if (rest.substr(0, bar) == text) return;
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 3);
      }
      throwBadChoice(spec.name, spec.range, text);
  }
}

void throwBadChoice(std::string_view name, std::string_view choices, std::string_view text) {
  throw std::invalid_argument(
      fmt::format("option '{}' takes one of {}, got '{}'", name, choices, text));
}

void throwUnknownOption(std::string_view solver,
                        std::string_view name,
                        const std::vector<OptionSpec>& specs) {
  std::string names;
  for (const OptionSpec& spec : specs) names += (names.empty() ? "" : ", ") + spec.name;
  throw std::invalid_argument(
      fmt::format("solver '{}' takes no option '{}'; it takes: {}", solver, name, names));
}

}  // namespace mlcp
