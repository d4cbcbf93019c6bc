#include "json_value.hpp"

#include <cctype>
#include <cstdlib>

namespace mlcp::test {

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : m_text(text) {}

  JsonValue document() {
    JsonValue v = value();
    space();
    if (m_pos != m_text.size()) fail("trailing characters");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("JSON error at offset " + std::to_string(m_pos) + ": " + what);
  }
  void space() {
    while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
      ++m_pos;
  }
  char peek() {
    space();
    if (m_pos >= m_text.size()) fail("unexpected end");
    return m_text[m_pos];
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++m_pos;
  }
  bool literal(std::string_view word) {
    if (m_text.substr(m_pos, word.size()) != word) return false;
    m_pos += word.size();
    return true;
  }

  std::string string() {
    expect('"');
    std::string out;
    while (true) {
      if (m_pos >= m_text.size()) fail("unterminated string");
      const char c = m_text[m_pos++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (m_pos >= m_text.size()) fail("unterminated escape");
      const char e = m_text[m_pos++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          if (m_pos + 4 > m_text.size()) fail("short \\u escape");
          const long code = std::strtol(std::string(m_text.substr(m_pos, 4)).c_str(), nullptr, 16);
          if (code >= 0x80) fail("non-ASCII \\u escape (not needed here)");
          out += static_cast<char>(code);
          m_pos += 4;
          break;
        }
        default:
          fail("bad escape");
      }
    }
  }

  JsonValue value() {
    JsonValue v;
    const char c = peek();
    if (c == '{') {
      v.type = JsonValue::Type::Object;
      ++m_pos;
      if (peek() == '}') {
        ++m_pos;
        return v;
      }
      while (true) {
        const std::string key = string();
        expect(':');
        if (v.object.count(key) > 0) fail("duplicate key " + key);
        v.object[key] = value();
        if (peek() == ',') {
          ++m_pos;
          continue;
        }
        expect('}');
        return v;
      }
    }
    if (c == '[') {
      v.type = JsonValue::Type::Array;
      ++m_pos;
      if (peek() == ']') {
        ++m_pos;
        return v;
      }
      while (true) {
        v.array.push_back(value());
        if (peek() == ',') {
          ++m_pos;
          continue;
        }
        expect(']');
        return v;
      }
    }
    if (c == '"') {
      v.type = JsonValue::Type::String;
      v.string = string();
      return v;
    }
    if (literal("true")) {
      v.type = JsonValue::Type::Boolean;
      v.boolean = true;
      return v;
    }
    if (literal("false")) {
      v.type = JsonValue::Type::Boolean;
      return v;
    }
    if (literal("null")) return v;
    // Number: -?digits(.digits)?([eE][+-]?digits)?
    const size_t start = m_pos;
    if (m_text[m_pos] == '-') ++m_pos;
    auto digits = [&] {
      const size_t from = m_pos;
      while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos])))
        ++m_pos;
      if (m_pos == from) fail("expected a digit");
    };
    digits();
    if (m_pos < m_text.size() && m_text[m_pos] == '.') {
      ++m_pos;
      digits();
    }
    if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
      ++m_pos;
      if (m_pos < m_text.size() && (m_text[m_pos] == '+' || m_text[m_pos] == '-')) ++m_pos;
      digits();
    }
    v.type = JsonValue::Type::Number;
    v.number = std::strtod(std::string(m_text.substr(start, m_pos - start)).c_str(), nullptr);
    return v;
  }

  std::string_view m_text;
  size_t m_pos = 0;
};

}  // namespace

JsonValue parseJson(std::string_view text) { return Parser(text).document(); }

}  // namespace mlcp::test
