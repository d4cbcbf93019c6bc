#include "linalg/envelope_cholesky.hpp"

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

double EnvelopeCholesky::analyse(const Eigen::MatrixXd& M) {
  const auto n = static_cast<int>(M.rows());
  double work = 0.0;
  for (int i = 0; i < n; ++i) {
    int first = 0;
    while (first < i && M(i, first) == 0.0) ++first;
    m_first[i] = first;
    work += 0.5 * static_cast<double>(i - first) * (i - first);
  }
  return work;
}

bool EnvelopeCholesky::factor(Eigen::MatrixXd& M) const {
  const auto n = static_cast<int>(M.rows());
  for (int i = 0; i < n; ++i) {
    const int fi = m_first[i];
    for (int j = fi; j < i; ++j) {
      const int from = std::max(fi, m_first[j]);
      const int length = j - from;  // 0: an empty dot product
      M(i, j) =
          (M(i, j) - M.row(i).segment(from, length).dot(M.row(j).segment(from, length))) / M(j, j);
    }
    const double pivot = M(i, i) - M.row(i).segment(fi, i - fi).squaredNorm();
    if (!(pivot > 0.0)) return false;
    M(i, i) = std::sqrt(pivot);
  }
  return true;
}

void EnvelopeCholesky::solveInPlace(const Eigen::MatrixXd& M, Eigen::VectorXd& b) const {
  const auto n = static_cast<int>(M.rows());
  for (int i = 0; i < n; ++i) {
    const int fi = m_first[i];
    b[i] = (b[i] - M.row(i).segment(fi, i - fi).dot(b.segment(fi, i - fi))) / M(i, i);
  }
  for (int i = n - 1; i >= 0; --i) {
    const int fi = m_first[i];
    b[i] /= M(i, i);
    b.segment(fi, i - fi) -= b[i] * M.row(i).segment(fi, i - fi).transpose();
  }
}

}  // namespace mlcp::detail
