#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include <vector>

namespace mlcp::detail {

/// The independent sub-problems of a boxed LCP: the connected components of the graph whose
/// vertices are the rows and whose edges are the nonzero entries A_ij (either triangle) and the
/// friction couplings i -> findex_i (a friction row's bound follows its normal even where A_ik
/// = 0). Two islands share no entry of A and no bound, so each is solved on its own and the
/// answers put side by side solve the whole problem (the "islands" of ODE's dxProcessIslands).
///
/// Used terms: n rows; island k holds rows rows[k] (ascending); local index of row i within its
/// island is localIndex[i].
/// Memory: O(n + nonzeros) in find(); reused across calls (no allocation at the same n and a
/// pattern with as many islands).
struct Islands {
  Eigen::VectorXi islandOf;            ///< (n) island of each row
  Eigen::VectorXi localIndex;          ///< (n) index of each row within its island
  std::vector<std::vector<int>> rows;  ///< per island, its rows in ascending order

  /// Number of islands.
  int count() const { return static_cast<int>(rows.size()); }

  /// Finds the islands of A (n x n, compressed sparse columns) and findex (n), numbered by their
  /// smallest row (so the numbering does not depend on anything but the pattern). O(nonzeros
  /// alpha(n)) by union-find.
  void find(const Eigen::SparseMatrix<double>& A, const Eigen::VectorXi& findex);

 private:
  std::vector<int> m_parent;  // union-find forest over the rows
};

}  // namespace mlcp::detail
