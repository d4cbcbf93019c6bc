#pragma once

#include "pivoting/free_system.hpp"

#include <mlcp/core/low_rank_form.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <Eigen/LU>

#include <optional>
#include <vector>

namespace mlcp::detail {

/// FreeSystem with G dense (n x r): K = I_r + V^T D_F^-1 G_F formed and factored as a dense
/// r x r matrix, Cholesky when no friction row slides on a free normal, else LU (docs/bpp.md,
/// "The free system").
/// Where G's rows are sparse (a quarter of the entries or fewer nonzero: the factor form, 12 a
/// row), K is summed from each free row's nonzero columns only (O(144 n_F) for the factor form)
/// instead of by the dense product, and the products with G, G^T and V^T in the solves and
/// residuals run over the same nonzeros (O(12 n)), without the dense copies of V and D^-1 G_F.
/// With dense rows, K keeps its terms from one partition to the next: the rows whose term changed
/// (m of them: rows that entered or left F or S, or whose D or slope changed) update it by one
/// m x r product, O(m r^2), while m <= n_F (forming it anew sums n_F terms), no changed term
/// exceeds kLargestUpdatedTerm, fewer than kRebuildUpdates updates ran since K was last formed
/// anew (the rounding of the updates is then bounded) and no proximal term is active; otherwise
/// it is formed anew. On Bullet's 300-row pyramid with CFM (r = 90) a round changes 3 to 64 of
/// about 240 free rows.
/// Cost: O(n_F r^2) to form K (O(n_F m^2) with m nonzeros a row of G when sparse; O(m r^2) to
/// update it), O(r^3) to factor it (both skipped when the partition did not change), O(n r) per
/// solve and per product. Memory: O(n r), allocated by setup().
class LowRankSystem final : public FreeSystem {
 public:
  /// Takes the form (kept by reference: it must outlive this object's use) and sizes the
  /// workspace. proximal (>= 0) is delta relative to A_ii.
  void setup(const LowRankForm& form, double proximal);
  /// Times K was updated by its changed terms rather than formed anew, since setup().
  int updatedK() const { return m_updatedK; }

 private:
  double lowRankDiagonal(Eigen::Index i) const override;
  void multiplyLowRank(const Eigen::VectorXd& x, Eigen::VectorXd& out) override;
  bool factor(const ProblemView& problem, const std::vector<RowState>& state) override;
  void applyInverse(const Eigen::VectorXd& in, Eigen::VectorXd& out) override;
  /// The dense rows of V and D^-1 G_F (G's rows not sparse).
  void buildReduced(const ProblemView& problem, const std::vector<RowState>& state);
  /// Whether G's rows are sparse (at most a quarter of G nonzero: the factor form's 12 per
  /// row) and then each row's nonzero columns (m_rowStart, m_columns).
  void findRowColumns();
  void formK(const ProblemView& problem, const std::vector<RowState>& state);
  /// K of the dense rows: updated by the terms whose coefficient changed since the last K
  /// (updateK()), else formed anew.
  void formDenseK(const ProblemView& problem, const std::vector<RowState>& state);
  /// K += the changed terms (products of their m x r rows, a slice at a time), when the rules of
  /// the class comment allow it; false otherwise (K unchanged).
  bool updateK();
  /// visit(coefficient change, i, k) for each term coefficient g_i^T g_k of K whose coefficient
  /// differs between m_have* and m_want* (a term that moves to another k: two visits).
  template <typename Visit>
  void forEachChangedTerm(Visit&& visit) const;
  /// The coefficients of K's terms for the partition (m_wantFree, m_wantSlide, m_wantNormal):
  /// 1 / D_i for a free row, s_i mu_i / D_k for a row of S on normal k, 0 otherwise.
  void termCoefficients(const ProblemView& problem, const std::vector<RowState>& state);
  /// K += left^T right over their first `rows` rows, in slices that keep the
  /// product's blocking on the stack.
  void addProducts(const LowRankForm::Matrix& left,
                   const LowRankForm::Matrix& right,
                   Eigen::Index rows);
  /// K(c, d) += scale g_i(c) g_k(d) over the nonzero columns c of row i and d of row k.
  void addOuterProduct(int i, int k, double scale);
  /// The upper triangle of addOuterProduct(i, i, scale).
  void addUpperOuterProduct(int i, double scale);
  /// g_i . t over row i's nonzero columns.
  double rowDot(int i, const Eigen::VectorXd& t) const;
  /// u += scale g_i over row i's nonzero columns.
  void addRow(int i, double scale, Eigen::VectorXd& u) const;
  /// m_u = V^T m_y from G's sparse rows (the rows of S with their slopes).
  void reduce();

  const LowRankForm* m_form = nullptr;
  LowRankForm::Matrix m_V;            // n_F x r (rows of V)
  LowRankForm::Matrix m_scaledG;      // n_F x r (rows of D^-1 G_F)
  Eigen::MatrixXd m_K;                // r x r
  std::vector<int> m_rowStart;        // per row i (n + 1): where its nonzero columns start
  std::vector<int> m_columns;         // the nonzero columns of G's rows, row after row (sparse)
  bool m_sparseRows = false;          // K, V^T y, G t and G G^T x from the rows' nonzeros
  std::vector<double> m_slope;        // per row of S: s_i mu_i (sparse rows)
  std::vector<int> m_normalPosition;  // per row of S: its normal's index in F (sparse rows)
  // K's terms (dense rows): the coefficients it holds per row and those of the partition
  // being factored (termCoefficients), and the changed terms' rows.
  Eigen::VectorXd m_haveFree, m_haveSlide, m_wantFree, m_wantSlide;  // n each
  std::vector<int> m_haveNormal, m_wantNormal;                       // n each (-1: none)
  LowRankForm::Matrix m_left, m_right;  // a slice of the changed terms' rows (addProducts)
  Eigen::VectorXd m_rowNorm2;           // |g_i|^2 (n)
  bool m_haveK = false;                 // m_K holds the terms m_have*
  int m_updates = 0;                    // K's updates since it was last formed anew
  int m_updatedK = 0;                   // K's updates since setup()
  // Constructed in place at r x r by setup() (emplace: no move of a temporary factorization).
  std::optional<Eigen::LLT<Eigen::MatrixXd>> m_llt;
  std::optional<Eigen::PartialPivLU<Eigen::MatrixXd>> m_lu;
  Eigen::VectorXd m_y;       // n_F (capacity n)
  Eigen::VectorXd m_t, m_u;  // r each
};

}  // namespace mlcp::detail
