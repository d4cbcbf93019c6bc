#include <mlcp/dynamics/scene_parameters.hpp>

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace mlcp::dynamics {

SceneParameters::SceneParameters(std::vector<SceneParameterInfo> known,
                                 const std::vector<std::string>& assignments)
    : m_known(std::move(known)) {
  for (const SceneParameterInfo& info : m_known) m_values[info.key] = info.defaultValue;
  std::map<std::string, bool, std::less<>> given;
  for (const std::string& assignment : assignments) {
    const size_t equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0)
      throw std::invalid_argument(
          fmt::format("scene parameter '{}' is not of the form key=value", assignment));
    const std::string key = assignment.substr(0, equals);
    const auto found = m_values.find(key);
    if (found == m_values.end()) {
      std::string keys;
      for (const SceneParameterInfo& info : m_known) keys += (keys.empty() ? "" : ", ") + info.key;
      throw std::invalid_argument(fmt::format("unknown scene parameter '{}'; this scene takes: {}",
                                              key, keys.empty() ? "none" : keys));
    }
    if (given[key])
      throw std::invalid_argument(fmt::format("scene parameter '{}' given twice", key));
    given[key] = true;
    found->second = assignment.substr(equals + 1);
  }
}

const std::string& SceneParameters::raw(std::string_view key) const {
  const auto found = m_values.find(key);
  if (found == m_values.end())
    throw std::logic_error(fmt::format("scene parameter '{}' is not documented", key));
  return found->second;
}

double SceneParameters::number(std::string_view key) const {
  const std::string& text = raw(key);
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    throw std::invalid_argument(
        fmt::format("scene parameter {} = '{}' is not a finite number", key, text));
  return value;
}

double SceneParameters::positive(std::string_view key) const {
  const double value = number(key);
  if (!(value > 0.0))
    throw std::invalid_argument(fmt::format("scene parameter {} = {} must be > 0", key, value));
  return value;
}

int SceneParameters::integer(std::string_view key, int min, int max) const {
  const std::string& text = raw(key);
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
    throw std::invalid_argument(fmt::format(
        "scene parameter {} = '{}' must be an integer in {} .. {}", key, text, min, max));
  return value;
}

std::string SceneParameters::text(std::string_view key) const { return raw(key); }

std::string SceneParameters::summary() const {
  std::string result;
  for (const SceneParameterInfo& info : m_known)
    result += fmt::format("{}{}={}", result.empty() ? "" : " ", info.key, raw(info.key));
  return result;
}

}  // namespace mlcp::dynamics
