#pragma once

#include <Eigen/Core>

#include <vector>

namespace mlcp::detail {

class SymmetricSparseMatrix;
struct CholmodHandles;

/// A sparse L D L^T factorization of the n x n matrix that equals S on the rows and columns of
/// a set C and the identity elsewhere:
///
///     F = P^T [S(C,C) 0; 0 I] P   (P the permutation that sorts C first),
///
/// so that F^-1 r = S(C,C)^-1 r_C on C and 0 elsewhere for an r that is 0 outside C. Rows enter
/// and leave C by CHOLMOD's row addition and deletion [Davis & Hager 2005, "Row modifications
/// of a sparse Cholesky factorization", SIAM J. Matrix Anal. Appl. 26(3)], which turn row and
/// column k of the factor from the identity's into S's and back, each at a cost proportional to
/// the entries of L that change. The fill-reducing ordering (AMD) and the room of every column
/// of L come from the symbolic analysis of the pattern of the whole S, which holds the pattern
/// of the factor of every principal block: after analyze() nothing is allocated
/// (docs/sparse-pivoting.md).
///
/// Used terms: S (n x n, symmetric: SymmetricSparseMatrix), C the rows in the factor.
class SparseClampedFactor {
 public:
  SparseClampedFactor();
  ~SparseClampedFactor();
  SparseClampedFactor(const SparseClampedFactor&) = delete;
  SparseClampedFactor& operator=(const SparseClampedFactor&) = delete;

  /// Symbolic analysis of the pattern of S (kept by reference until the next call) and an
  /// identity factor with room for every column (C empty). Allocates.
  /// @throws std::runtime_error when CHOLMOD fails (out of memory)
  void analyze(const SymmetricSparseMatrix& S);
  /// Keeps the analysis and the room; takes new values of S of the same pattern (kept by
  /// reference) and empties C. O(n), no allocation.
  void reset(const SymmetricSparseMatrix& S);
  /// Empties C: the factor of the identity. O(n).
  void clear();

  /// Adds row r to C. False when its pivot d = S_rr - S(r,C) S(C,C)^-1 S(C,r) (found as
  /// det S(C+r) / det S(C), O(n)) is <= tolerance * S_rr (singular or indefinite): the factor
  /// must then be cleared before further use.
  bool add(int r, double tolerance);
  /// Removes row r (in C) from C.
  void remove(int r);
  /// True when row r is in C.
  bool contains(int r) const { return m_inC[static_cast<size_t>(r)] != 0; }
  /// Rows in C.
  int count() const { return m_count; }
  /// Entries of the factor of the whole S (its symbolic analysis): the room of L.
  double factorEntries() const { return m_factorEntries; }

  /// y = F^-1 rhs (n each, in the caller's row order; y may alias nothing). O(n + entries of L).
  void solve(const Eigen::Ref<const Eigen::VectorXd>& rhs, Eigen::Ref<Eigen::VectorXd> y);

 private:
  bool updateLogDeterminant();

  const SymmetricSparseMatrix* m_S = nullptr;
  CholmodHandles* m_cholmod = nullptr;
  int m_n = 0;
  int m_count = 0;
  double m_logDeterminant = 0.0;
  double m_factorEntries = 0.0;  // log det S(C,C), sum of log D_jj
  std::vector<char> m_inC;
  std::vector<int> m_permutedOf;  // per caller row: its index in the factor's order
  std::vector<int> m_order;       // scratch: entries of the row added, sorted
  Eigen::VectorXd m_work;
  Eigen::VectorXd m_d;  // D_jj as of the last update of m_logDeterminant
};

}  // namespace mlcp::detail
