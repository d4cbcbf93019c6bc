#pragma once

#include <cmath>

namespace mlcp {

/// The friction-bound rule, written once (docs/conventions.md, "Effective bounds"; ODE's
/// convention): a friction row i coupled to the normal row k = findex_i >= 0 has the box
/// [-u_i, u_i], u_i = |hi_i x_k| = mu_i |x_k| with mu_i = |hi_i| (lo_i is ignored). Every solver,
/// residual and check reads the rule from here.

/// mu_i = |hi_i| of a friction row i (hi_i holds the friction coefficient, its sign ignored);
/// the derivative of u_i with respect to x_k is mu_i sign(x_k).
inline double frictionCoefficient(double hi) { return std::abs(hi); }

/// u_i = |hi_i x_k| of a friction row i given its normal's x_k (l_i = -u_i); 0 when x_k = 0, also
/// for an infinite hi_i (0 * inf is taken as 0: a row without normal force has no friction).
inline double frictionBound(double hi, double normal) {
  return normal == 0.0 ? 0.0 : std::abs(hi * normal);
}

/// Effective bounds [l, u] of a row with bounds lo, hi and normal row k (its findex, < 0 for a
/// row without friction), reading the normal as x[k] from any indexable x (an Eigen vector, a
/// pointer): (lo, hi) when k < 0, else (-frictionBound(hi, x[k]), frictionBound(hi, x[k])).
/// Inline and allocation-free: it runs inside every solver's sweep.
template <class Vector>
inline void rowEffectiveBounds(int k, double lo, double hi, const Vector& x, double& l, double& u) {
  if (k < 0) {
    l = lo;
    u = hi;
    return;
  }
  u = frictionBound(hi, x[k]);
  l = -u;
}

}  // namespace mlcp
