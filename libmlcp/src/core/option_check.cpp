#include <mlcp/core/option_check.hpp>

#include <fmt/format.h>

namespace mlcp {

OptionCheck& OptionCheck::require(bool holds,
                                  std::string_view name,
                                  double value,
                                  std::string_view constraint) {
  if (!holds && m_ok) fail(name, fmt::format("{}", value), constraint);
  return *this;
}

OptionCheck& OptionCheck::require(bool holds,
                                  std::string_view name,
                                  int value,
                                  std::string_view constraint) {
  return require(holds, name, holds ? std::string_view() : fmt::format("{}", value), constraint);
}

OptionCheck& OptionCheck::require(bool holds,
                                  std::string_view name,
                                  std::string_view value,
                                  std::string_view constraint) {
  if (!holds && m_ok) fail(name, std::string(value), constraint);
  return *this;
}

void OptionCheck::fail(std::string_view name,
                       const std::string& value,
                       std::string_view constraint) {
  m_ok = false;
  m_message = fmt::format("{}::{} = {}. Violated constraint: {}", m_owner, name, value, constraint);
  if (m_why != nullptr) *m_why = m_message;
}

}  // namespace mlcp
