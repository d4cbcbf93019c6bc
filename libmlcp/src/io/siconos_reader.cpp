#include "core/infinity.hpp"
#include "io/detail/numerics_matrix_reader.hpp"
#include "io/detail/text_scanner.hpp"

#include <mlcp/io/blcp_io.hpp>
#include <mlcp/io/problem_file.hpp>
#include <mlcp/io/siconos_io.hpp>

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <vector>

namespace mlcp {

namespace {

using detail::NumericsMatrixHeader;
using detail::TextScanner;

Eigen::VectorXd readVector(TextScanner& in,
                           std::string_view name,
                           int n,
                           bool allowInfinity = false) {
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = in.number(fmt::format("{}[{}]", name, i), allowInfinity);
  return v;
}

// Row-major block of the MLCP's (A, B, C, D) storage.
Eigen::MatrixXd readRowMajor(TextScanner& in, std::string_view name, int rows, int cols) {
  Eigen::MatrixXd M(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) M(i, j) = in.number(fmt::format("{}({}, {})", name, i, j));
  return M;
}

Operator readSquare(TextScanner& in, std::string_view name, int n, std::string_view rule) {
  const NumericsMatrixHeader header = detail::readNumericsMatrixHeader(in, name);
  if (header.rows != n || header.cols != n)
    in.failAt(header.line, fmt::format("{} is {} x {} but {} requires {} x {}", name, header.rows,
                                       header.cols, rule, n, n));
  return detail::readNumericsMatrixPayload(in, header, name);
}

// b = -q without negative zeros (they would print as "-0").
Eigen::VectorXd negated(const Eigen::VectorXd& q) { return (-q).array() + 0.0; }

Problem complementarityProblem(Operator M, const Eigen::VectorXd& q) {
  Problem p;
  const int n = static_cast<int>(q.size());
  p.A = std::move(M);
  p.b = negated(q);
  p.lo = Eigen::VectorXd::Zero(n);
  p.hi = Eigen::VectorXd::Constant(n, kInf);
  p.findex = Eigen::VectorXi::Constant(n, -1);
  return p;
}

std::string stem(std::string_view source) {
  return std::filesystem::path(source).filename().string();
}

Problem parseLcp(TextScanner& in) {
  const int n = in.integerInRange("n", 0, detail::kMaxSiconosDimension);
  Operator M = readSquare(in, "M", n, fmt::format("n = {}", n));
  const Eigen::VectorXd q = readVector(in, "q", n);
  Problem p = complementarityProblem(std::move(M), q);
  p.name = fmt::format("{} (Siconos LCP)", stem(in.source()));
  return p;
}

Problem parseRelay(TextScanner& in) {
  const int n = in.integerInRange("n", 0, detail::kMaxSiconosDimension);
  Operator M = readSquare(in, "M", n, fmt::format("n = {}", n));
  const Eigen::VectorXd q = readVector(in, "q", n);
  Problem p = complementarityProblem(std::move(M), q);
  p.lo = readVector(in, "lb", n, true);
  const int lbLine = in.line();
  p.hi = readVector(in, "ub", n, true);
  for (int i = 0; i < n; ++i) {
    if (p.lo[i] == kInf) in.failAt(lbLine, fmt::format("lb[{}] = inf: the box is empty", i));
    if (p.hi[i] == -kInf) in.fail(fmt::format("ub[{}] = -inf: the box is empty", i));
    if (p.lo[i] > p.hi[i])
      in.fail(fmt::format("lb[{}] = {} > ub[{}] = {}", i, p.lo[i], i, p.hi[i]));
  }
  // Leading free rows are the nub rows of the BLCP convention.
  while (p.nub < n && p.lo[p.nub] == -kInf && p.hi[p.nub] == kInf) ++p.nub;
  p.name = fmt::format("{} (Siconos relay)", stem(in.source()));
  return p;
}

Problem parseMlcp(TextScanner& in) {
  const int hasM = in.integerInRange("isStorageType1 (1 when M, q follow)", 0, 1);
  const int hasBlocks = in.integerInRange("isStorageType2 (1 when A, B, C, D, a, b follow)", 0, 1);
  if (hasM == 0 && hasBlocks == 0)
    in.fail("isStorageType1 = isStorageType2 = 0: the file holds no matrix");
  const int n = in.integerInRange("n (equality rows)", 0, detail::kMaxSiconosDimension);
  const int m = in.integerInRange("m (complementarity rows)", 0, detail::kMaxSiconosDimension);
  const int size = n + m;
  if (size > detail::kMaxSiconosDimension)
    in.fail(fmt::format("n + m = {} exceeds {}", size, detail::kMaxSiconosDimension));

  Operator M;
  Eigen::VectorXd q;
  if (hasM == 1) {
    // blocksRows: row starts, read until a value >= n + m; then one 0/1 flag per block.
    std::vector<int> starts;
    for (;;) {
      const int start = in.integerInRange(fmt::format("blocksRows[{}]", starts.size()), 0,
                                          std::numeric_limits<int>::max());
      if (starts.empty() && start != 0)
        in.fail(fmt::format("blocksRows[0] = {}: the first block must start at row 0", start));
      if (!starts.empty() && start <= starts.back())
        in.fail(fmt::format("blocksRows[{}] = {} does not exceed blocksRows[{}] = {}",
                            starts.size(), start, starts.size() - 1, starts.back()));
      if (start >= size) {
        if (start != size)
          in.fail(fmt::format("blocksRows ends at {} but n + m = {}", start, size));
        break;
      }
      starts.push_back(start);
    }
    int equalityRows = 0;
    bool complementaritySeen = false;
    for (size_t k = 0; k < starts.size(); ++k) {
      const int isComp = in.integerInRange(fmt::format("blocksIsComp[{}]", k), 0, 1);
      const int rows = (k + 1 < starts.size() ? starts[k + 1] : size) - starts[k];
      if (isComp == 1) {
        complementaritySeen = true;
      } else {
        if (complementaritySeen)
          in.fail(
              fmt::format("equality block {} (rows {} ..) follows a complementarity block: "
                          "equality rows must come first (they become the nub rows)",
                          k, starts[k]));
        equalityRows += rows;
      }
    }
    if (equalityRows != n)
      in.fail(fmt::format("the equality blocks cover {} rows but n = {}", equalityRows, n));
    M = readSquare(in, "M", size, fmt::format("n + m = {}", size));
    q = readVector(in, "q", size);
  }
  if (hasBlocks == 1) {
    const Eigen::MatrixXd A = readRowMajor(in, "A", n, n);
    const Eigen::MatrixXd B = readRowMajor(in, "B", m, m);
    const Eigen::MatrixXd C = readRowMajor(in, "C", n, m);
    const Eigen::MatrixXd D = readRowMajor(in, "D", m, n);
    const Eigen::VectorXd a = readVector(in, "a", n);
    const Eigen::VectorXd b = readVector(in, "b", m);
    Eigen::MatrixXd blockM(size, size);
    blockM << A, C, D, B;
    Eigen::VectorXd blockQ(size);
    blockQ << a, b;
    if (hasM == 1) {
      const Eigen::MatrixXd denseM = M.toDense();
      for (int j = 0; j < size; ++j)
        for (int i = 0; i < size; ++i)
          if (std::abs(denseM(i, j) - blockM(i, j)) > 1e-12 * std::max(1.0, std::abs(denseM(i, j))))
            in.fail(fmt::format("the (A, B, C, D) storage disagrees with M at ({}, {}): {} vs {}",
                                i, j, blockM(i, j), denseM(i, j)));
      for (int i = 0; i < size; ++i)
        if (std::abs(q[i] - blockQ[i]) > 1e-12 * std::max(1.0, std::abs(q[i])))
          in.fail(
              fmt::format("the (a, b) storage disagrees with q[{}]: {} vs {}", i, blockQ[i], q[i]));
    } else {
      M = std::move(blockM);
      q = std::move(blockQ);
    }
  }
  Problem p = complementarityProblem(std::move(M), q);
  p.nub = n;
  p.lo.head(n).setConstant(-kInf);
  p.name = fmt::format("{} (Siconos MLCP)", stem(in.source()));
  return p;
}

// A global problem (M n x n, H n x d nc, ...) starts its second matrix where a local one has q.
bool nextIsMatrixHeader(const TextScanner& in, int rows, int cols) {
  TextScanner probe = in;
  double t[3] = {0, 0, 0};
  for (double& v : t)
    if (!TextScanner::parseNumber(probe.next(), v)) return false;
  return (t[0] == 0 || t[0] == 1 || t[0] == 2) && t[1] == rows && t[2] == cols;
}

Problem parseFrictionContact(TextScanner& in, std::string* approximation) {
  const int d = in.integerInRange("the contact dimension d", 2, 3);
  const int nc =
      in.integerInRange("the number of contacts nc", 0, detail::kMaxSiconosDimension / d);
  const int n = d * nc;
  const NumericsMatrixHeader header = detail::readNumericsMatrixHeader(in, "W");
  if (header.rows != n || header.cols != n) {
    if (header.rows == header.cols)
      in.failAt(header.line,
                fmt::format("the first matrix is {} x {} but d nc = {}: this is a global (GFC) "
                            "problem (M, H, q, b, mu), not supported; only local FC2D/FC3D "
                            "problems (W, q, mu) are read",
                            header.rows, header.cols, n));
    in.failAt(header.line, fmt::format("W is {} x {} but d nc = {} requires {} x {}", header.rows,
                                       header.cols, n, n, n));
  }
  Operator W = detail::readNumericsMatrixPayload(in, header, "W");
  if (nextIsMatrixHeader(in, n, n)) {
    in.next();  // report the line where the second matrix starts
    in.fail(
        "a second matrix follows the first: this is a global (GFC) problem (M, H, q, b, mu), "
        "not supported; only local FC2D/FC3D problems (W, q, mu) are read");
  }
  const Eigen::VectorXd q = readVector(in, "q", n);
  const Eigen::VectorXd mu = readVector(in, "mu", nc);
  for (int c = 0; c < nc; ++c)
    if (mu[c] < 0.0) in.fail(fmt::format("mu[{}] = {} is negative", c, mu[c]));

  Problem p = complementarityProblem(std::move(W), q);
  for (int c = 0; c < nc; ++c) {
    for (int t = 1; t < d; ++t) {
      p.findex[d * c + t] = d * c;
      p.lo[d * c + t] = -mu[c];
      p.hi[d * c + t] = mu[c];
    }
  }
  std::string note;
  if (d == 3) note = std::string(kFrictionPyramidNote);
  p.name = fmt::format("{} (Siconos FC{}D{})", stem(in.source()), d,
                       d == 3 ? "; Coulomb cone linearised to a friction pyramid" : "");
  if (approximation != nullptr) *approximation = note;
  return p;
}

}  // namespace

std::string_view toString(SiconosKind kind) {
  switch (kind) {
    case SiconosKind::Lcp:
      return "lcp";
    case SiconosKind::Mlcp:
      return "mlcp";
    case SiconosKind::Relay:
      return "relay";
    case SiconosKind::FrictionContact:
      return "fc";
  }
  return "unknown";
}

Problem parseSiconos(std::string_view text,
                     SiconosKind kind,
                     std::string_view source,
                     std::string* approximation) {
  if (approximation != nullptr) approximation->clear();
  TextScanner in(text, std::string(source));
  switch (kind) {
    case SiconosKind::Lcp:
      return parseLcp(in);
    case SiconosKind::Mlcp:
      return parseMlcp(in);
    case SiconosKind::Relay:
      return parseRelay(in);
    case SiconosKind::FrictionContact:
      return parseFrictionContact(in, approximation);
  }
  in.fail("unknown Siconos problem family");
}

Problem readSiconos(const std::filesystem::path& path,
                    SiconosKind kind,
                    std::string* approximation) {
  const std::string text = detail::readFileText(path);
  return parseSiconos(text, kind, path.string(), approximation);
}

std::optional<SiconosKind> guessSiconosKind(const std::filesystem::path& path,
                                            std::string_view text) {
  const std::string name = path.stem().string();
  if (name.size() >= 5 && name.compare(name.size() - 5, 5, "_mlcp") == 0) return SiconosKind::Mlcp;
  const std::string folder = path.parent_path().filename().string();
  if (folder == "lcp") return SiconosKind::Lcp;
  if (folder == "mlcp") return SiconosKind::Mlcp;
  if (folder == "relay") return SiconosKind::Relay;
  if (folder == "fc") return SiconosKind::FrictionContact;

  TextScanner probe(text, path.string());
  double t[5] = {0, 0, 0, 0, 0};
  for (double& v : t)
    if (!TextScanner::parseNumber(probe.next(), v) || v != std::floor(v)) return std::nullopt;
  const bool flags = (t[0] == 0 || t[0] == 1) && (t[1] == 0 || t[1] == 1) && t[0] + t[1] >= 1;
  if (flags && (t[0] == 0 || t[4] == 0)) return SiconosKind::Mlcp;
  if ((t[0] == 2 || t[0] == 3) && t[1] >= 1 && t[2] >= 0 && t[2] <= 2 && t[3] == t[0] * t[1] &&
      t[4] == t[0] * t[1])
    return SiconosKind::FrictionContact;
  if (t[1] < 0 || t[1] > 2 || t[2] != t[0] || t[3] != t[0]) return std::nullopt;
  // LCP or relay: a relay file has 2 n more numbers (lb, ub) after q.
  TextScanner in(text, path.string());
  try {
    const Problem lcp = parseLcp(in);
    return lcp.size() > 0 && in.nextAreNumbers(2 * lcp.size()) ? SiconosKind::Relay
                                                               : SiconosKind::Lcp;
  } catch (const ParseError&) {
    return SiconosKind::Lcp;  // the real parse reports what is wrong
  }
}

}  // namespace mlcp
