#include "io/detail/text_scanner.hpp"

#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace mlcp::detail {

namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

}  // namespace

std::string readFileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path.string(), 0, "cannot open the file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

TextScanner::TextScanner(std::string_view text, std::string source)
    : m_text(text), m_source(std::move(source)) {}

void TextScanner::skipSpace() {
  while (m_pos < m_text.size() && isSpace(m_text[m_pos])) {
    if (m_text[m_pos] == '\n') ++m_line;
    ++m_pos;
  }
}

std::string_view TextScanner::next() {
  skipSpace();
  const size_t start = m_pos;
  while (m_pos < m_text.size() && !isSpace(m_text[m_pos])) ++m_pos;
  // At the end of the text, errors name the line of the last token (not the empty last line).
  if (m_pos > start) m_tokenLine = m_line;
  return m_text.substr(start, m_pos - start);
}

std::string_view TextScanner::expectToken(std::string_view what) {
  const std::string_view token = next();
  if (token.empty()) fail(fmt::format("unexpected end of file, expected {}", what));
  return token;
}

long long TextScanner::integer(std::string_view what) {
  std::string_view token = expectToken(what);
  if (!token.empty() && token.front() == '+') token.remove_prefix(1);
  long long value = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec != std::errc() || end != token.data() + token.size())
    fail(fmt::format("bad token '{}' for {}: expected an integer", token, what));
  return value;
}

int TextScanner::integerInRange(std::string_view what, long long lo, long long hi) {
  const long long value = integer(what);
  if (value < lo || value > hi)
    fail(fmt::format("{} = {} is out of range {} .. {}", what, value, lo, hi));
  return static_cast<int>(value);
}

bool TextScanner::parseNumber(std::string_view token, double& value) {
  if (!token.empty() && token.front() == '+') token.remove_prefix(1);
  if (token.empty()) return false;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  return ec == std::errc() && end == token.data() + token.size();
}

double TextScanner::number(std::string_view what, bool allowInfinity) {
  const std::string_view token = expectToken(what);
  double value = 0.0;
  if (!parseNumber(token, value)) {
    // from_chars reports overflow separately; say so rather than "not a number".
    std::string_view digits = token;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec == std::errc::result_out_of_range)
      fail(fmt::format("number '{}' for {} is out of the range of double", token, what));
    fail(fmt::format("bad token '{}' for {}: expected a number", token, what));
  }
  if (std::isnan(value)) fail(fmt::format("{} is NaN", what));
  if (std::isinf(value) && !allowInfinity) fail(fmt::format("{} is infinite", what));
  return value;
}

bool TextScanner::nextAreNumbers(int count) const {
  TextScanner probe = *this;
  for (int k = 0; k < count; ++k) {
    double value = 0.0;
    if (!parseNumber(probe.next(), value)) return false;
  }
  return true;
}

bool TextScanner::atEnd() const {
  for (size_t p = m_pos; p < m_text.size(); ++p)
    if (!isSpace(m_text[p])) return false;
  return true;
}

void TextScanner::skipRestOfLine() {
  while (m_pos < m_text.size() && m_text[m_pos] != '\n') ++m_pos;
  if (m_pos < m_text.size()) {
    ++m_pos;
    ++m_line;
  }
}

std::string_view TextScanner::expectLine(std::string_view what) {
  if (m_pos >= m_text.size()) {
    m_tokenLine = m_line;
    fail(fmt::format("unexpected end of file, expected {}", what));
  }
  const size_t start = m_pos;
  while (m_pos < m_text.size() && m_text[m_pos] != '\n') ++m_pos;
  std::string_view text = m_text.substr(start, m_pos - start);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  m_tokenLine = m_line;
  if (m_pos < m_text.size()) {
    ++m_pos;
    ++m_line;
  }
  return text;
}

void TextScanner::fail(const std::string& message) const { failAt(m_tokenLine, message); }

void TextScanner::failAt(int line, const std::string& message) const {
  throw ParseError(m_source, line, message);
}

}  // namespace mlcp::detail
