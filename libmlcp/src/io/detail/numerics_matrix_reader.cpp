#include "io/detail/numerics_matrix_reader.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace mlcp::detail {

namespace {

Eigen::MatrixXd readDense(TextScanner& in, std::string_view name, int rows, int cols) {
  const int rowsAgain =
      in.integerInRange(fmt::format("the repeated row count of {}", name), 0, kMaxSiconosDimension);
  const int colsAgain = in.integerInRange(fmt::format("the repeated column count of {}", name), 0,
                                          kMaxSiconosDimension);
  if (rowsAgain != rows || colsAgain != cols)
    in.fail(fmt::format("{} is declared {} x {} but its dense block says {} x {}", name, rows, cols,
                        rowsAgain, colsAgain));
  // Each number takes at least two characters (a digit and a separator): a file too short for a
  // large declared size is refused before the matrix is allocated (a small one is read until
  // the exact place where it ends).
  const long long needed = 2LL * rows * cols - 1;
  if (needed >= 1'000'000 && needed > static_cast<long long>(in.remaining()))
    in.fail(
        fmt::format("{} is declared {} x {} dense but the file ends after {} more characters "
                    "(truncated?)",
                    name, rows, cols, in.remaining()));
  Eigen::MatrixXd M(rows, cols);
  for (int j = 0; j < cols; ++j)  // column-major, as Siconos writes it
    for (int i = 0; i < rows; ++i) M(i, j) = in.number(fmt::format("{}({}, {})", name, i, j));
  return M;
}

// Cumulative block sizes: strictly increasing, positive, ending at `total`.
std::vector<int> readBlockSizes(TextScanner& in, std::string_view what, int count, int total) {
  std::vector<int> sizes(static_cast<size_t>(count));
  int previous = 0;
  for (int k = 0; k < count; ++k) {
    sizes[k] = in.integerInRange(fmt::format("{}[{}]", what, k), 0, total);
    if (sizes[k] <= previous)
      in.fail(fmt::format("{}[{}] = {} must exceed the previous cumulative size {}", what, k,
                          sizes[k], previous));
    previous = sizes[k];
  }
  if (previous != total)
    in.fail(fmt::format("{} ends at {} but the matrix has {}", what, previous, total));
  return sizes;
}

using Triplets = std::vector<Eigen::Triplet<double>>;

/// The rows x cols sparse matrix of the entries (duplicates summed).
Operator::SparseMatrix sparseOf(int rows, int cols, const Triplets& entries) {
  Operator::SparseMatrix M(rows, cols);
  M.setFromTriplets(entries.begin(), entries.end());
  return M;
}

Operator::SparseMatrix readSparseBlock(TextScanner& in, std::string_view name, int rows, int cols) {
  Triplets entries;
  const int blocks = in.integerInRange(fmt::format("the number of blocks of {}", name), 0,
                                       static_cast<long long>(rows) * cols);
  if (blocks == 0) return sparseOf(rows, cols, entries);
  const int blockRows = in.integerInRange(fmt::format("the block-row count of {}", name), 1, rows);
  const int blockCols =
      in.integerInRange(fmt::format("the block-column count of {}", name), 1, cols);
  const std::vector<int> rowEnds = readBlockSizes(in, "blocksize0", blockRows, rows);
  const std::vector<int> colEnds = readBlockSizes(in, "blocksize1", blockCols, cols);
  const int filled1 = in.integerInRange("filled1 (block-row pointers)", 1, blockRows + 1);
  const int filled2 = in.integerInRange("filled2 (blocks)", 0, static_cast<long long>(blocks));
  if (filled2 != blocks)
    in.fail(fmt::format("filled2 = {} but {} has {} blocks", filled2, name, blocks));
  std::vector<int> rowPointer(static_cast<size_t>(filled1));
  for (int r = 0; r < filled1; ++r) {
    rowPointer[r] = in.integerInRange(fmt::format("index1_data[{}]", r), 0, filled2);
    if (r > 0 && rowPointer[r] < rowPointer[r - 1])
      in.fail(fmt::format("index1_data[{}] = {} is smaller than index1_data[{}] = {}", r,
                          rowPointer[r], r - 1, rowPointer[r - 1]));
  }
  if (rowPointer.front() != 0 || rowPointer.back() != filled2)
    in.fail(fmt::format("index1_data must run from 0 to filled2 = {}", filled2));
  std::vector<int> blockColumn(static_cast<size_t>(filled2));
  for (int k = 0; k < filled2; ++k)
    blockColumn[k] = in.integerInRange(fmt::format("index2_data[{}]", k), 0, blockCols - 1);
  for (int r = 0; r + 1 < filled1; ++r) {
    const int row0 = r == 0 ? 0 : rowEnds[r - 1];
    const int height = rowEnds[r] - row0;
    for (int k = rowPointer[r]; k < rowPointer[r + 1]; ++k) {
      const long long number = in.integer(fmt::format("the number of block {}", k));
      if (number != k)
        in.fail(fmt::format("block number {} found where block {} was expected", number, k));
      const int c = blockColumn[k];
      const int col0 = c == 0 ? 0 : colEnds[c - 1];
      const int width = colEnds[c] - col0;
      for (int j = 0; j < width; ++j) {  // column-major inside a block
        for (int i = 0; i < height; ++i) {
          const double value = in.number(fmt::format("{}({}, {})", name, row0 + i, col0 + j));
          if (value != 0.0) entries.emplace_back(row0 + i, col0 + j, value);
        }
      }
    }
  }
  return sparseOf(rows, cols, entries);
}

// "i : value" or "i j : value" of CSparse's cs_print, with the indices checked.
void parseEntryLine(
    TextScanner& in, std::string_view line, int indexCount, int* indices, double& value) {
  const size_t colon = line.find(':');
  if (colon == std::string_view::npos)
    in.fail(fmt::format("expected a CSparse entry 'index : value', found '{}'", line));
  const std::string head(line.substr(0, colon));
  int count = 0;
  if (indexCount == 1) {
    count = std::sscanf(head.c_str(), "%d", &indices[0]);
  } else {
    count = std::sscanf(head.c_str(), "%d %d", &indices[0], &indices[1]);
  }
  if (count != indexCount)
    in.fail(
        fmt::format("bad CSparse entry '{}': expected {} index(es) before ':'", line, indexCount));
  std::string_view tail = line.substr(colon + 1);
  while (!tail.empty() && (tail.front() == ' ' || tail.front() == '\t')) tail.remove_prefix(1);
  while (!tail.empty() && (tail.back() == ' ' || tail.back() == '\t')) tail.remove_suffix(1);
  if (!TextScanner::parseNumber(tail, value))
    in.fail(fmt::format("bad CSparse value '{}': expected a number", tail));
  if (!std::isfinite(value)) in.fail(fmt::format("CSparse value '{}' is not finite", tail));
}

std::string_view nonBlankLine(TextScanner& in, std::string_view what) {
  for (;;) {
    const std::string_view line = in.expectLine(what);
    if (line.find_first_not_of(" \t") != std::string_view::npos) return line;
  }
}

Operator::SparseMatrix readCSparse(TextScanner& in, std::string_view name, int rows, int cols) {
  const int origin = in.integerInRange("the CSparse origin (1 triplet, 2 CSC, 3 CSR)", 1, 3);
  in.skipRestOfLine();
  std::string_view header = nonBlankLine(in, "the CSparse header");
  if (header.find("CSparse") != std::string_view::npos)
    header = nonBlankLine(in, "the CSparse header");  // the version banner is ignored
  while (!header.empty() && (header.front() == ' ' || header.front() == '\t'))
    header.remove_prefix(1);
  const std::string_view prefix = origin == 1 ? "triplet:" : origin == 3 ? "csr:" : "";
  if (header.substr(0, prefix.size()) != prefix)
    in.fail(fmt::format("CSparse header '{}' does not start with '{}' (origin {})", header, prefix,
                        origin));
  const std::string sizes(header.substr(prefix.size()));
  int m = 0, n = 0, nzmax = 0, nnz = 0;
  if (std::sscanf(sizes.c_str(), " %d-by-%d, nzmax: %d nnz: %d", &m, &n, &nzmax, &nnz) != 4)
    in.fail(fmt::format("bad CSparse header '{}': expected 'M-by-N, nzmax: X nnz: Y'", header));
  if (m != rows || n != cols)
    in.fail(fmt::format("{} is declared {} x {} but its CSparse block says {}-by-{}", name, rows,
                        cols, m, n));
  if (nnz < 0 || static_cast<long long>(nnz) > static_cast<long long>(rows) * cols + rows + cols)
    in.fail(fmt::format("CSparse nnz = {} is impossible for a {} x {} matrix", nnz, rows, cols));

  Triplets entries;
  entries.reserve(static_cast<size_t>(nnz));
  int index[2] = {0, 0};
  double value = 0.0;
  auto checkRange = [&](int i, int j) {
    if (i < 0 || i >= rows || j < 0 || j >= cols)
      in.fail(
          fmt::format("CSparse entry ({}, {}) is outside the {} x {} matrix", i, j, rows, cols));
  };
  if (origin == 1) {
    for (int k = 0; k < nnz; ++k) {
      parseEntryLine(in, nonBlankLine(in, "a CSparse triplet 'i j : value'"), 2, index, value);
      checkRange(index[0], index[1]);
      entries.emplace_back(index[0], index[1], value);  // CSparse sums duplicates
    }
    return sparseOf(rows, cols, entries);
  }
  const bool byColumn = origin == 2;
  const int outer = byColumn ? cols : rows;
  const char* keyword = byColumn ? "col" : "row";
  for (int j = 0; j < outer; ++j) {
    const std::string line(nonBlankLine(in, fmt::format("'{} {} : locations a to b'", keyword, j)));
    char word[8] = {0};
    int jj = -1, first = 0, last = 0;
    if (std::sscanf(line.c_str(), " %7s %d : locations %d to %d", word, &jj, &first, &last) != 4 ||
        std::string_view(word) != keyword || jj != j)
      in.fail(fmt::format("expected '{} {} : locations a to b', found '{}'", keyword, j, line));
    if (last - first + 1 < 0 || last - first + 1 > (byColumn ? rows : cols))
      in.fail(
          fmt::format("{} {} has an impossible location range {} to {}", keyword, j, first, last));
    for (int k = first; k <= last; ++k) {
      parseEntryLine(in, nonBlankLine(in, "a CSparse entry 'i : value'"), 1, index, value);
      const int i = byColumn ? index[0] : j;
      const int c = byColumn ? j : index[0];
      checkRange(i, c);
      entries.emplace_back(i, c, value);
    }
  }
  return sparseOf(rows, cols, entries);
}

}  // namespace

NumericsMatrixHeader readNumericsMatrixHeader(TextScanner& in, std::string_view name) {
  NumericsMatrixHeader header;
  header.storage = in.integerInRange(
      fmt::format("the storage type of {} (0 dense, 1 sparse block, 2 CSparse)", name), 0, 2);
  header.rows =
      in.integerInRange(fmt::format("the row count of {}", name), 0, kMaxSiconosDimension);
  header.cols =
      in.integerInRange(fmt::format("the column count of {}", name), 0, kMaxSiconosDimension);
  header.line = in.line();
  return header;
}

Operator readNumericsMatrixPayload(TextScanner& in,
                                   const NumericsMatrixHeader& header,
                                   std::string_view name) {
  switch (header.storage) {
    case 0:
      return readDense(in, name, header.rows, header.cols);
    case 1:
      return readSparseBlock(in, name, header.rows, header.cols);
    default:
      return readCSparse(in, name, header.rows, header.cols);
  }
}

}  // namespace mlcp::detail
