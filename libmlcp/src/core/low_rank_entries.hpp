#pragma once

#include <mlcp/core/low_rank_form.hpp>
#include <mlcp/core/operator.hpp>

#include <optional>

namespace mlcp::detail {

/// The largest r accepted for n rows: min(maxRank, maxRankFraction n).
int rankLimit(int n, const LowRankLimits& limits);

/// The low-rank form A = G G^T + diag(C) found in the entries of a dense or sparse A
/// (mlcp::findLowRankForm(), whose comment gives the method; docs/bpp.md, "The low-rank form"):
/// a candidate C from groups of rows on the same bodies or from the pivots of a pivoted Cholesky
/// of A, accepted through a pivoted Cholesky of A - diag(C) and two probes. Nothing for a
/// factor-form A or one of more than limits.maxDenseRows rows. Never throws but std::bad_alloc.
/// @param zeroDiagonalRounding whether G of a form with C = 0 is factored again in the baseline
///   arithmetic (bpp's pivoting on a singular A follows G's rounding: docs/bpp.md, "Kernels");
///   false where only r and C are read (auto's structure probe).
std::optional<LowRankForm> lowRankFormFromEntries(const Operator& A,
                                                  const LowRankLimits& limits,
                                                  bool zeroDiagonalRounding = true);

}  // namespace mlcp::detail
