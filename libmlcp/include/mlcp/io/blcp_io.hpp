#pragma once

#include <mlcp/core/problem.hpp>
#include <mlcp/io/parse_error.hpp>

#include <filesystem>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mlcp {

/// Reads a BLCP text file (docs/file-formats.md, "BLCP text", version 1; `A dense` or `A coo`).
/// Checks everything the spec requires: counts, numbers (NaN is rejected; inf only in bounds),
/// lo <= hi, findex in -1 .. n-1, not pointing at itself or at another friction row, and the
/// first nub rows unbounded.
/// @throws ParseError naming the file, the line and the problem.
Problem readBlcp(const std::filesystem::path& path);

/// As readBlcp, from text; `source` names it in errors.
Problem parseBlcp(std::string_view text, std::string_view source = "<text>");

/// Storage of A in a written file.
enum class MatrixStorage {
  Automatic,  ///< coo when at most a quarter of the entries are non-zero, dense otherwise
  Dense,
  Coordinate,
};

/// Writes the problem (and its x, if any) in the BLCP text format, numbers with 17 significant
/// digits so that reading it back gives the same doubles.
void writeBlcp(const Problem& problem,
               std::ostream& out,
               MatrixStorage storage = MatrixStorage::Automatic);

/// As above, to a file, replaced only once complete (AtomicFile: a writer killed mid-way leaves
/// the old file or none). @throws std::runtime_error when the file cannot be written.
void writeBlcp(const Problem& problem,
               const std::filesystem::path& path,
               MatrixStorage storage = MatrixStorage::Automatic);

}  // namespace mlcp
