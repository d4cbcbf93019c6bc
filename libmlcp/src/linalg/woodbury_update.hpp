#pragma once

#include <Eigen/Core>

#include <vector>

namespace mlcp::detail {

/// Solves with K = K_0 + sum_j u_j w_j^T (r x r; m terms, u_j and w_j sparse with the same few
/// indices) through a factorization of K_0 kept by the caller, by Woodbury's identity
/// [Hager 1989, "Updating the inverse of a matrix", SIAM Review 31(2)]:
///
///   K^-1 y = t - Z C^-1 W^T t,   t = K_0^-1 y,   Z = K_0^-1 U (r x m),   C = I_m + W^T Z.
///
/// A new set of terms costs one solve with K_0 per term not in the last set (a term of the last
/// set with the same key and the same u keeps its column of Z) and an O(m^3) LU of C with
/// partial pivoting; a solve costs one solve with K_0 and O(r m). Used by the active-set rounds
/// of bpp, where a round changes a few rows of the free system (docs/bpp.md, "The free system in
/// body space"). Nothing allocates after reserve().
class WoodburyUpdate {
 public:
  /// Sizes for K of order r, at most `capacity` terms of at most `entries` indices each.
  void reserve(int r, int capacity, int entries);
  /// Forgets every term and column (K_0 changed).
  void reset();
  /// Starts a new set of terms; the last set's columns stay for reuse until finish().
  void begin();
  /// Adds the term u w^T (u, w: `count` values at the indices `index`, count <= entries);
  /// `key` names the term (increasing within a set). False when the capacity is full.
  bool add(int key, int count, const int* index, const double* u, const double* w);
  /// Makes the columns of Z missing (solve(rhs, x): x = K_0^-1 rhs, r each) and factors C.
  /// False when C is singular in rounding (a pivot below 1e-12 max(1, max |C_jk|)): K is then
  /// to be factored anew.
  template <class Solve>
  bool finish(Solve&& solve) {
    for (int j = 0; j < m_count; ++j) {
      if (m_reused[static_cast<size_t>(j)]) continue;
      scatter(j);
      solve(m_scatter.data(), m_Z.col(j).data());
    }
    return factorCapacitance();
  }
  /// t -= Z C^-1 W^T t (r): turns t = K_0^-1 y into K^-1 y.
  void apply(double* t);
  /// Terms in the set (0: K = K_0).
  int size() const { return m_count; }

 private:
  /// The term j's u as a dense r-vector in m_scatter.
  void scatter(int j);
  bool factorCapacitance();
  /// The previous set's term with this key and the same u: its index there, or -1.
  int findPrevious(int key, int count, const double* u) const;

  int m_entries = 0;
  int m_count = 0, m_previousCount = 0;
  std::vector<int> m_key, m_previousKey;      // per term
  std::vector<int> m_size;                    // per term: its number of indices
  std::vector<int> m_index;                   // per term, `entries` each
  std::vector<double> m_u, m_w, m_previousU;  // per term, `entries` each
  std::vector<int> m_previousSize;            // per term of the last set
  std::vector<char> m_reused;                 // per term: its column came from the last set
  Eigen::MatrixXd m_Z, m_previousZ;           // r x capacity
  Eigen::MatrixXd m_capacitance;              // C's LU (capacity x capacity)
  std::vector<int> m_pivot;                   // C's row interchanges
  Eigen::VectorXd m_scatter;                  // r
  Eigen::VectorXd m_s;                        // capacity
};

}  // namespace mlcp::detail
