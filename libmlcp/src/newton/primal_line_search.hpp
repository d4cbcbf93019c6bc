#pragma once

#include <Eigen/Core>

#include <vector>

namespace mlcp::detail {

/// A breakpoint of phi'(t), the derivative of the primal Newton method's cost along its step:
/// at t its slope phi'' changes by dk (a row enters or leaves the inside of its bounds).
struct LineSearchEvent {
  double t = 0.0;
  double dk = 0.0;
};

/// The terms of phi(t) = f(v + t d) = 1/2 |v + t d|^2 + sum_i psi_i(s_i - t g_i) (docs/newton.md,
/// "Primal Newton", eq. P5), psi_i(s) = max_{l_i <= x <= u_i} x s - 1/2 C_i x^2.
struct LineSearchTerms {
  double slope = 0.0;            ///< phi'(0) = d^T grad f(v) (< 0 for a descent direction)
  double dd = 0.0;               ///< d^T d (> 0)
  const Eigen::VectorXd* s;      ///< s = b' - G v (n)
  const Eigen::VectorXd* g;      ///< g = G d (n)
  const Eigen::VectorXd* C;      ///< C_i > 0 (n)
  const Eigen::VectorXd *l, *u;  ///< the bounds (n each; infinite allowed)
};

/// The exact minimizer t >= 0 of the convex piecewise-quadratic phi: phi'(t) = d^T (v + t d) -
/// sum_i g_i clamp((s_i - t g_i) / C_i, l_i, u_i) is continuous, piecewise linear and increasing
/// (slope >= d^T d > 0); phi'(0) is taken as given (d^T grad f, computed directly: the sum
/// d^T v - sum_i g_i x_i cancels to rounding near the minimum); its pieces are walked in the order
/// of their breakpoints (at most two per row) until the piece where it crosses zero [Todorov 2014,
/// MuJoCo's exact line search; Castro et al. 2022, section VI]. 0 when phi'(0) >= 0. events holds
/// the breakpoints (capacity 2n reserved by the caller: nothing allocates). Cost O(n log n).
double exactLineSearch(const LineSearchTerms& terms, std::vector<LineSearchEvent>& events);

}  // namespace mlcp::detail
