#pragma once

#include <mlcp/core/problem.hpp>

namespace mlcp::compare {

/// The structure of a problem that decides which solvers can take it (mlcp::Capabilities), as
/// opposed to the numbers that decide whether they succeed.
struct ProblemShape {
  int n = 0;             ///< rows
  int nub = 0;           ///< leading unbounded rows
  int frictionRows = 0;  ///< rows with findex >= 0
  /// Rows after the nub, not friction rows, whose bounds are not lo = 0, hi = +inf (boxes,
  /// one-sided or free rows): what a standard LCP cannot express.
  int boxRows = 0;
  /// max |A - A^T| <= DantzigOptions::symmetryTolerance * max |A| (Dantzig's own test).
  bool symmetric = true;
  /// A has a low-rank form G G^T + diag(C) (mlcp::findLowRankForm, default limits).
  bool lowRank = false;
};

/// The shape of `problem` (O(nonzeros of A) for the symmetry test; the low-rank search O(n r^2)
/// per candidate diagonal, for symmetric A of at most LowRankLimits::maxDenseRows rows or
/// factors).
ProblemShape shapeOf(const Problem& problem);

/// max |A - A^T| / max |A| (dimensionless; 0 for a symmetric or zero A), over the stored entries.
double relativeAsymmetry(const Operator::SparseMatrix& A);

}  // namespace mlcp::compare
