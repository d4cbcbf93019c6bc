#pragma once

#include <mlcp/mixed_lcp.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <vector>

namespace mlcp::detail {

/// Row weights W (n, positive) that make W A symmetric, for an A that is a symmetric matrix with
/// some rows scaled (A = C S, C positive diagonal: rows of a contact or a whole problem given in
/// other units). The methods that need a symmetric A (APGD's sufficient-decrease test, the
/// conjugate gradients of subspace minimization) work with W A and W-weighted inner products, so
/// that scaling rows changes neither their iterates nor their speed: the row equilibration of
/// docs/conventions.md ("Residuals"). For a symmetric A, W = 1.
///
/// Found per connected component of A's graph by a breadth-first walk, W_j = W_i A_ij / A_ji
/// (the component's first row gets 1), then checked on every entry: |W_i A_ij - W_j A_ji| <=
/// 1e-6 max(|W_i A_ij|, |W_j A_ji|). Entries with |A_ij| <= 1e-12 d_i (d_i the row's scale, as
/// in the scaled residual) count as zero. The factor form is symmetric by construction (W = 1).
/// Cost: O(n^2) dense, O(nonzeros log n) sparse, once per matrix. Memory: O(n), reserved in
/// resize(); update() allocates nothing after that except the sparse form's first derivation.
class SymmetricScaling {
 public:
  /// Reserves room for n rows and forgets the last matrix.
  void resize(int n);
  /// Finds W for problem.A unless it was found for this matrix version. Returns false when A is
  /// not a row scaling of a symmetric matrix (why() names the first entry that fails).
  bool update(const ProblemView& problem, std::uint64_t version);
  /// W (n), valid after update() returned true.
  const Eigen::VectorXd& weights() const { return m_weights; }
  /// True when W = 1 (A itself symmetric).
  bool identity() const { return m_identity; }
  /// Why the last update() failed.
  const std::string& why() const { return m_why; }

 private:
  template <class Neighbours>
  bool walk(const ProblemView& problem, Neighbours&& neighbours);

  Eigen::VectorXd m_weights;
  std::vector<int> m_queue;
  std::vector<signed char> m_seen;
  bool m_identity = true;
  bool m_valid = false;
  std::string m_why;
  std::uint64_t m_version = ~std::uint64_t{0};
};

}  // namespace mlcp::detail
