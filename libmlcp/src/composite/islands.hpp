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
  /// The same from a dense A (n x n) read in place, without a sparse copy. O(n^2 alpha(n)).
  void find(const Eigen::MatrixXd& A, const Eigen::VectorXi& findex);
  /// The same from the factors of A = J M^-1 J^T + diag(cfm) without assembling A: rows that
  /// share a body (not the static world, -1) share entries of A, so the islands are those of
  /// the bodies, as a rigid-body stepper builds them (ODE's dxProcessIslands). O(n alpha(n)).
  /// @param[in] bodies (n x 2) body1, body2 of each row
  void find(const Eigen::Matrix<int, Eigen::Dynamic, 2, Eigen::RowMajor>& bodies,
            int bodyCount,
            const Eigen::VectorXi& findex);

 private:
  /// Every row of n its own tree.
  void reset(int n);
  /// Joins each friction row to its normal, then collect().
  void joinFrictionAndCollect(const Eigen::VectorXi& findex);
  /// Numbers the islands of the forest and fills islandOf, localIndex and rows.
  void collect(int n);

  std::vector<int> m_parent;    // union-find forest over the rows
  std::vector<int> m_firstRow;  // per body, the first row that touches it (-1: none yet)
};

}  // namespace mlcp::detail
