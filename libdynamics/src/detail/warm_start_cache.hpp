#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <utility>
#include <vector>

namespace mlcp::dynamics::detail {

/// lambda of the last step by row key (World::sourceKey() with the row index: joint and row, or
/// geometry pair, point within the pair and row), so the next step can start its iterative
/// solver from the lambda of the rows that persist. Kept as (key, lambda) pairs sorted by key:
/// World's keys come ascending (joints first, then contacts by geometry pair), so store() only
/// checks the order and lookup() merges in O(n + stored); keys out of order are sorted (store) or
/// searched (lookup, O(log stored) each). Allocates nothing once its capacity has reached the
/// largest n.
class WarmStartCache {
 public:
  /// Keeps lambda (n) under keys (n), replacing what was stored. For a key given twice one of
  /// its values is kept.
  void store(const std::vector<std::uint64_t>& keys, const Eigen::VectorXd& lambda);
  /// x0 (resized to n = keys.size()): the stored lambda of each key, 0 where none is stored.
  void lookup(const std::vector<std::uint64_t>& keys, Eigen::VectorXd& x0) const;
  /// Forgets everything stored.
  void clear() { m_entries.clear(); }

 private:
  std::vector<std::pair<std::uint64_t, double>> m_entries;  // sorted by key
};

}  // namespace mlcp::dynamics::detail
