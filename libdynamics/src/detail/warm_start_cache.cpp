#include "warm_start_cache.hpp"

#include <algorithm>

namespace mlcp::dynamics::detail {

namespace {

bool keyLess(const std::pair<std::uint64_t, double>& entry, std::uint64_t key) {
  return entry.first < key;
}

}  // namespace

void WarmStartCache::store(const std::vector<std::uint64_t>& keys, const Eigen::VectorXd& lambda) {
  m_entries.resize(keys.size());
  for (size_t i = 0; i < keys.size(); ++i)
    m_entries[i] = {keys[i], lambda[static_cast<Eigen::Index>(i)]};
  if (!std::is_sorted(m_entries.begin(), m_entries.end()))
    std::sort(m_entries.begin(), m_entries.end());
}

void WarmStartCache::lookup(const std::vector<std::uint64_t>& keys, Eigen::VectorXd& x0) const {
  x0.resize(static_cast<Eigen::Index>(keys.size()));
  auto cursor = m_entries.begin();
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::uint64_t key = keys[i];
    if (i > 0 && key < keys[i - 1])
      cursor = std::lower_bound(m_entries.begin(), m_entries.end(), key, keyLess);
    else
      while (cursor != m_entries.end() && cursor->first < key) ++cursor;
    x0[static_cast<Eigen::Index>(i)] =
        cursor != m_entries.end() && cursor->first == key ? cursor->second : 0.0;
  }
}

}  // namespace mlcp::dynamics::detail
