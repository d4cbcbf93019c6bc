#pragma once

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/newton/newton_options.hpp>

#include <Eigen/Core>

namespace mlcp::detail {

/// The generalized Jacobian of Phi at x, one row per row of the problem (docs/newton.md,
/// "Jacobian"): dPhi_i = alpha_i dx_i + beta_i (A dx)_i / d_i + gamma_i dx_k, k = findex_i
/// (gamma_i = 0 on rows without findex). A row with beta_i = 0 is a "unit row": it fixes dx_i
/// from dx_k alone.
///
/// Used terms: d_i the spec's row scale (mlcp::rowScale), w = A x - b, l_i, u_i the effective
/// bounds at x; mu_i = |hi_i| on friction rows.
struct JacobianRows {
  Eigen::VectorXd alpha;  ///< (n) dPhi_i / dx_i, apart from the A term
  Eigen::VectorXd beta;   ///< (n) dPhi_i / d(w_i / d_i), >= 0
  Eigen::VectorXd gamma;  ///< (n) dPhi_i / dx_k through the friction bounds of row i

  /// Sizes the three for n rows.
  void resize(int n);
};

/// What evaluateMap() found.
struct MapValue {
  double theta = 0.0;  ///< 1/2 ||Phi||^2 (infinite when some Phi_i is not finite)
  /// The scaled residual ||s||_inf / X of x for this (w, d): s the scaled natural map.
  double scaled = 0.0;
  /// X = max(||x||_inf, max_i |b_i| / d_i), the size of the answer the scaled residual divides
  /// by.
  double size = 0.0;
};

/// Evaluates the reformulation at (x, w): Phi (n), and the Jacobian rows when `rows` is given
/// (gamma carries the derivative of the friction bounds u_i = |hi_i x_k|).
/// @param[in] x, w (n) the point and w = A x - b there
/// @param[in] d (n) the row scales d_i > 0
/// @param[out] phi (n) Phi(x)
/// Allocates nothing.
MapValue evaluateMap(Reformulation reformulation,
                     const ProblemView& problem,
                     const Eigen::VectorXd& x,
                     const Eigen::VectorXd& w,
                     const Eigen::VectorXd& d,
                     Eigen::VectorXd& phi,
                     JacobianRows* rows);

}  // namespace mlcp::detail
