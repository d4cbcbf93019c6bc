#pragma once

#include <algorithm>

namespace mlcp::detail {

/// Side of the square tiles of forEachLowerTile(): a tile of A and its transposed tile (2 x 32 x
/// 32 doubles, 16 KB) stay in the first-level cache while one is read against the other.
inline constexpr int kLowerTile = 32;

/// Calls visit(i0, i1, j0, j1) for the tiles [i0, i1) x [j0, j1) (at most kLowerTile rows and
/// columns, i0 >= j0) that cover the lower triangle of an n x n matrix, tile column by tile
/// column, so that A can be read against A^T tile by tile (a column-by-row sweep strides through
/// memory). Stops at the first tile for which visit returns false; returns whether every tile
/// was visited.
template <typename Visit>
bool forEachLowerTile(int n, Visit&& visit) {
  for (int j0 = 0; j0 < n; j0 += kLowerTile) {
    const int j1 = std::min(j0 + kLowerTile, n);
    for (int i0 = j0; i0 < n; i0 += kLowerTile)
      if (!visit(i0, std::min(i0 + kLowerTile, n), j0, j1)) return false;
  }
  return true;
}

}  // namespace mlcp::detail
