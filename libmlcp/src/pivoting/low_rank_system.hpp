#pragma once

#include <mlcp/core/low_rank_form.hpp>
#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <Eigen/LU>

#include <cstdint>
#include <optional>
#include <vector>

namespace mlcp::detail {

/// Where a row of a partition sits (docs/bpp.md, "Partitions").
enum class RowState : std::int8_t {
  Free,   ///< w_i = 0, x_i unknown (between its bounds at a solution)
  Lower,  ///< x_i = lo_i, or -mu_i x_k for a friction row (w_i >= 0 at a solution)
  Upper,  ///< x_i = hi_i, or +mu_i x_k for a friction row (w_i <= 0 at a solution)
};

/// The linear system of one partition of the rows, solved in the low-rank form
/// A = G G^T + diag(C) through r x r matrices (docs/bpp.md, "The free system").
///
/// Used terms: F the free rows, S the friction rows at a bound whose normal row k is free
/// (x_i = s_i mu_i x_k, s_i = -1 at Lower, +1 at Upper), B the other rows at a bound (x_B known);
/// x = P x_F + q with P the identity on F plus the entries s_i mu_i of S, q the known values.
/// The matrix solved is the proximal A_delta = G G^T + diag(D), D = max(C, delta),
/// delta_i = proximal A_ii (docs/bpp.md, "The proximal term"): the caller shifts b by
/// delta (D - C) x_prox, so that a fixed point x = x_prox solves the original problem. The free
/// rows' equations (A_delta x)_F = b_F read (D_F + G_F V^T) x_F = b_F - G_F (G^T q) with
/// V = P^T G (n_F x r: v_a = g_a + sum of s_i mu_i g_i over the rows i of S sliding on a).
/// Woodbury's identity gives
///   (D_F + G_F V^T)^-1 = D_F^-1 - D_F^-1 G_F K^-1 V^T D_F^-1,   K = I_r + V^T D_F^-1 G_F (r x r),
/// K symmetric positive definite (Cholesky) when S is empty, else LU.
/// Cost: O(n_F r^2) to form K, O(r^3) to factor it (both skipped when the partition did not
/// change), O(n r) per solve and per product. Memory: O(n r), allocated by setup().
class LowRankSystem {
 public:
  /// Takes the form (kept by reference: it must outlive this object's use) and sizes the
  /// workspace. proximal (>= 0) is delta relative to A_ii.
  void setup(const LowRankForm& form, double proximal);
  /// Sets delta_i = proximal A_ii (D = max(C, delta)); the next solve() must refactor.
  void setProximal(double proximal);
  /// The proximal in use (relative to A_ii).
  double proximal() const { return m_proximal; }

  /// Solves the partition state (n) of A_delta x = b into x (n): x_F from the free system, the
  /// rows at a bound from their bounds. Friction rows at a bound take +-|hi_i| normals[k] when
  /// normals is given (fixed friction bounds: K symmetric); otherwise from their normal's x (a
  /// normal at a bound gives a known value, a free normal couples the row into the system: LU).
  /// refactor = false reuses K's factorization (the caller guarantees that neither the
  /// partition nor the choice of normals changed since).
  /// Returns false when K could not be factored (LU of a singular K) or x is not finite.
  bool solve(const ProblemView& problem,
             const std::vector<RowState>& state,
             const Eigen::VectorXd& b,
             const Eigen::VectorXd* normals,
             bool refactor,
             Eigen::VectorXd& x);

  /// w = G (G^T x) + C x - b (n each): the original A's w.
  void residual(const Eigen::VectorXd& x, const Eigen::VectorXd& b, Eigen::VectorXd& w);

  /// D - C (n): the proximal term of each row (0 where C_i >= delta_i).
  const Eigen::VectorXd& delta() const { return m_delta; }
  /// True when delta > 0 on some row.
  bool proximalActive() const { return m_proximalActive; }
  /// True when the last factorization was an LU (friction rows sliding on free normals).
  bool usedLu() const { return m_usedLu; }

 private:
  void knownValues(const ProblemView& problem,
                   const std::vector<RowState>& state,
                   const Eigen::VectorXd* normals,
                   Eigen::VectorXd& x);
  void buildReduced(const ProblemView& problem, const std::vector<RowState>& state);
  void buildRightSide(const Eigen::VectorXd& b);
  bool factor();
  /// out = (D_F + G_F V^T)^-1 in (n_F each).
  void applyInverse(const Eigen::VectorXd& in, Eigen::VectorXd& out);

  const LowRankForm* m_form = nullptr;
  Eigen::VectorXd m_D;      // max(C, delta) (n)
  Eigen::VectorXd m_delta;  // D - C (n)
  double m_proximal = -1.0;
  bool m_proximalActive = false;  // delta > 0 on some row
  std::vector<int> m_free;        // F, in row order
  std::vector<int> m_position;    // row -> index in F, or -1
  std::vector<int> m_sliding;     // S: friction rows at a bound on a free normal
  LowRankForm::Matrix m_V;        // n_F x r (rows of V)
  LowRankForm::Matrix m_scaledG;  // n_F x r (rows of D^-1 G_F)
  Eigen::MatrixXd m_K;            // r x r
  // Constructed in place at r x r by setup() (emplace: no move of a temporary factorization).
  std::optional<Eigen::LLT<Eigen::MatrixXd>> m_llt;
  std::optional<Eigen::PartialPivLU<Eigen::MatrixXd>> m_lu;
  bool m_usedLu = false;
  Eigen::VectorXd m_rhs, m_xF, m_y;  // n_F each (capacity n)
  Eigen::VectorXd m_t, m_u;          // r each
  Eigen::VectorXd m_q;               // n
};

}  // namespace mlcp::detail
