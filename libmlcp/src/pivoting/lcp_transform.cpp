#include "pivoting/lcp_transform.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <cmath>

namespace mlcp::detail {

void LcpTransform::reserve(int n) {
  m_rows = 0;
  m_size = 0;
  m_M.resize(2 * n, 2 * n);
  m_q.resize(2 * n);
  for (Eigen::VectorXd* v : {&m_x0, &m_coef1, &m_coef2}) v->resize(n);
  m_var1.resize(n);
  m_var2.resize(n);
  for (Eigen::VectorXi* v : {&m_kind, &m_row, &m_partner, &m_widthVar}) v->resize(2 * n);
  m_width.resize(2 * n);
  m_widthCoef.resize(2 * n);
}

int LcpTransform::addVariable(Kind kind, int row) {
  const int j = m_size++;
  m_kind[j] = kind;
  m_row[j] = row;
  m_partner[j] = -1;
  m_widthVar[j] = -1;
  m_width[j] = 0.0;
  m_widthCoef[j] = 0.0;
  return j;
}

int LcpTransform::build(const Eigen::Ref<const Eigen::MatrixXd>& A,
                        const Eigen::Ref<const Eigen::VectorXd>& b,
                        const Eigen::Ref<const Eigen::VectorXd>& lo,
                        const Eigen::Ref<const Eigen::VectorXd>& hi,
                        const Eigen::Ref<const Eigen::VectorXi>& findex) {
  const int n = static_cast<int>(b.size());
  m_rows = n;
  m_size = 0;
  m_x0.head(n).setZero();
  m_coef1.head(n).setZero();
  m_coef2.head(n).setZero();
  m_var1.head(n).setConstant(-1);
  m_var2.head(n).setConstant(-1);

  // Pass 1: rows with their own bounds.
  for (int i = 0; i < n; ++i) {
    if (findex[i] >= 0) continue;
    const bool lowFinite = std::isfinite(lo[i]);
    const bool highFinite = std::isfinite(hi[i]);
    if (lowFinite && highFinite && lo[i] == hi[i]) {
      m_x0[i] = lo[i];
    } else if (!lowFinite && !highFinite) {
      const int plus = addVariable(kPlus, i);
      const int minus = addVariable(kMinus, i);
      m_var1[i] = plus;
      m_coef1[i] = 1.0;
      m_var2[i] = minus;
      m_coef2[i] = -1.0;
    } else if (lowFinite && !highFinite) {
      m_x0[i] = lo[i];
      m_var1[i] = addVariable(kPlus, i);
      m_coef1[i] = 1.0;
    } else if (!lowFinite) {
      m_x0[i] = hi[i];
      m_var1[i] = addVariable(kMinus, i);
      m_coef1[i] = -1.0;
    } else {
      const int y = addVariable(kBoxLower, i);
      const int s = addVariable(kBoxSlack, i);
      m_partner[y] = s;
      m_partner[s] = y;
      m_width[s] = hi[i] - lo[i];
      m_x0[i] = lo[i];
      m_var1[i] = y;
      m_coef1[i] = 1.0;
    }
  }
  // Pass 2: friction rows, whose box scales with the normal row's x.
  for (int i = 0; i < n; ++i) {
    const int k = findex[i];
    if (k < 0) continue;
    const bool normalAffine = m_var2[k] < 0 && (m_var1[k] < 0 || m_coef1[k] == 1.0);
    if (!normalAffine || m_x0[k] < 0.0) return i;
    const double mu = frictionCoefficient(hi[i]);
    if (mu == 0.0) continue;  // the box is [0, 0]: x_i = 0
    const int y = addVariable(kBoxLower, i);
    const int s = addVariable(kBoxSlack, i);
    m_partner[y] = s;
    m_partner[s] = y;
    m_width[s] = 2.0 * mu * m_x0[k];
    if (m_var1[k] >= 0) {
      m_widthVar[s] = m_var1[k];
      m_widthCoef[s] = 2.0 * mu;
    }
    m_x0[i] = -mu * m_x0[k];
    m_var1[i] = y;
    m_coef1[i] = 1.0;
    m_var2[i] = m_var1[k];
    m_coef2[i] = m_var1[k] >= 0 ? -mu : 0.0;
  }
  for (int j = 0; j < m_size; ++j) fillRow(j, A, b);
  return -1;
}

void LcpTransform::fillRow(int j,
                           const Eigen::Ref<const Eigen::MatrixXd>& A,
                           const Eigen::Ref<const Eigen::VectorXd>& b) {
  const int n = static_cast<int>(b.size());
  const int N = m_size;
  m_M.row(j).head(N).setZero();
  if (m_kind[j] == kBoxSlack) {
    m_M(j, m_partner[j]) = -1.0;
    if (m_widthVar[j] >= 0) m_M(j, m_widthVar[j]) += m_widthCoef[j];
    m_q[j] = m_width[j];
    return;
  }
  // u_j = s (A x - b)_i (+ y_partner for a box), with x = x0 + T y.
  const int i = m_row[j];
  const double sign = m_kind[j] == kMinus ? -1.0 : 1.0;
  double constant = -b[i];
  for (int k = 0; k < n; ++k) {
    const double a = A(i, k);
    if (a == 0.0) continue;
    constant += a * m_x0[k];
    if (m_var1[k] >= 0) m_M(j, m_var1[k]) += sign * a * m_coef1[k];
    if (m_var2[k] >= 0) m_M(j, m_var2[k]) += sign * a * m_coef2[k];
  }
  m_q[j] = sign * constant;
  if (m_kind[j] == kBoxLower) m_M(j, m_partner[j]) += 1.0;
}

void LcpTransform::recover(const Eigen::Ref<const Eigen::VectorXd>& y, Eigen::VectorXd& x) const {
  for (int i = 0; i < m_rows; ++i) {
    double value = m_x0[i];
    if (m_var1[i] >= 0) value += m_coef1[i] * y[m_var1[i]];
    if (m_var2[i] >= 0) value += m_coef2[i] * y[m_var2[i]];
    x[i] = value;
  }
}

int LcpTransform::basicAt(const Eigen::Ref<const Eigen::VectorXd>& x,
                          const Eigen::Ref<const Eigen::VectorXd>& w,
                          const Eigen::Ref<const Eigen::VectorXd>& lo,
                          const Eigen::Ref<const Eigen::VectorXd>& hi,
                          const Eigen::Ref<const Eigen::VectorXi>& findex,
                          Eigen::Ref<Eigen::VectorXi> basic) const {
  int count = 0;
  for (int j = 0; j < m_size; ++j) {
    const int i = m_row[j];
    const int k = findex[i];
    const double mu = k >= 0 ? frictionCoefficient(hi[i]) : 0.0;
    const double low = k >= 0 ? -mu * x[k] : lo[i];
    const double high = k >= 0 ? mu * x[k] : hi[i];
    const double z = x[i] - w[i];
    const bool free = k < 0 && !std::isfinite(low) && !std::isfinite(high);
    bool positive = false;
    switch (m_kind[j]) {
      case kPlus:
        positive = z > (free ? 0.0 : low);
        break;
      case kMinus:
        positive = z < (free ? 0.0 : high);
        break;
      case kBoxLower:
        positive = z > low;
        break;
      case kBoxSlack:
        positive = z >= high;
        break;
    }
    basic[j] = positive ? 1 : 0;
    count += basic[j];
  }
  return count;
}

}  // namespace mlcp::detail
