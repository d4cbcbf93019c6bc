#pragma once

#include "io/detail/text_scanner.hpp"

#include <mlcp/core/operator.hpp>

#include <Eigen/Core>

#include <string_view>

namespace mlcp::detail {

/// Largest row or column count a Siconos matrix may have here: a dense one of 20000 x 20000
/// doubles is 3.2 GB.
inline constexpr int kMaxSiconosDimension = 20000;

/// Storage type and size of a Siconos NumericsMatrix, read before its payload so that callers
/// can check the size (and tell problem families apart) before reading the values.
struct NumericsMatrixHeader {
  int storage = 0;  ///< 0 dense, 1 sparse block (SBM), 2 CSparse
  int rows = 0;     ///< size0
  int cols = 0;     ///< size1
  int line = 0;     ///< line of the column count, for errors about the size
};

/// Reads the header `storageType size0 size1` of a NumericsMatrix (Siconos' NM_new_from_file).
/// @param[in] name the matrix's name in error messages ("M", "W")
/// @throws ParseError for a storage type other than 0, 1, 2 or a size outside
///         0 .. kMaxSiconosDimension
NumericsMatrixHeader readNumericsMatrixHeader(TextScanner& in, std::string_view name);

/// Reads the payload of a NumericsMatrix whose header was just read and returns it (rows x cols)
/// dense for storage 0, sparse for storages 1 and 2 (never densified), as documented in
/// docs/cli.md ("Siconos files"):
///
///  - storageType 0 (dense): `size0 size1` again, then size0 * size1 numbers, column-major;
///  - storageType 1 (sparse block, SBM): nbblocks, block counts, cumulative block sizes,
///    filled1, filled2, the block-CSR index arrays, then per block its number and its values
///    (column-major);
///  - storageType 2 (CSparse): the origin (1 triplet, 2 CSC, 3 CSR) and CSparse's cs_print text,
///    read line by line.
///
/// Every count, index and value is checked (NaN and Inf are rejected).
/// @param[in,out] in the scanner, positioned after the header; left after the payload
/// @throws ParseError "FILE:LINE: message" naming the field
Operator readNumericsMatrixPayload(TextScanner& in,
                                   const NumericsMatrixHeader& header,
                                   std::string_view name);

}  // namespace mlcp::detail
