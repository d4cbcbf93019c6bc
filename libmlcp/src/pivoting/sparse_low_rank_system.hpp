#pragma once

#include "linalg/cholmod_factor.hpp"
#include "linalg/klu_factor.hpp"
#include "linalg/sparse_pattern.hpp"
#include "linalg/woodbury_update.hpp"
#include "pivoting/free_system.hpp"

#include <mlcp/core/low_rank_form.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mlcp::detail {

/// FreeSystem with G sparse (SparseLowRankForm, the factor form of many bodies): K =
/// I_r + V^T D_F^-1 G_F is the body-space matrix L^T (M + J_F^T D_F^-1 J_F) L of the free rows
/// (L L^T = M^-1 per body), as sparse as the contact graph (docs/bpp.md, "The free system in
/// body space"). Its pattern, that of I + sum_i g_i^T g_i over all n rows (6 x 6 blocks for the
/// pairs of bodies that share a row), is analysed (CHOLMOD's or KLU's fill-reducing ordering
/// [Davis CHOLMOD/KLU]) at the first factorization that needs it, and kept from matrix to matrix
/// while the graph of those pairs holds (a simulator's next step with the same contacting
/// pairs); each partition only adds the free rows' outer products into it and refactors
/// numerically:
/// CHOLMOD's Cholesky when no friction row slides on a free normal, KLU's LU (the same pattern,
/// unsymmetric values) otherwise or when the Cholesky meets a pivot <= 0. A partition whose K
/// differs from the last factored one (the base) in at most kMaxUpdates rows of F (a row entering
/// or leaving F, or its v_a changing with the friction rows sliding on it) is not factored: its
/// K = K_base + sum over those rows of (v_a - v_a^base) g_a^T / D_a is solved through the base's
/// factorization by Woodbury's identity (WoodburyUpdate), one solve with the base per row not
/// updated in the last round.
///
/// A friction row sliding on a free normal must reference the same bodies as its normal (so
/// that v_a keeps g_a's pattern); factor() fails otherwise.
/// Cost: O(n_F 144) to form K, a sparse factorization of r x r (the contact graph's fill), O(nnz
/// of G and of the factor) per solve. Memory: O(n 144 + the factor), allocated by setup().
class SparseLowRankSystem final : public FreeSystem {
 public:
  /// Takes the form (kept by reference: it must outlive this object's use) and builds K's
  /// pattern (analysed by CHOLMOD or KLU at its first factorization of this form). proximal
  /// (>= 0) is delta relative to A_ii.
  void setup(const SparseLowRankForm& form, double proximal);
  /// Numeric factorizations of K since setup() (the partitions solved through a base's
  /// factorization by an update are not counted).
  int factorizations() const { return m_factorizations; }

 private:
  double lowRankDiagonal(Eigen::Index i) const override;
  void multiplyLowRank(const Eigen::VectorXd& x, Eigen::VectorXd& out) override;
  bool factor(const ProblemView& problem, const std::vector<RowState>& state) override;
  void applyInverse(const Eigen::VectorXd& in, Eigen::VectorXd& out) override;
  /// Reads the pairs of bodies that share a row off G; true when they are the pattern's already.
  /// @throws std::invalid_argument when G's rows are not blocks of 6 columns per body
  bool findBlockGraph();
  void buildPattern();
  /// m_pairPlace for the rows of the current G.
  void placeRows();
  /// The place of K(row, column) in m_full.
  int place(int row, int column) const;
  bool buildV(const ProblemView& problem, const std::vector<RowState>& state);
  void assemble();
  /// Factors K of the current partition anew and makes it the base.
  bool factorBase();
  /// K of the current partition as the base plus the rows that differ from it (Woodbury); false
  /// when there is no base, too many rows differ, or the update is singular in rounding.
  bool updateBase();
  /// x = K_base^-1 rhs (r each).
  void solveBase(const double* rhs, double* x);

  const SparseLowRankForm* m_form = nullptr;
  std::vector<std::pair<int, int>> m_edges;         // pairs of body blocks sharing a row
  std::vector<std::pair<int, int>> m_patternEdges;  // those of the pattern analysed
  std::vector<int> m_neighborStart;                 // per body block (+ 1): its neighbours
  std::vector<int> m_neighbor;                      // sorted per block, itself included
  SparsePattern m_full;                             // K, both triangles
  SparsePattern m_upper;                            // K's upper triangle (CHOLMOD reads it)
  std::vector<int> m_upperPlace;                    // per entry of m_upper: its place in m_full
  std::vector<int> m_diagonal;                      // per column: the place of K_jj in m_full
  std::vector<int> m_pairStart;  // per row i (n + 1): where its m_i^2 places start
  std::vector<int> m_pairPlace;  // row i's (k, l) entry (k-th, l-th stored column) in m_full
  std::vector<double> m_V;       // V's entries, in G's storage order (rows of F)
  CholmodFactor m_cholesky;
  KluFactor m_lu;
  bool m_choleskyAnalysed = false;  // each analysed at its first use for this matrix
  bool m_luAnalysed = false;
  int m_factorizations = 0;
  bool m_haveBase = false;               // a base factorization for this form and D
  bool m_baseLu = false;                 // it is KLU's
  std::uint64_t m_baseDiagonal = 0;      // the D it was made with (m_diagonalVersion)
  std::vector<char> m_baseFree;          // per row: free in the base
  std::vector<double> m_baseV;           // V's entries of the base's free rows
  std::vector<double> m_termU, m_termW;  // one row's update: v_a - v_a^base, g_a / D_a
  WoodburyUpdate m_update;
  Eigen::VectorXd m_y;       // n_F (capacity n)
  Eigen::VectorXd m_t, m_u;  // r each
};

}  // namespace mlcp::detail
