#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Core>

#include <mlcp/mixed_lcp.hpp>

namespace mlcp::detail {

/// Effective bounds [l, u] of row i for the current x (shared/spec/blcp-text-format.md): (lo_i,
/// hi_i) when findex_i < 0, else u = |hi_i x_k| (0 when x_k = 0), l = -u. The hot-loop twin of
/// mlcp::effectiveBounds().
inline void rowBounds(const ProblemView& problem,
                      const Eigen::VectorXd& x,
                      int i,
                      double& l,
                      double& u) {
  const int k = problem.findex[i];
  if (k < 0) {
    l = problem.lo[i];
    u = problem.hi[i];
    return;
  }
  u = x[k] == 0.0 ? 0.0 : std::abs(problem.hi[i] * x[k]);
  l = -u;
}

/// Projects x (n) onto its effective bounds: rows with findex < 0 onto [lo, hi] first, then the
/// friction rows onto [-|hi_i x_k|, |hi_i x_k|] with the already projected normal x_k.
inline void projectOntoBounds(const ProblemView& problem, Eigen::VectorXd& x) {
  const int n = problem.size();
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < n; ++i) {
      if ((problem.findex[i] >= 0) != (pass == 1)) continue;
      double l = 0.0;
      double u = 0.0;
      rowBounds(problem, x, i, l, u);
      x[i] = std::clamp(x[i], l, u);
    }
  }
}

/// ||r||_inf of the natural map r_i = x_i - clamp(x_i - w_i, l_i, u_i), w_i = productOf(i) - b_i
/// with productOf(i) = (A x)_i. NaN counts as an infinite residual. Allocates nothing.
template <class ProductOf>
double naturalMapResidual(const ProblemView& problem,
                          const Eigen::VectorXd& x,
                          ProductOf&& productOf) {
  double worst = 0.0;
  const int n = problem.size();
  for (int i = 0; i < n; ++i) {
    double l = 0.0;
    double u = 0.0;
    rowBounds(problem, x, i, l, u);
    const double w = productOf(i) - problem.b[i];
    const double r = std::abs(x[i] - std::clamp(x[i] - w, l, u));
    if (std::isnan(r)) return std::numeric_limits<double>::infinity();
    worst = std::max(worst, r);
  }
  return worst;
}

}  // namespace mlcp::detail
