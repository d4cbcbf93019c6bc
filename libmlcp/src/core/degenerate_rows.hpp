#pragma once

#include <mlcp/core/mixed_lcp.hpp>

#include <Eigen/Core>

namespace mlcp::detail {

/// 1 / A_ii per row (n), and 0 for a row whose own x_i does not move w_i: A_ii <= 1e-13 times
/// both the largest diagonal entry and the largest entry of the row itself (the second test
/// keeps a small A_ii of a row that is small as a whole: scaling rows changes nothing). The
/// iterative methods step such rows to their one-row answer (oneRowAnswer) instead.
/// Returns the first row with A_ii < 0 (or NaN), -1 when there is none (then `inverse` is
/// filled). The rows' largest entries are found (O(nonzeros), in rowMax, n) only when some A_ii
/// passes the first test. Allocates nothing once the problem's sparse form exists.
int inverseDiagonal(const ProblemView& problem, Eigen::VectorXd& inverse, Eigen::VectorXd& rowMax);

}  // namespace mlcp::detail
