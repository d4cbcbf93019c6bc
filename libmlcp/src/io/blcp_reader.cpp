#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

namespace mlcp {

namespace {

/// Whitespace tokenizer with `#` comments and line numbers.
class Tokens {
 public:
  Tokens(std::string_view text, std::string_view source) : m_text(text), m_source(source) {}

  /// Next token; empty at end of input.
  std::string_view next() {
    skipSpace();
    const size_t start = m_pos;
    while (m_pos < m_text.size() && !isSpace(m_text[m_pos]) && m_text[m_pos] != '#') ++m_pos;
    // At the end of the text, errors name the line of the last token, not the empty last line.
    if (m_pos > start) m_tokenLine = m_line;
    return m_text.substr(start, m_pos - start);
  }

  /// Rest of the current line (after the last token), trimmed.
  std::string restOfLine() {
    const size_t start = m_pos;
    while (m_pos < m_text.size() && m_text[m_pos] != '\n' && m_text[m_pos] != '#') ++m_pos;
    std::string_view rest = m_text.substr(start, m_pos - start);
    while (!rest.empty() && isSpace(rest.front())) rest.remove_prefix(1);
    while (!rest.empty() && isSpace(rest.back())) rest.remove_suffix(1);
    return std::string(rest);
  }

  [[noreturn]] void fail(const std::string& message) const {
    throw ParseError(std::string(m_source), m_tokenLine, message);
  }

  std::string_view expectToken(std::string_view what) {
    std::string_view token = next();
    if (token.empty()) fail(fmt::format("unexpected end of file, expected {}", what));
    return token;
  }

  void expectKeyword(std::string_view keyword) {
    std::string_view token = expectToken(fmt::format("'{}'", keyword));
    if (token != keyword) fail(fmt::format("expected '{}', found '{}'", keyword, token));
  }

  long long integer(std::string_view what) {
    std::string_view token = expectToken(what);
    long long value = 0;
    auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size())
      fail(fmt::format("bad token '{}' for {}: expected an integer", token, what));
    return value;
  }

  double number(std::string_view what, bool allowInfinity) {
    std::string_view token = expectToken(what);
    std::string_view digits = token;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    double value = 0.0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec == std::errc::result_out_of_range)
      fail(fmt::format("number '{}' for {} is out of the range of double", token, what));
    if (ec != std::errc() || end != digits.data() + digits.size())
      fail(fmt::format("bad token '{}' for {}: expected a number", token, what));
    if (std::isnan(value)) fail(fmt::format("{} is NaN", what));
    if (std::isinf(value) && !allowInfinity) fail(fmt::format("{} is infinite", what));
    return value;
  }

  int line() const { return m_tokenLine; }

  /// Bytes not read yet (unit: bytes).
  size_t remaining() const { return m_text.size() - m_pos; }

 private:
  static bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

  void skipSpace() {
    while (m_pos < m_text.size()) {
      const char c = m_text[m_pos];
      if (c == '\n') {
        ++m_line;
        ++m_pos;
      } else if (isSpace(c)) {
        ++m_pos;
      } else if (c == '#') {
        while (m_pos < m_text.size() && m_text[m_pos] != '\n') ++m_pos;
      } else {
        break;
      }
    }
  }

  std::string_view m_text;
  std::string_view m_source;
  size_t m_pos = 0;
  int m_line = 1;
  int m_tokenLine = 1;
};

void readVector(
    Tokens& tokens, std::string_view name, int n, bool allowInfinity, Eigen::VectorXd& v) {
  tokens.expectKeyword(name);
  v.resize(n);
  for (int i = 0; i < n; ++i) v[i] = tokens.number(fmt::format("{}[{}]", name, i), allowInfinity);
}

/// The header "blcp 1 n N nub K": n and nub, each checked against its range, and n against the
/// bytes left (b, lo, hi and findex hold n values each, every value at least two characters).
/// Returns the bytes left after it (plus one), which bound the sizes that follow.
double readHeader(Tokens& tokens, int& n, int& nub) {
  tokens.expectKeyword("blcp");
  const long long version = tokens.integer("the format version");
  if (version != 1)
    tokens.fail(fmt::format("unsupported BLCP version {} (this reader knows 1)", version));
  tokens.expectKeyword("n");
  const long long n64 = tokens.integer("n");
  if (n64 < 0 || n64 > 1'000'000)
    tokens.fail(fmt::format("n = {} is out of range 0 .. 1000000", n64));
  n = static_cast<int>(n64);
  tokens.expectKeyword("nub");
  const long long nub64 = tokens.integer("nub");
  if (nub64 < 0 || nub64 > n)
    tokens.fail(fmt::format("nub = {} is out of range 0 .. n = {}", nub64, n));
  nub = static_cast<int>(nub64);
  // Refuse a size the rest of the text cannot hold before allocating for it (a short file that
  // declares a large n would otherwise allocate the dense n x n A).
  const double available = static_cast<double>(tokens.remaining()) + 1.0;
  if (8.0 * n > available)
    tokens.fail(
        fmt::format("n = {} rows need at least {} more bytes for b, lo, hi and findex; the "
                    "file has {} left",
                    n, 8.0 * n, tokens.remaining()));
  return available;
}

Operator readDenseMatrix(Tokens& tokens, int n, double available) {
  if (2.0 * static_cast<double>(n) * n > available)
    tokens.fail(fmt::format("dense A of {} x {} needs at least {} more bytes; the file has {} left",
                            n, n, 2.0 * static_cast<double>(n) * n, tokens.remaining()));
  Eigen::MatrixXd A(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) A(i, j) = tokens.number(fmt::format("A({}, {})", i, j), false);
  return Operator(std::move(A));
}

Operator readCooMatrix(Tokens& tokens, int n, double available) {
  const long long nnz = tokens.integer("the number of coo entries");
  if (nnz < 0) tokens.fail(fmt::format("negative number of coo entries {}", nnz));
  if (6.0 * static_cast<double>(nnz) > available)
    tokens.fail(fmt::format("{} coo entries need at least {} more bytes; the file has {} left", nnz,
                            6.0 * static_cast<double>(nnz), tokens.remaining()));
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<size_t>(nnz));
  for (long long k = 0; k < nnz; ++k) {
    const long long i = tokens.integer(fmt::format("the row of coo entry {}", k));
    const long long j = tokens.integer(fmt::format("the column of coo entry {}", k));
    if (i < 0 || i >= n || j < 0 || j >= n)
      tokens.fail(
          fmt::format("coo entry {} at ({}, {}) is outside the {} x {} matrix", k, i, j, n, n));
    entries.emplace_back(static_cast<int>(i), static_cast<int>(j),
                         tokens.number(fmt::format("A({}, {})", i, j), false));
  }
  Operator::SparseMatrix A(n, n);
  A.setFromTriplets(entries.begin(), entries.end());  // sums duplicates, as the spec says
  return Operator(std::move(A));
}

/// "A dense ..." or "A coo NNZ ...", refused before allocating when `available` bytes cannot
/// hold it.
Operator readMatrix(Tokens& tokens, int n, double available) {
  tokens.expectKeyword("A");
  const std::string_view storage = tokens.expectToken("'dense' or 'coo'");
  if (storage == "dense") return readDenseMatrix(tokens, n, available);
  if (storage != "coo")
    tokens.fail(fmt::format("unknown matrix storage '{}': expected 'dense' or 'coo'", storage));
  return readCooMatrix(tokens, n, available);
}

/// "findex ...": each -1 or another row.
void readFrictionIndex(Tokens& tokens, int n, Eigen::VectorXi& findex) {
  tokens.expectKeyword("findex");
  findex.resize(n);
  for (int i = 0; i < n; ++i) {
    const long long k = tokens.integer(fmt::format("findex[{}]", i));
    if (k < -1 || k >= n)
      tokens.fail(fmt::format("findex[{}] = {} is out of range -1 .. {}", i, k, n - 1));
    if (k == i) tokens.fail(fmt::format("findex[{}] = {} points at the row itself", i, k));
    findex[i] = static_cast<int>(k);
  }
}

/// The rules that tie the rows together (the line of hi or of findex is named).
void checkRows(const Problem& p, std::string_view source, int hiLine, int findexLine) {
  for (int i = 0; i < p.size(); ++i) {
    const int k = p.findex[i];
    if (k >= 0 && p.findex[k] >= 0)
      throw ParseError(
          std::string(source), findexLine,
          fmt::format("findex[{}] = {} points at row {}, itself a friction row", i, k, k));
    if (k >= 0 && !std::isfinite(p.hi[i]))
      throw ParseError(
          std::string(source), hiLine,
          fmt::format("hi[{}] = {} on friction row {}: mu must be finite", i, p.hi[i], i));
    if (k < 0 && p.lo[i] > p.hi[i])
      throw ParseError(std::string(source), hiLine,
                       fmt::format("lo[{}] = {} > hi[{}] = {}", i, p.lo[i], i, p.hi[i]));
    if (i < p.nub && (k >= 0 || std::isfinite(p.lo[i]) || std::isfinite(p.hi[i])))
      throw ParseError(std::string(source), hiLine,
                       fmt::format("row {} < nub = {} must be unbounded (lo = -inf, hi = inf, "
                                   "findex = -1)",
                                   i, p.nub));
  }
}

/// The optional sections after findex: "x ..." and "name ...".
void readSections(Tokens& tokens, int n, Problem& p) {
  for (std::string_view section = tokens.next(); !section.empty(); section = tokens.next()) {
    if (section == "x") {
      Eigen::VectorXd x(n);
      for (int i = 0; i < n; ++i) x[i] = tokens.number(fmt::format("x[{}]", i), false);
      p.x = std::move(x);
    } else if (section == "name") {
      p.name = tokens.restOfLine();
    } else {
      tokens.fail(
          fmt::format("unknown section '{}' after findex (expected 'x' or 'name')", section));
    }
  }
}

}  // namespace

Problem parseBlcp(std::string_view text, std::string_view source) {
  Tokens tokens(text, source);
  int n = 0;
  Problem p;
  const double available = readHeader(tokens, n, p.nub);
  p.A = readMatrix(tokens, n, available);
  readVector(tokens, "b", n, false, p.b);
  readVector(tokens, "lo", n, true, p.lo);
  readVector(tokens, "hi", n, true, p.hi);
  const int hiLine = tokens.line();
  readFrictionIndex(tokens, n, p.findex);
  checkRows(p, source, hiLine, tokens.line());
  readSections(tokens, n, p);
  return p;
}

Problem readBlcp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path.string(), 0, "cannot open the file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  return parseBlcp(text, path.string());
}

}  // namespace mlcp
