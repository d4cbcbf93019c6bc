#include "pivoting/principal_pivot.hpp"

#include <Eigen/LU>

#include <algorithm>

namespace mlcp::detail {

void PrincipalPivot::reserve(int capacity) {
  m_size = m_exchanged = 0;
  m_order.reserve(static_cast<size_t>(capacity));
  m_M.resize(capacity, capacity);
  m_inverse.resize(capacity, capacity);
  m_product.resize(capacity, capacity);
  m_q.resize(capacity);
  m_solved.resize(capacity);
}

bool PrincipalPivot::build(const Eigen::Ref<const Eigen::MatrixXd>& M,
                           const Eigen::Ref<const Eigen::VectorXd>& q,
                           const Eigen::Ref<const Eigen::VectorXi>& exchanged) {
  const int N = static_cast<int>(M.rows());
  m_order.clear();
  for (int j = 0; j < N; ++j)
    if (exchanged[j] != 0) m_order.push_back(j);
  const int p = static_cast<int>(m_order.size());
  for (int j = 0; j < N; ++j)
    if (exchanged[j] == 0) m_order.push_back(j);
  const int r = N - p;
  m_size = N;
  m_exchanged = p;
  auto W = m_M.topLeftCorner(N, N);  // M, alpha first; becomes M'
  for (int c = 0; c < N; ++c) {
    for (int i = 0; i < N; ++i) W(i, c) = M(m_order[i], m_order[c]);
    m_q[c] = q[m_order[c]];
  }
  auto factors = m_inverse.topLeftCorner(p, p);
  factors = W.topLeftCorner(p, p);
  const double scale = factors.cwiseAbs().maxCoeff();
  const Eigen::PartialPivLU<Eigen::Ref<Eigen::MatrixXd>> lu(factors);
  if (!(lu.matrixLU().diagonal().cwiseAbs().minCoeff() > 1e-12 * scale)) return false;

  auto Wab = W.topRightCorner(p, r);
  auto Wba = W.bottomLeftCorner(r, p);
  auto X = m_product.topLeftCorner(p, r);
  X = lu.solve(Wab);                                                  // M_aa^-1 M_ab
  m_solved.head(p) = lu.solve(m_q.head(p));                           // M_aa^-1 q_a
  W.bottomRightCorner(r, r).noalias() -= Wba * X;                     // M'_bb
  m_q.segment(p, r).noalias() -= Wba * m_solved.head(p);              // q'_b
  Wab = -X;                                                           // M'_ab
  m_q.head(p) = -m_solved.head(p);                                    // q'_a
  W.topLeftCorner(p, p) = lu.solve(Eigen::MatrixXd::Identity(p, p));  // M'_aa
  auto Y = m_product.topLeftCorner(r, p);
  Y.noalias() = Wba * W.topLeftCorner(p, p);  // M'_ba
  Wba = Y;
  return true;
}

void PrincipalPivot::recover(const Eigen::Ref<const Eigen::VectorXd>& yPrime,
                             Eigen::Ref<Eigen::VectorXd> y) const {
  const auto Mp = M();
  for (int i = 0; i < m_size; ++i) {
    const double value = i < m_exchanged ? Mp.row(i).dot(yPrime.head(m_size)) + m_q[i] : yPrime[i];
    y[m_order[static_cast<size_t>(i)]] = std::max(0.0, value);
  }
}

}  // namespace mlcp::detail
