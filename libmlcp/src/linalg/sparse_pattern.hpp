#pragma once

#include <vector>

namespace mlcp::detail {

/// The pattern of an n x n sparse matrix in compressed sparse columns with int indices, as
/// SuiteSparse takes it: column j holds rows rowIndex[columnStart[j] .. columnStart[j+1]),
/// sorted. `values` has one entry per stored position (explicit zeros included: the pattern,
/// not the values, decides the symbolic analysis).
struct SparsePattern {
  int n = 0;
  std::vector<int> columnStart;  ///< (n + 1)
  std::vector<int> rowIndex;     ///< (nonzeros)
  std::vector<double> values;    ///< (nonzeros)

  /// Number of stored entries.
  int nonZeros() const { return static_cast<int>(rowIndex.size()); }
};

}  // namespace mlcp::detail
