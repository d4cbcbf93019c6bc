#pragma once

#include <Eigen/Core>

#include <vector>

namespace mlcp::detail {

/// The principal pivot transform of a standard LCP on a set alpha of its variables
/// [Cottle, Pang & Stone 1992, Sec. 2.3]: in u = M y + q (M: N x N, q: N) y_alpha and u_alpha
/// exchange roles, which gives the LCP u' = M' y' + q' with y' = (u_alpha, y_beta),
/// u' = (y_alpha, u_beta) (beta: the other variables), alpha first:
///
///   M' = [ M_aa^-1         -M_aa^-1 M_ab          ]     q' = [ -M_aa^-1 q_a           ]
///        [ M_ba M_aa^-1    M_bb - M_ba M_aa^-1 M_ab ],         [ q_b - M_ba M_aa^-1 q_a ].
///
/// The two LCPs have the same solutions. Lemke's method on (M', q') starts from the basis in
/// which y_alpha and u_beta are basic: a warm start at a guessed partition, with the
/// lexicographic rule intact (the starting basis is the identity of the transformed tableau).
/// Exists when M_aa is nonsingular.
/// Cost: O(N^3) (an LU of M_aa and three products). Memory: reserve(N) allocates three N x N
/// matrices; build() allocates the LU's row permutation (|alpha| indices).
class PrincipalPivot {
 public:
  /// Sizes the workspace for LCPs of up to `capacity` rows.
  void reserve(int capacity);

  /// Builds M' and q' for alpha = {j : exchanged[j] != 0} (M: N x N, q: N, exchanged: N).
  /// False (nothing usable built) when M_aa is singular: a pivot of its LU below
  /// 1e-12 max |M_aa|.
  bool build(const Eigen::Ref<const Eigen::MatrixXd>& M,
             const Eigen::Ref<const Eigen::VectorXd>& q,
             const Eigen::Ref<const Eigen::VectorXi>& exchanged);

  /// M' (N x N) and q' (N) of the last build(), alpha first.
  Eigen::Block<const Eigen::MatrixXd> M() const { return m_M.topLeftCorner(m_size, m_size); }
  Eigen::VectorBlock<const Eigen::VectorXd> q() const { return m_q.head(m_size); }

  /// y (N) of the original LCP from a solution y' (N) of the transformed one: y_alpha = u'_alpha
  /// = (M' y' + q')_alpha, y_beta = y'_beta.
  void recover(const Eigen::Ref<const Eigen::VectorXd>& yPrime,
               Eigen::Ref<Eigen::VectorXd> y) const;

 private:
  int m_size = 0;                 // N
  int m_exchanged = 0;            // |alpha|
  std::vector<int> m_order;       // alpha, then beta (original indices)
  Eigen::MatrixXd m_M;            // M', alpha first
  Eigen::MatrixXd m_inverse;      // M_aa^-1 (top-left |alpha| x |alpha|)
  Eigen::MatrixXd m_product;      // M_aa^-1 M_ab, then M_ba M_aa^-1
  Eigen::VectorXd m_q, m_solved;  // q'; M_aa^-1 q_a
};

}  // namespace mlcp::detail
