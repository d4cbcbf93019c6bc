#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mlcp::test {

/// A parsed JSON value (RFC 8259), enough to check the tools' output: objects, arrays, strings
/// (with \" \\ \n \t \uXXXX below 0x80), numbers, true, false, null.
struct JsonValue {
  enum class Type { Null, Boolean, Number, String, Array, Object };
  Type type = Type::Null;
  bool boolean = false;
  double number = 0.0;
  std::string string;
  std::vector<JsonValue> array;
  std::map<std::string, JsonValue> object;

  bool has(const std::string& key) const { return object.count(key) > 0; }
  const JsonValue& operator[](const std::string& key) const { return object.at(key); }
};

/// Parses one JSON text (the whole of `text`, surrounding whitespace allowed).
/// @throws std::runtime_error naming the offset of the first error
JsonValue parseJson(std::string_view text);

}  // namespace mlcp::test
