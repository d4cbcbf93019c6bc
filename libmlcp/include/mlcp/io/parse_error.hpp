#pragma once

#include <stdexcept>
#include <string>

namespace mlcp {

/// A problem file could not be read. what() is one line "FILE:LINE: message".
class ParseError : public std::runtime_error {
 public:
  /// @param file the path as given by the caller; @param line 1-based, 0 when not opened;
  /// @param message what is wrong, naming the field or token.
  ParseError(std::string file, int line, const std::string& message);
  /// The path of the file as given by the caller.
  const std::string& file() const { return m_file; }
  /// 1-based line of the offending token (0 when the file could not be opened).
  int line() const { return m_line; }

 private:
  std::string m_file;
  int m_line;
};

}  // namespace mlcp
