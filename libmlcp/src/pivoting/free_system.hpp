#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <vector>

namespace mlcp::detail {

/// Where a row of a partition sits (docs/bpp.md, "Partitions").
enum class RowState : std::int8_t {
  Free,   ///< w_i = 0, x_i unknown (between its bounds at a solution)
  Lower,  ///< x_i = lo_i, or -mu_i x_k for a friction row (w_i >= 0 at a solution)
  Upper,  ///< x_i = hi_i, or +mu_i x_k for a friction row (w_i <= 0 at a solution)
};

/// The linear system of one partition of the rows in a low-rank form A = G G^T + diag(C)
/// (docs/bpp.md, "The free system"), solved through r x r matrices; the derived classes hold G
/// dense (LowRankSystem) or sparse (SparseLowRankSystem) and factor K accordingly.
///
/// Used terms: F the free rows, S the friction rows at a bound whose normal row k is free
/// (x_i = s_i mu_i x_k, s_i = -1 at Lower, +1 at Upper), B the other rows at a bound (x_B known);
/// x = P x_F + q with P the identity on F plus the entries s_i mu_i of S, q the known values.
/// The matrix solved is the proximal A_delta = G G^T + diag(D), D = max(C, delta),
/// delta_i = proximal A_ii (docs/bpp.md, "The proximal term"): the caller shifts b by
/// delta (D - C) x_prox, so that a fixed point x = x_prox solves the original problem. The free
/// rows' equations (A_delta x)_F = b_F read (D_F + G_F V^T) x_F = b_F - G_F (G^T q) with
/// V = P^T G (n_F x r: v_a = g_a + sum of s_i mu_i g_i over the rows i of S sliding on a).
/// Woodbury's identity [Hager 1989] gives
///   (D_F + G_F V^T)^-1 = D_F^-1 - D_F^-1 G_F K^-1 V^T D_F^-1,   K = I_r + V^T D_F^-1 G_F (r x r),
/// K symmetric positive definite when S is empty.
class FreeSystem {
 public:
  virtual ~FreeSystem() = default;

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
  /// Returns false when K could not be factored or x is not finite.
  bool solve(const ProblemView& problem,
             const std::vector<RowState>& state,
             const Eigen::VectorXd& b,
             const Eigen::VectorXd* normals,
             bool refactor,
             Eigen::VectorXd& x);

  /// One step of iterative refinement on the last factorization [Higham 2002, ch. 12]: x_F -=
  /// (D_F + G_F V^T)^-1 w_F, the friction rows sliding on free normals moving with them, the
  /// other rows at a bound kept; w (n) is the residual A_delta x - b of the partition's system
  /// at x (n). The partition must be the last solve()'s. Returns false when x is not finite.
  bool correct(const ProblemView& problem,
               const std::vector<RowState>& state,
               const Eigen::VectorXd& w,
               Eigen::VectorXd& x);

  /// w = G (G^T x) + C x - b (n each): the original A's w.
  void residual(const Eigen::VectorXd& x, const Eigen::VectorXd& b, Eigen::VectorXd& w);

  /// D - C (n): the proximal term of each row (0 where C_i >= delta_i).
  const Eigen::VectorXd& delta() const { return m_delta; }
  /// True when delta > 0 on some row.
  bool proximalActive() const { return m_proximalActive; }
  /// True when the last factorization was an LU (friction rows sliding on free normals).
  bool usedLu() const { return m_usedLu; }
  /// True when the last solve of a changed partition went through an update of an earlier
  /// factorization (Woodbury's identity) instead of a new one.
  bool usedUpdate() const { return m_usedUpdate; }

 protected:
  /// Sizes the rows' workspace (n = C.size()) and sets the proximal term; the derived setup()
  /// calls it once its G is in place (C kept by reference: it must outlive this object's use).
  void setupRows(const Eigen::VectorXd& C, double proximal);

  /// s_i mu_i of a friction row i at a bound (s_i = -1 at Lower, +1 at Upper): x_i = s_i mu_i
  /// x_k on its normal k.
  static double slope(const ProblemView& problem, const std::vector<RowState>& state, int i);

  /// ||g_i||^2, A_ii - C_i.
  virtual double lowRankDiagonal(Eigen::Index i) const = 0;
  /// out = G (G^T x) (n each).
  virtual void multiplyLowRank(const Eigen::VectorXd& x, Eigen::VectorXd& out) = 0;
  /// Forms K for the rows in m_free and m_sliding and factors it; false when it cannot be
  /// factored. Sets m_usedLu.
  virtual bool factor(const ProblemView& problem, const std::vector<RowState>& state) = 0;
  /// out = (D_F + G_F V^T)^-1 in (n_F each) with the last factorization.
  virtual void applyInverse(const Eigen::VectorXd& in, Eigen::VectorXd& out) = 0;

  const Eigen::VectorXd* m_C = nullptr;  // C (n)
  Eigen::VectorXd m_D;                   // max(C, delta) (n)
  std::uint64_t m_diagonalVersion = 0;   // counts the changes of m_D
  std::vector<int> m_free;               // F, in row order
  std::vector<int> m_position;           // row -> index in F, or -1
  std::vector<int> m_sliding;            // S: friction rows at a bound on a free normal
  bool m_usedLu = false;
  bool m_usedUpdate = false;  // set by a derived factor() that updates

 private:
  /// x_i = s_i mu_i x_k on the rows of S.
  void setSliding(const ProblemView& problem,
                  const std::vector<RowState>& state,
                  Eigen::VectorXd& x) const;
  void knownValues(const ProblemView& problem,
                   const std::vector<RowState>& state,
                   const Eigen::VectorXd* normals,
                   Eigen::VectorXd& x);

  Eigen::VectorXd m_delta;  // D - C (n)
  double m_proximal = -1.0;
  bool m_proximalActive = false;    // delta > 0 on some row
  Eigen::VectorXd m_rhs, m_xF;      // n_F each (capacity n)
  Eigen::VectorXd m_q, m_lowRankQ;  // n each
};

}  // namespace mlcp::detail
