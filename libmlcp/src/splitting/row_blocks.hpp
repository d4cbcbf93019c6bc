#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <vector>

namespace mlcp::detail {

/// The rows of a boxed LCP with friction index partitioned into the blocks of the block methods
/// (NsgsSolver, JacobiSolver with blocks), with each block's A_BB:
///  - a contact: a normal row k (findex_k = -1) and the friction rows pointing at it
///    (findex_i = k), normal first, at most LocalBlockSolver::kMaxRows rows (further friction
///    rows of the same normal become blocks of their own);
///  - a bilateral group: consecutive rows that are unbounded (lo = -inf, hi = +inf, no friction
///    row pointing at them) with the same nonzero pattern in A (they couple with the same rows:
///    the rows of one joint on the same two bodies; on the factor form, the same body pair), at
///    most kMaxBilateral rows;
///  - every other row on its own.
/// Blocks are ordered by their first row. Contacts are found from findex alone, so the partition
/// is the same whatever form A is held in.
///
/// Used terms: n rows; block b has size(b) rows rows(b)[0 .. size(b)), its A_BB is matrix(b)
/// (size x size, column-major).
/// Memory: O(n) (and 64 numbers per row at most for the matrices), reserved in resize(n);
/// build() allocates nothing after that.
class RowBlocks {
 public:
  /// Largest bilateral group (a joint has at most 6 rows).
  static constexpr int kMaxBilateral = 6;

  /// Reserves room for n rows.
  void resize(int n);

  /// True when the partition was built for this matrix version, findex and pattern of
  /// unbounded rows (then build() need not run again). O(n).
  bool builtFor(const ProblemView& problem, std::uint64_t version) const;
  /// Partitions the rows and copies each block's A_BB (from any form of A). O(n) plus the
  /// entries of the blocks (Operator::coeff).
  void build(const ProblemView& problem, std::uint64_t version);

  /// Number of blocks.
  int count() const { return static_cast<int>(m_start.size()) - 1; }
  /// Rows of block b.
  int size(int b) const { return m_start[b + 1] - m_start[b]; }
  /// The rows of block b (a contact's normal first).
  const int* rows(int b) const { return m_rows.data() + m_start[b]; }
  /// A_BB of block b, size(b) x size(b), column-major.
  const double* matrix(int b) const { return m_matrices.data() + m_matrixStart[b]; }
  /// True when block b is a contact (its rows after the first are friction rows on the first).
  bool isContact(int b) const { return m_contact[b] != 0; }
  /// Blocks of more than one row.
  int multiRowBlocks() const { return m_multiRow; }
  /// Rows of the largest block.
  int largestBlock() const { return m_largest; }

 private:
  /// True for a row that joins bilateral groups: findex -1, unbounded, no friction row on it.
  bool isBilateral(const ProblemView& problem, int i) const;
  void addBlock(const ProblemView& problem, bool contact);

  std::vector<int> m_rows;         // rows of all blocks, block by block
  std::vector<int> m_start;        // (blocks + 1) offsets into m_rows
  std::vector<int> m_matrixStart;  // (blocks) offsets into m_matrices
  std::vector<double> m_matrices;  // A_BB of every block, column-major
  std::vector<signed char> m_contact;
  std::vector<int> m_frictionStart;   // (n + 1) friction rows by normal (bucket offsets)
  std::vector<int> m_frictionRows;    // (n) friction rows, bucketed by their normal
  std::vector<signed char> m_placed;  // (n) row already in a block
  int m_multiRow = 0;
  int m_largest = 0;
  // What the partition was built for.
  std::uint64_t m_version = ~std::uint64_t{0};
  Eigen::VectorXi m_findex;
  std::vector<signed char> m_unbounded;
};

}  // namespace mlcp::detail
