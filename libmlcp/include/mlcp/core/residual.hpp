#pragma once

#include <mlcp/core/friction_bounds.hpp>

#include <Eigen/Core>

#include <algorithm>
#include <cmath>

namespace mlcp {

struct Problem;
class Operator;

/// The spec's residuals and their diagnostics for one candidate x (docs/conventions.md,
/// "Residuals": the natural map, its absolute and relative norms, and the scaled residual).
struct Residuals {
  double absolute = 0.0;  ///< ||r||_inf, r_i = x_i - clamp(x_i - w_i, l_i, u_i)
  double relative = 0.0;  ///< absolute / max(1, ||b||_inf)
  /// ||s||_inf / X, s_i = x_i - clamp(x_i - w_i / d_i, l_i, u_i), X = max(||x||_inf,
  /// max_i |b_i| / d_i) (||s||_inf when X = 0): invariant to scaling the problem or single rows.
  double scaled = 0.0;
  double maxBoundViolation = 0.0;  ///< max_i max(l_i - x_i, x_i - u_i, 0)
  double maxComplementarityViolation =
      0.0;            ///< max_i max(min(x_i-l_i, w_i^+), min(u_i-x_i, w_i^-))
  int worstRow = -1;  ///< row of the largest |r_i|, -1 when n = 0
};

/// Effective bounds of row i for solution x (n): (lo_i, hi_i) when findex_i < 0, otherwise the
/// friction box of mlcp/core/friction_bounds.hpp, u = |hi_i * x_findex_i|, l = -u (0 * inf is 0).
/// @pre findex_i < x.size()
inline void effectiveBounds(int i,
                            const Eigen::Ref<const Eigen::VectorXd>& x,
                            const Eigen::Ref<const Eigen::VectorXd>& lo,
                            const Eigen::Ref<const Eigen::VectorXd>& hi,
                            const Eigen::Ref<const Eigen::VectorXi>& findex,
                            double& l,
                            double& u) {
  rowEffectiveBounds(findex[i], lo[i], hi[i], x, l, u);
}

/// Natural-map residual of row i: x_i - clamp(x_i - w_i, l_i, u_i).
double rowResidual(double x, double w, double l, double u);

/// The part of the spec's row scale d_i that A decides: A_ii when A_ii > 0, otherwise
/// max_j |A_ij|, and 0 for a zero row of A (whose d_i then comes from b: rowScale()).
/// (n) for A (n x n), O(n) from the diagonal plus O(nonzeros) when some A_ii <= 0.
Eigen::VectorXd rowScalesOf(const Operator& A);

/// The spec's row scale d_i from rowScalesOf(A)_i and b_i: that value when positive, else
/// max(|b_i|, 1) (a zero row of A).
inline double rowScale(double scaleOfA, double b) {
  return scaleOfA > 0.0 ? scaleOfA : std::max(std::abs(b), 1.0);
}

/// Residuals of x given w = A x - b (w computed by the caller), the bounds and findex.
/// @param[in] x, w, b, lo, hi, findex (n) each
/// @param[in] scalesOfA (n) rowScalesOf(A), for the scaled residual
/// @param[out] perRow optional: |r_i| per row, for diagnostics (pass nullptr to skip); resized
///             to n (allocation-free when it already has n entries)
/// Allocates nothing else.
Residuals computeResiduals(const Eigen::Ref<const Eigen::VectorXd>& x,
                           const Eigen::Ref<const Eigen::VectorXd>& w,
                           const Eigen::Ref<const Eigen::VectorXd>& b,
                           const Eigen::Ref<const Eigen::VectorXd>& lo,
                           const Eigen::Ref<const Eigen::VectorXd>& hi,
                           const Eigen::Ref<const Eigen::VectorXi>& findex,
                           const Eigen::Ref<const Eigen::VectorXd>& scalesOfA,
                           Eigen::VectorXd* perRow = nullptr);

/// Residuals of x for a whole problem: computes w = A x - b, then as above.
/// @throws std::invalid_argument when x.size() != problem.size()
Residuals computeResiduals(const Problem& problem,
                           const Eigen::Ref<const Eigen::VectorXd>& x,
                           Eigen::VectorXd* perRow = nullptr);

}  // namespace mlcp
