#pragma once

#include <mlcp/core/operator.hpp>
#include <mlcp/core/problem.hpp>

#include <Eigen/Core>

#include <string>
#include <string_view>

namespace mlcp {

/// The validation rule of every problem, in one place: MixedLCP::solve() applies it before any
/// method runs (Status::InvalidProblem with this message), the Python package when a problem is
/// made (ValueError with this message). '' when A, b, lo, hi, findex and nub form a boxed LCP
/// with friction index; otherwise one message naming the field and row of the first violation:
/// A not square or not finite (Operator::check()); b, lo, hi or findex not of n entries; nub
/// outside 0 .. n; b_i not finite; findex_i outside -1 .. n-1, equal to i, or pointing at a
/// friction row; hi_i (mu) not finite on a friction row; a friction row among the nub; lo_i or
/// hi_i NaN, lo_i > hi_i, an empty box [+inf, +inf] or [-inf, -inf]; finite bounds on a nub row.
/// @param[in] A (n x n) in any form
/// @param[in] b (n) right side
/// @param[in] lo (n) lower bounds
/// @param[in] hi (n) upper bounds (mu on friction rows)
/// @param[in] findex (n) -1, or the normal row of a friction row
/// @param[in] nub number of leading unbounded rows
std::string problemError(const Operator& A,
                         const Eigen::VectorXd& b,
                         const Eigen::VectorXd& lo,
                         const Eigen::VectorXd& hi,
                         const Eigen::VectorXi& findex,
                         int nub);

/// problemError() without A's own check (Operator::check()): the rules on b, lo, hi, findex and
/// nub for an A of n rows. MixedLCP::solve() checks A once per matrix and these on every solve.
/// @param[in] n rows of A
/// @param[in] b, lo, hi, findex, nub as in problemError()
std::string dataError(int n,
                      const Eigen::VectorXd& b,
                      const Eigen::VectorXd& lo,
                      const Eigen::VectorXd& hi,
                      const Eigen::VectorXi& findex,
                      int nub);

/// '' when x0 can start a solve of n rows (n entries, all finite); otherwise a message naming
/// `name` and the offending entry ("x0 has 3 entries but A is 4 x 4", "x0[2] = nan is not
/// finite"). MixedLCP::solve() applies it to the initial guess, the Python package to x0.
/// @param[in] x0 the candidate start (any size)
/// @param[in] n rows of A
/// @param[in] name what the caller calls x0, for the message
std::string initialGuessError(const Eigen::VectorXd& x0, int n, std::string_view name);

/// problemError() of the problem's fields, then initialGuessError() of its x (named "x") when it
/// has one: '' when a solver can take the problem as it is, with its x as the start.
/// @param[in] problem the problem to check
std::string problemError(const Problem& problem);

}  // namespace mlcp
