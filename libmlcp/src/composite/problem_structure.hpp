#pragma once

#include "composite/islands.hpp"
#include "linalg/symmetric_row_scaling.hpp"

#include <mlcp/core/low_rank_form.hpp>
#include <mlcp/core/mixed_lcp.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace mlcp::detail {

/// The measured structure of a boxed LCP that AutoSolver chooses by (docs/solver-selection.md).
struct ProblemStructure {
  int n = 0;                        ///< rows
  int nub = 0;                      ///< leading unbounded rows
  int frictionRows = 0;             ///< rows with findex >= 0
  int boxRows = 0;                  ///< rows other than 0 <= x < inf after the nub ones
  bool symmetric = false;           ///< A = A^T (SymmetricRowScaling::kTolerance)
  bool rowScaledSymmetric = false;  ///< A = C S, S symmetric, C positive diagonal (not 1)
  bool positiveDiagonal = false;    ///< every A_ii > 0
  /// nonzeros / n^2 of a dense or sparse A; of a factor form's assembled A only when n > the
  /// island limit (0 below it).
  double density = 0.0;
  /// Connected components: measured for a factor form (from its bodies, O(n)) and for any form
  /// when n > the island limit; 1 otherwise.
  int islands = 1;
  int largestIsland = 0;  ///< rows of the largest component
  /// r of A's low-rank form G G^T + diag(C), 0 when it has none or it was not looked for. For
  /// the factor form, the bound 6 x bodies of the form the factors are; otherwise the r of
  /// mlcp::findLowRankForm, looked for only for symmetric A with
  /// StructureProbe::kLowRankMinRows <= n <= the pivoting limit and a density below
  /// StructureProbe::kDenseDensity.
  int lowRank = 0;
  /// The low-rank form's C regularizes every row (C_i >= 1e-8 A_ii: no proximal term needed).
  /// False with lowRank > 0 in A's entries: A = G G^T (C = 0), singular, rows redundant.
  bool lowRankRegularized = false;
  MatrixForm form = MatrixForm::Dense;
  std::string asymmetry;  ///< the entry pair that breaks symmetry, when not symmetric
};

/// Measures ProblemStructure, caching what A decides per matrix version.
/// Cost per new matrix: O(n^2) dense, O(nonzeros log n) sparse (symmetry, density); the islands,
/// O(n) from a factor form's bodies, otherwise O(nonzeros) and only when n > islandRows; the
/// low-rank form, O(n r^2), only when A is symmetric
/// and kLowRankMinRows <= n <= islandRows. Allocates when a new matrix is measured.
class StructureProbe {
 public:
  /// Smallest n for which the low-rank form is looked for: below it exact pivoting on A takes
  /// tens of microseconds, less than looking pays back.
  static constexpr int kLowRankMinRows = 64;
  /// A density (nonzeros / n^2) from which A counts as dense. The low-rank form is not looked
  /// for there: a contact problem's A couples only the rows that share a body.
  static constexpr double kDenseDensity = 0.9;

  /// The structure of problem (A of matrix version `version`); islands are found for a factor
  /// form, otherwise only when n > islandRows.
  const ProblemStructure& measure(const ProblemView& problem,
                                  std::uint64_t version,
                                  int islandRows);
  /// A low-rank form found in A is taken up to r = n / 2 while r is at most this: its r x r
  /// factorizations cost tens of microseconds, and on DART's 96-row stacks (r = 48) bpp answers
  /// in one round at 0.45x of Newton's time. Above it only up to r = n / 3: on Bullet's
  /// pyramids with constant CFM (n = 300, r = 90) bpp answers in 1-9 rounds, 0.25x of Newton's
  /// time, while with r half of a larger n the pivoting cascades (docs/bpp.md: n = 540, r = 270,
  /// 0.3-1 s against Dantzig's 20-70 ms).
  static constexpr int kSmallRank = 64;
  /// The largest r of a form found in A that auto plans bpp for: max(n / 3, min(n / 2,
  /// kSmallRank)); the search stops there.
  static int maxFoundRank(int n);
  /// Sizes the workspace of measure() for n rows (allocates when n changes).
  void reserve(int n);
  /// The low-rank form the last measure() found (r <= maxFoundRank(n), C_i >= 1e-8 A_ii), for the
  /// solver that pivots in it (BppSolver::setLowRankForm), so A is not searched twice.
  const std::optional<LowRankForm>& lowRankForm() const { return m_lowRankForm; }

 private:
  void measureLowRank(const ProblemView& problem, int maxRows);
  /// s.islands and s.largestIsland from m_islands.
  void countIslands(ProblemStructure& s) const;

  ProblemStructure m_structure;
  SymmetricRowScaling m_scaling;
  Islands m_islands;
  std::optional<LowRankForm> m_lowRankForm;
  double m_density = 0.0;
  int m_reserved = -1;  // the n measure()'s workspace is sized for
  std::uint64_t m_version = ~std::uint64_t{0};
};

}  // namespace mlcp::detail
