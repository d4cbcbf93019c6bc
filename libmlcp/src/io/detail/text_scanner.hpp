#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace mlcp::detail {

/// The whole content of a file. @throws ParseError (line 0) when it cannot be opened.
std::string readFileText(const std::filesystem::path& path);

/// Reads a text as C's fscanf("%d"/"%lf") does, token by token (whitespace-separated, no comment
/// syntax), keeping the 1-based line of every token so that errors can name it; and line by line
/// where a format is line-oriented (the CSparse block of a Siconos NumericsMatrix, read with
/// fgets). Every failure throws mlcp::ParseError "SOURCE:LINE: message".
class TextScanner {
 public:
  /// @param[in] text the whole file; must outlive the scanner
  /// @param[in] source the file name used in error messages
  TextScanner(std::string_view text, std::string source);

  /// Next token; empty at the end of the text (line() then stays at the last token's line).
  std::string_view next();
  /// Next token, or a ParseError "unexpected end of file, expected WHAT".
  std::string_view expectToken(std::string_view what);
  /// Next token as an integer. @throws ParseError naming `what` for a non-integer.
  long long integer(std::string_view what);
  /// Next token as an integer in lo .. hi. @throws ParseError naming `what` and the range.
  int integerInRange(std::string_view what, long long lo, long long hi);
  /// Next token as a double (C syntax: 1e-3, -0.5, inf). NaN is rejected, and so is an infinite
  /// value unless allowInfinity. @throws ParseError naming `what`.
  double number(std::string_view what, bool allowInfinity = false);

  /// True when the next `count` tokens all parse as numbers (the position does not move).
  bool nextAreNumbers(int count) const;
  /// True when only whitespace is left.
  bool atEnd() const;
  /// Characters not read yet.
  size_t remaining() const { return m_text.size() - m_pos; }

  /// Skips the rest of the current line (after the last token), newline included.
  void skipRestOfLine();
  /// The next whole line (without its newline), advancing past it; `what` names it in errors.
  /// @throws ParseError at the end of the text.
  std::string_view expectLine(std::string_view what);

  /// Line of the last token or line read (1-based).
  int line() const { return m_tokenLine; }
  const std::string& source() const { return m_source; }

  /// Throws ParseError at the line of the last token.
  [[noreturn]] void fail(const std::string& message) const;
  /// Throws ParseError at a given line.
  [[noreturn]] void failAt(int line, const std::string& message) const;

  /// Parses a whole token as a number the way number() does; false when it is not one.
  static bool parseNumber(std::string_view token, double& value);

 private:
  void skipSpace();

  std::string_view m_text;
  std::string m_source;
  size_t m_pos = 0;
  int m_line = 1;
  int m_tokenLine = 1;
};

}  // namespace mlcp::detail
