#include "linalg/woodbury_update.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace mlcp::detail {

namespace {

/// C counts as singular in rounding when a pivot is below this fraction of max(1, max |C_jk|)
/// (C = I + W^T Z: 1 is the scale of an update that leaves K_0 as it is).
constexpr double kSingularPivot = 1e-12;

}  // namespace

void WoodburyUpdate::reserve(int r, int capacity, int entries) {
  m_entries = entries;
  const auto slots = static_cast<size_t>(capacity);
  const auto values = slots * static_cast<size_t>(entries);
  m_key.resize(slots);
  m_previousKey.resize(slots);
  m_size.resize(slots);
  m_previousSize.resize(slots);
  m_index.resize(values);
  m_u.resize(values);
  m_w.resize(values);
  m_previousU.resize(values);
  m_reused.resize(slots);
  m_Z.resize(r, capacity);
  m_previousZ.resize(r, capacity);
  m_capacitance.resize(capacity, capacity);
  m_pivot.resize(slots);
  m_scatter.setZero(r);
  m_s.resize(capacity);
  reset();
}

void WoodburyUpdate::reset() { m_count = m_previousCount = 0; }

void WoodburyUpdate::begin() {
  std::swap(m_Z, m_previousZ);
  std::swap(m_key, m_previousKey);
  std::swap(m_size, m_previousSize);
  std::swap(m_u, m_previousU);
  m_previousCount = m_count;
  m_count = 0;
}

int WoodburyUpdate::findPrevious(int key, int count, const double* u) const {
  const auto last = m_previousKey.begin() + m_previousCount;
  const auto it = std::lower_bound(m_previousKey.begin(), last, key);
  if (it == last || *it != key) return -1;
  const int j = static_cast<int>(it - m_previousKey.begin());
  const double* previous = &m_previousU[static_cast<size_t>(j * m_entries)];
  const bool same =
      m_previousSize[static_cast<size_t>(j)] == count && std::equal(u, u + count, previous);
  return same ? j : -1;
}

bool WoodburyUpdate::add(int key, int count, const int* index, const double* u, const double* w) {
  if (m_count == static_cast<int>(m_key.size())) return false;
  const int j = m_count++;
  const auto at = static_cast<size_t>(j * m_entries);
  m_key[static_cast<size_t>(j)] = key;
  m_size[static_cast<size_t>(j)] = count;
  std::copy(index, index + count, &m_index[at]);
  std::copy(u, u + count, &m_u[at]);
  std::copy(w, w + count, &m_w[at]);
  const int previous = findPrevious(key, count, u);
  m_reused[static_cast<size_t>(j)] = previous >= 0;
  if (previous >= 0) m_Z.col(j) = m_previousZ.col(previous);
  return true;
}

void WoodburyUpdate::scatter(int j) {
  m_scatter.setZero();
  const auto at = static_cast<size_t>(j * m_entries);
  for (int p = 0; p < m_size[static_cast<size_t>(j)]; ++p)
    m_scatter[m_index[at + static_cast<size_t>(p)]] = m_u[at + static_cast<size_t>(p)];
}

bool WoodburyUpdate::factorCapacitance() {
  const int m = m_count;
  // C = I + W^T Z, then its LU with partial pivoting in place [Golub & Van Loan 2013, Alg. 3.4.1].
  for (int j = 0; j < m; ++j) {
    const auto at = static_cast<size_t>(j * m_entries);
    for (int k = 0; k < m; ++k) {
      double sum = j == k ? 1.0 : 0.0;
      for (int p = 0; p < m_size[static_cast<size_t>(j)]; ++p)
        sum += m_w[at + static_cast<size_t>(p)] * m_Z(m_index[at + static_cast<size_t>(p)], k);
      m_capacitance(j, k) = sum;
    }
  }
  double scale = 1.0;
  for (int j = 0; j < m; ++j)
    scale = std::max(scale, m_capacitance.row(j).head(m).cwiseAbs().maxCoeff());
  if (!std::isfinite(scale)) return false;
  for (int k = 0; k < m; ++k) {
    int pivot = k;
    for (int i = k + 1; i < m; ++i)
      if (std::abs(m_capacitance(i, k)) > std::abs(m_capacitance(pivot, k))) pivot = i;
    m_pivot[static_cast<size_t>(k)] = pivot;
    if (pivot != k) m_capacitance.row(k).head(m).swap(m_capacitance.row(pivot).head(m));
    const double d = m_capacitance(k, k);
    if (!(std::abs(d) >= kSingularPivot * scale)) return false;
    for (int i = k + 1; i < m; ++i) {
      const double l = m_capacitance(i, k) / d;
      m_capacitance(i, k) = l;
      for (int c = k + 1; c < m; ++c) m_capacitance(i, c) -= l * m_capacitance(k, c);
    }
  }
  return true;
}

void WoodburyUpdate::apply(double* t) {
  const int m = m_count;
  if (m == 0) return;
  for (int j = 0; j < m; ++j) {  // s = W^T t
    const auto at = static_cast<size_t>(j * m_entries);
    double sum = 0.0;
    for (int p = 0; p < m_size[static_cast<size_t>(j)]; ++p)
      sum += m_w[at + static_cast<size_t>(p)] * t[m_index[at + static_cast<size_t>(p)]];
    m_s[j] = sum;
  }
  // s = C^-1 s: the interchanges, L, then U.
  for (int k = 0; k < m; ++k) std::swap(m_s[k], m_s[m_pivot[static_cast<size_t>(k)]]);
  for (int k = 0; k < m; ++k)
    for (int i = k + 1; i < m; ++i) m_s[i] -= m_capacitance(i, k) * m_s[k];
  for (int k = m - 1; k >= 0; --k) {
    for (int c = k + 1; c < m; ++c) m_s[k] -= m_capacitance(k, c) * m_s[c];
    m_s[k] /= m_capacitance(k, k);
  }
  for (int j = 0; j < m; ++j) {  // t -= Z s
    const double s = m_s[j];
    const double* z = m_Z.col(j).data();
    for (Eigen::Index i = 0; i < m_Z.rows(); ++i) t[i] -= z[i] * s;
  }
}

}  // namespace mlcp::detail
