#include "newton/primal_line_search.hpp"

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

double exactLineSearch(const LineSearchTerms& terms, std::vector<LineSearchEvent>& events) {
  const Eigen::VectorXd& s = *terms.s;
  const Eigen::VectorXd& g = *terms.g;
  const Eigen::VectorXd& C = *terms.C;
  const Eigen::VectorXd& l = *terms.l;
  const Eigen::VectorXd& u = *terms.u;
  // phi'' = d^T d + sum over the rows inside their bounds of g_i^2 / C_i; a row's z(t) = (s_i -
  // t g_i) / C_i crosses bound B at t = (s_i - C_i B) / g_i, where its term enters or leaves.
  double k = terms.dd;
  events.clear();
  for (Eigen::Index i = 0; i < s.size(); ++i) {
    const double gi = g[i];
    if (gi == 0.0) continue;  // the row's term does not change along d
    const double z = s[i] / C[i];
    const double curvature = gi * gi / C[i];
    const auto crossing = [&](double bound) { return (s[i] - C[i] * bound) / gi; };
    const double first = gi > 0.0 ? u[i] : l[i];     // the bound z(t) comes from
    const double last = gi > 0.0 ? l[i] : u[i];      // the bound z(t) moves towards
    if (gi > 0.0 ? z <= l[i] : z >= u[i]) continue;  // at `last` already, and stays
    if (gi > 0.0 ? z > u[i] : z < l[i])
      events.push_back({crossing(first), curvature});
    else
      k += curvature;
    if (std::isfinite(last)) events.push_back({crossing(last), -curvature});
  }
  // phi' is continuous: walk it by its value at the breakpoints (no intercepts, which cancel).
  double slope = terms.slope;
  if (!(slope < 0.0)) return 0.0;
  std::sort(events.begin(), events.end(),
            [](const LineSearchEvent& x, const LineSearchEvent& y) { return x.t < y.t; });
  double t = 0.0;
  for (const LineSearchEvent& event : events) {
    const double next = slope + k * (event.t - t);
    if (next >= 0.0) break;  // the root lies before this breakpoint
    slope = next;
    t = event.t;
    k = std::max(k + event.dk, terms.dd);  // >= d^T d but for the sums' rounding
  }
  const double root = t - slope / k;
  return root > 0.0 && std::isfinite(root) ? root : 0.0;
}

}  // namespace mlcp::detail
