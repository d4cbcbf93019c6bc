#pragma once

#include <array>

namespace mlcp::detail {

/// The small boxed LCP with friction index of one block of rows (a contact's normal and friction
/// rows, a joint's bilateral rows), solved exactly: the local problem of the block methods
/// (NsgsSolver, JacobiSolver with blocks).
///
/// Used terms: m rows (m <= kMaxRows), M (m x m, column-major) the block A_BB of A, q (m) with
/// w' = M x' - q, lo, hi (m) the rows' bounds (hi holds mu on a friction row), normal (m) the
/// local index of a friction row's normal row or -1. Effective bounds as in the spec: l = lo,
/// u = hi, or u = |mu x'_normal|, l = -u on friction rows, from the answer's own normal.
///
/// Method: index sets (free: w'_i = 0; at l or u: x'_i fixed, a friction row's bound coupled to
/// its normal, x'_i = +-mu x'_k, so both are solved together) solved by Gaussian elimination
/// with row equilibration and partial pivoting; the sets are changed by block principal
/// pivoting [Judice & Pires 1994] (every infeasible row switches while that lowers the count of
/// infeasible rows, then one row at a time, Murty's rule), starting from the block's sets of the
/// previous visit (Block::sets) or those of the incoming x, so that usually the first solve is
/// the answer. When that does not settle within 2 m + 8 solves, every index set is tried in turn
/// (3^m of them, m <= kMaxEnumerated). The tests are relative to each row's own scale (row
/// scaling and scaling the whole problem change nothing).
/// Cost: O(m^3) per solve, one solve per sweep once the sets have settled. Allocates nothing.
///
/// [Judice & Pires 1994] J. J. Judice, F. M. Pires, "A block principal pivoting algorithm for
///   large-scale strictly monotone linear complementarity problems", Computers & Operations
///   Research 21(5), 587-596.
class LocalBlockSolver {
 public:
  /// Largest block.
  static constexpr int kMaxRows = 8;
  /// Largest block whose index sets are enumerated when pivoting does not settle (3^5 = 243).
  static constexpr int kMaxEnumerated = 5;

  /// The local problem; fill it, call solve().
  struct Block {
    int m = 0;                           ///< rows
    const double* M = nullptr;           ///< (m x m) column-major A_BB
    std::array<double, kMaxRows> q{};    ///< (m) w' = M x' - q
    std::array<double, kMaxRows> lo{};   ///< (m) lower bounds (unused on friction rows)
    std::array<double, kMaxRows> hi{};   ///< (m) upper bounds, mu on friction rows
    std::array<int, kMaxRows> normal{};  ///< (m) local normal row of a friction row, or -1
    std::array<double, kMaxRows> x{};    ///< (m) in: the current x_B; out: the answer
    /// (m) in: the index sets to start from when `warm` (else they are read off x); out: the
    /// answer's (0 free, 1 at the lower bound, 2 at the upper).
    std::array<signed char, kMaxRows> sets{};
    bool warm = false;  ///< start from `sets` (a damped x no longer shows the answer's sets)
  };

  /// Solves block.x in place. Returns false (x unchanged) when no index set gave an answer
  /// within the tolerances (A_BB singular on every candidate, or a block larger than
  /// kMaxEnumerated rows on which pivoting cycled); the caller then updates the rows one by one.
  bool solve(Block& block);

 private:
  enum Set : signed char { kFree, kLower, kUpper };

  /// Solves the linear system of the current sets into m_candidate; false when singular.
  bool solveSets(const Block& block);
  /// Effective bounds of local row i for the candidate.
  void bounds(const Block& block, int i, double& l, double& u) const;
  /// Counts the rows whose set the candidate contradicts; marks them in m_infeasible.
  int infeasibility(const Block& block);
  /// Sets of the incoming x.
  void setsFromX(const Block& block);
  /// Copies the candidate, clamped onto its effective bounds, into block.x.
  void accept(Block& block) const;
  /// Tries every index set; true when one gave an answer.
  bool enumerate(Block& block);

  std::array<Set, kMaxRows> m_sets{};
  std::array<bool, kMaxRows> m_infeasible{};
  std::array<double, kMaxRows> m_candidate{};
  std::array<double, kMaxRows> m_w{};
  std::array<double, kMaxRows * kMaxRows> m_system{};
  std::array<double, kMaxRows> m_rhs{};
};

}  // namespace mlcp::detail
