#include "newton/newton_map.hpp"

#include "core/box_projection.hpp"
#include "core/infinity.hpp"

#include <mlcp/core/friction_bounds.hpp>

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

/// Phi_i and its Jacobian row entries for one row.
struct RowValue {
  double phi = 0.0;
  double alpha = 0.0;
  double beta = 0.0;
  double dPhiDl = 0.0;  ///< dPhi_i / dl_i
  double dPhiDu = 0.0;  ///< dPhi_i / du_i
};

/// The Fischer-Burmeister function phi(a, b) = a + b - sqrt(a^2 + b^2) (zero exactly when
/// a >= 0, b >= 0, a b = 0) and its partial derivatives. 2ab / (a + b + r) where a + b > 0
/// avoids the cancellation of a + b - r when one of them is large.
struct FischerBurmeister {
  double value = 0.0;
  double da = 0.0;
  double db = 0.0;

  FischerBurmeister(double a, double b) {
    const double r = std::hypot(a, b);
    if (r == 0.0) {  // the B-subdifferential's element of [De Luca et al. 1996, Prop. 3.1]
      da = db = 1.0 - std::sqrt(0.5);
      return;
    }
    value = a + b > 0.0 ? 2.0 * a * b / (a + b + r) : a + b - r;
    da = 1.0 - a / r;
    db = 1.0 - b / r;
  }
};

/// Phi_i = x_i - mid(l, x_i - v, u), v = w_i / d_i; ties go to the bound (a unit row).
RowValue minMapRow(double x, double v, double l, double u) {
  const double z = x - v;
  if (z <= l) return {x - l, 1.0, 0.0, -1.0, 0.0};
  if (z >= u) return {x - u, 1.0, 0.0, 0.0, -1.0};
  return {v, 0.0, 1.0, 0.0, 0.0};
}

/// The Fischer-Burmeister function for the box [l, u] [Billups 1995, eq. (4)].
RowValue fischerBurmeisterRow(double x, double v, double l, double u) {
  const bool hasLower = std::isfinite(l);
  const bool hasUpper = std::isfinite(u);
  if (hasLower && hasUpper && l == u) return minMapRow(x, v, l, u);  // a fixed row
  if (!hasLower && !hasUpper) return {v, 0.0, 1.0, 0.0, 0.0};
  if (!hasUpper) {
    const FischerBurmeister f(x - l, v);
    return {f.value, f.da, f.db, -f.da, 0.0};
  }
  if (!hasLower) {
    const FischerBurmeister f(u - x, -v);
    return {-f.value, f.da, f.db, 0.0, -f.da};
  }
  const FischerBurmeister inner(u - x, -v);
  const FischerBurmeister outer(x - l, -inner.value);
  return {outer.value, outer.da + outer.db * inner.da, outer.db * inner.db, -outer.da,
          -outer.db * inner.da};
}

}  // namespace

void JacobianRows::resize(int n) {
  alpha.resize(n);
  beta.resize(n);
  gamma.resize(n);
}

MapValue evaluateMap(Reformulation reformulation,
                     const ProblemView& problem,
                     const Eigen::VectorXd& x,
                     const Eigen::VectorXd& w,
                     const Eigen::VectorXd& d,
                     Eigen::VectorXd& phi,
                     JacobianRows* rows) {
  const int n = problem.size();
  double theta = 0.0;
  double scaled = 0.0;
  double size = 0.0;
  for (int i = 0; i < n; ++i) {
    double l = 0.0;
    double u = 0.0;
    rowBounds(problem, x, i, l, u);
    const double v = w[i] / d[i];
    scaled = std::max(scaled, std::abs(x[i] - std::clamp(x[i] - v, l, u)));
    size = std::max({size, std::abs(x[i]), std::abs(problem.b[i]) / d[i]});
    const RowValue row = reformulation == Reformulation::MinMap
                             ? minMapRow(x[i], v, l, u)
                             : fischerBurmeisterRow(x[i], v, l, u);
    phi[i] = row.phi;
    theta += 0.5 * row.phi * row.phi;
    if (rows == nullptr) continue;
    rows->alpha[i] = row.alpha;
    rows->beta[i] = row.beta;
    const int k = problem.findex[i];
    if (k < 0) {
      rows->gamma[i] = 0.0;
      continue;
    }
    // u = |mu x_k|, l = -u: du/dx_k = mu sign(x_k), with sign(0) = +1 (a normal force grows
    // from zero), an element of the subdifferential of |x_k|.
    const double dU = frictionCoefficient(problem.hi[i]) * (x[k] < 0.0 ? -1.0 : 1.0);
    rows->gamma[i] = (row.dPhiDu - row.dPhiDl) * dU;
  }
  if (!std::isfinite(theta) || std::isnan(scaled)) return {kInf, kInf, size};
  return {theta, size > 0.0 ? scaled / size : scaled, size};
}

}  // namespace mlcp::detail
