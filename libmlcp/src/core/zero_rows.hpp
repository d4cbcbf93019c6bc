#pragma once

#include "core/infinity.hpp"
#include "core/iteration_monitor.hpp"

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/report.hpp>

namespace mlcp::detail {

/// The first row whose condition no finite x meets: a zero row of A (so w_i = -b_i whatever x)
/// with findex_i < 0 whose w_i pushes x_i toward an infinite bound (w_i < 0 needs x_i = hi_i =
/// inf, w_i > 0 needs x_i = lo_i = -inf); -1 when there is none. A zero row whose bound on that
/// side is finite is a singular-degenerate row with a unique answer (oneRowAnswer()); friction
/// rows have finite bounds. O(n) with the row scales the problem has derived (a zero row of A
/// has rowScalesA()_i = 0); allocates nothing.
inline int rowWithoutFiniteAnswer(const ProblemView& problem) {
  const Eigen::VectorXd& scales = problem.rowScalesA();
  const int n = problem.size();
  for (int i = 0; i < n; ++i) {
    if (scales[i] != 0.0 || problem.findex[i] >= 0) continue;
    const double w = -problem.b[i];
    if ((w < 0.0 && problem.hi[i] == kInf) || (w > 0.0 && problem.lo[i] == -kInf)) return i;
  }
  return -1;
}

/// Reports `row` (from rowWithoutFiniteAnswer()) as Status::Unbounded, naming the row, its w
/// and the bound it would need. Allocates nothing.
inline void reportRowWithoutFiniteAnswer(const ProblemView& problem, int row, SolveReport& report) {
  const double w = -problem.b[row];
  report.status = Status::Unbounded;
  setMessage(
      report,
      FMT_COMPILE("row {0} of A is zero, so w_{0} = -b_{0} = {1:.6g} whatever x, and only x_{0} = "
                  "{2} (its {3} bound) would meet it: the problem has no finite solution (check "
                  "b_{0} and the bounds of row {0})"),
      row, w, w < 0.0 ? "+inf" : "-inf", w < 0.0 ? "upper" : "lower");
}

}  // namespace mlcp::detail
