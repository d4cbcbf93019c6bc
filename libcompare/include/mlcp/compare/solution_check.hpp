#pragma once

#include <mlcp/core/problem.hpp>
#include <mlcp/core/residual.hpp>

#include <Eigen/Core>

#include <filesystem>
#include <string_view>
#include <vector>

namespace mlcp::compare {

/// Reads a candidate solution x (n): either a BLCP file with an `x` section (as `mlcp solve
/// --out` writes it) or a plain text file of n numbers (whitespace-separated, `#` comments).
/// @throws ParseError "FILE:LINE: message" for a missing x section, a wrong count, a bad token,
///         NaN or Inf
Eigen::VectorXd readSolution(const std::filesystem::path& path, int n);

/// `mlcp validate`'s verdict on a candidate x with residuals `r`: valid when its scaled and
/// relative residuals (the test `converged` stands for) and its largest bound violation are all at
/// most `tolerance` (false for NaN).
inline bool isValidSolution(const Residuals& r, double tolerance) {
  return r.scaled <= tolerance && r.relative <= tolerance && r.maxBoundViolation <= tolerance;
}

/// One row of a candidate x, as `mlcp validate` lists the worst ones.
struct RowViolation {
  int row = 0;  ///< the row index i
  /// "bound" (x outside its effective bounds), "friction" (a findex row inside its bounds with
  /// w of the wrong sign), "equality" (a free row with w != 0) or "complementarity" (another
  /// row: x strictly inside its bounds with w != 0, or at a bound with w of the wrong sign)
  std::string_view kind;
  double x = 0.0;         ///< x_i
  double w = 0.0;         ///< w_i = (A x - b)_i
  double lower = 0.0;     ///< effective lower bound l_i for this x
  double upper = 0.0;     ///< effective upper bound u_i for this x
  double residual = 0.0;  ///< |r_i| = |x_i - clamp(x_i - w_i, l_i, u_i)|
  /// The row's share of the scaled residual: |s_i| / X, s_i = x_i - clamp(x_i - w_i / d_i, l_i,
  /// u_i) (docs/conventions.md, "Residuals"); its largest value is Residuals::scaled.
  double scaled = 0.0;
};

/// The `count` rows with the largest scaled residual |s_i| / X > 0, largest first (w = A x - b):
/// the order does not change when the problem or single rows are scaled.
/// @pre x.size() == problem.size()
std::vector<RowViolation> worstRows(const Problem& problem, const Eigen::VectorXd& x, int count);

}  // namespace mlcp::compare
