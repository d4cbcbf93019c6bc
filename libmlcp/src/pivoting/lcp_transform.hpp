#pragma once

#include <Eigen/Core>

namespace mlcp::detail {

/// Rewrites a boxed LCP with friction index (w = A x - b, bounds lo, hi, findex; n rows) as a
/// standard LCP of size N <= 2 n,
///
///   u = M y + q,   0 <= y  _|_  u >= 0,
///
/// with x = x0 + T y (T sparse: at most two terms per row). Each row i becomes, by its bounds:
///
///   free      (-inf, inf):  x = y+ - y-;   pairs (y+, w_i) and (y-, -w_i), so w_i = 0
///   lower     [lo, inf):    x = lo + y;    pair (y, w_i)
///   upper     (-inf, hi]:   x = hi - y;    pair (y, -w_i)
///   box       [lo, hi]:     x = lo + y, slack s;  pairs (y, w_i + s), (s, hi - lo - y)
///   fixed     lo = hi:      x = lo (no variable; w_i is free)
///   friction  findex = k:   the box [-mu x_k, mu x_k] with mu = |hi_i|: x = -mu x_k + y,
///                           pairs (y, w_i + s), (s, 2 mu x_k - y); x_k is itself affine in y,
///                           so this is exact (no friction rounds), but x_k must be >= 0: the
///                           normal row k must be lower, box or fixed with lo_k >= 0.
///
/// The box pairs are the standard reduction of a box-constrained variational inequality to an
/// LCP [Cottle, Pang & Stone 1992, Ch. 1]: y > 0 and s = 0 give w_i = 0 inside the box, y = 0
/// gives w_i >= 0 at lo, y = hi - lo gives w_i = -s <= 0 at hi.
/// Memory: reserve(n) allocates M (2n x 2n) and the row tables; build() allocates nothing.
class LcpTransform {
 public:
  /// Sizes the workspace for problems of up to n rows.
  void reserve(int n);

  /// Builds M and q for the problem (A, b, lo, hi, findex) of n <= the reserved size rows.
  /// Returns the first friction row whose normal row may be negative (|x_i| <= mu |x_k| is then
  /// not linear), or -1 when the LCP was built.
  int build(const Eigen::Ref<const Eigen::MatrixXd>& A,
            const Eigen::Ref<const Eigen::VectorXd>& b,
            const Eigen::Ref<const Eigen::VectorXd>& lo,
            const Eigen::Ref<const Eigen::VectorXd>& hi,
            const Eigen::Ref<const Eigen::VectorXi>& findex);

  /// N, the size of the LCP built last.
  int size() const { return m_size; }
  /// M (N x N) and q (N) of the LCP built last.
  Eigen::Block<const Eigen::MatrixXd> M() const { return m_M.topLeftCorner(m_size, m_size); }
  Eigen::VectorBlock<const Eigen::VectorXd> q() const { return m_q.head(m_size); }

  /// x = x0 + T y (n, sized by the caller) for an LCP solution y (N).
  void recover(const Eigen::Ref<const Eigen::VectorXd>& y, Eigen::VectorXd& x) const;

  /// The LCP variables that are basic (y_j > 0) at the partition of a guess x of the boxed LCP
  /// built last, read off its natural map z = x - w (w = A x - b; bounds l, u of each row, a
  /// friction row's from x of its normal): at the lower bound when z <= l, at the upper one
  /// when z >= u, inside otherwise. A one-sided or box row's y is basic off its lower bound, a
  /// box's slack s at its upper bound; a free row's y+ when z > 0, y- when z < 0.
  /// @param[in] x, w (n) the guess and its w; lo, hi, findex (n) as given to build()
  /// @param[out] basic (N) 1 for a basic y_j, 0 otherwise
  /// @return the number of basic y_j
  int basicAt(const Eigen::Ref<const Eigen::VectorXd>& x,
              const Eigen::Ref<const Eigen::VectorXd>& w,
              const Eigen::Ref<const Eigen::VectorXd>& lo,
              const Eigen::Ref<const Eigen::VectorXd>& hi,
              const Eigen::Ref<const Eigen::VectorXi>& findex,
              Eigen::Ref<Eigen::VectorXi> basic) const;

 private:
  enum Kind : int { kPlus, kMinus, kBoxLower, kBoxSlack };

  int addVariable(Kind kind, int row);
  void fillRow(int j,
               const Eigen::Ref<const Eigen::MatrixXd>& A,
               const Eigen::Ref<const Eigen::VectorXd>& b);

  int m_rows = 0;  // n of the problem built last
  int m_size = 0;  // N
  Eigen::MatrixXd m_M;
  Eigen::VectorXd m_q;
  // Per row i of the boxed LCP: x_i = x0_i + coef1_i y[var1_i] + coef2_i y[var2_i] (var -1: none).
  Eigen::VectorXd m_x0, m_coef1, m_coef2;
  Eigen::VectorXi m_var1, m_var2;
  // Per LCP variable j: its kind, the boxed-LCP row it belongs to, its box partner, and for a
  // slack the width of the box: width_j + widthCoef_j y[widthVar_j].
  Eigen::VectorXi m_kind, m_row, m_partner, m_widthVar;
  Eigen::VectorXd m_width, m_widthCoef;
};

}  // namespace mlcp::detail
