#pragma once

#include "core/infinity.hpp"

#include <mlcp/core/friction_bounds.hpp>
#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/residual.hpp>

#include <Eigen/Core>

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

/// Effective bounds [l, u] of row i for the current x (mlcp/core/friction_bounds.hpp): the hot-loop
/// twin of mlcp::effectiveBounds() on a ProblemView.
inline void rowBounds(
    const ProblemView& problem, const Eigen::VectorXd& x, int i, double& l, double& u) {
  rowEffectiveBounds(problem.findex[i], problem.lo[i], problem.hi[i], x, l, u);
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

/// The exact answer of a row whose own x_i does not move w_i (A_ii = 0): complementarity puts
/// x_i at l when w_i > 0 and at u when w_i < 0. Returns x when w_i = 0 or that bound is
/// infinite (no one-row answer: the row waits for the others to change w_i).
inline double oneRowAnswer(double x, double w, double l, double u) {
  const double target = w > 0.0 ? l : (w < 0.0 ? u : x);
  return std::isfinite(target) ? target : x;
}

/// The natural-map residual of an iterate in the two norms the stopping test reads.
struct NaturalMap {
  double absolute = 0.0;  ///< ||r||_inf, r_i = x_i - clamp(x_i - w_i, l_i, u_i)
  double relative = 0.0;  ///< absolute / max(1, ||b||_inf)
  double scaled = 0.0;    ///< the spec's scaled residual (mlcp::Residuals::scaled)
};

/// The natural map of x with w_i = productOf(i) - b_i, productOf(i) = (A x)_i: ||r||_inf, the
/// relative and the scaled residual with the row scales of problem.rowScalesA(). NaN counts as
/// infinite. Allocates nothing.
template <class ProductOf>
NaturalMap naturalMapResidual(const ProblemView& problem,
                              const Eigen::VectorXd& x,
                              ProductOf&& productOf) {
  const Eigen::VectorXd& scales = problem.rowScalesA();
  double absolute = 0.0;
  double scaled = 0.0;
  double size = 0.0;
  double bNorm = 0.0;
  const int n = problem.size();
  for (int i = 0; i < n; ++i) {
    double l = 0.0;
    double u = 0.0;
    rowBounds(problem, x, i, l, u);
    const double b = problem.b[i];
    const double w = productOf(i) - b;
    const double d = rowScale(scales[i], b);
    const double r = std::abs(x[i] - std::clamp(x[i] - w, l, u));
    const double s = std::abs(x[i] - std::clamp(x[i] - w / d, l, u));
    if (std::isnan(r) || std::isnan(s)) return {kInf, kInf, kInf};
    absolute = std::max(absolute, r);
    scaled = std::max(scaled, s);
    size = std::max({size, std::abs(x[i]), std::abs(b) / d});
    bNorm = std::max(bNorm, std::abs(b));
  }
  return {absolute, absolute / std::max(1.0, bNorm), size > 0.0 ? scaled / size : scaled};
}

}  // namespace mlcp::detail
