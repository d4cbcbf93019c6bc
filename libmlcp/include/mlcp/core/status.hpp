#pragma once

#include <fmt/format.h>

#include <ostream>
#include <string_view>

namespace mlcp {

/// Outcome of MixedLCP::solve(). Algorithmic outcomes are a status, never an exception.
enum class Status {
  /// solve() has not run yet; x is empty.
  NotSolved,
  /// x satisfies the stopping test of the solver; for direct solvers (Dantzig) the spec residual
  /// is at most SolverOptions::relativeTolerance.
  Converged,
  /// The iteration, pivot or friction-round limit was reached; x holds the last iterate, finite
  /// and within its bounds, and the report's residual says how good it is.
  MaxIterations,
  /// The time limit of SolverOptions::maxSeconds was reached; x as for MaxIterations.
  TimeLimit,
  /// A pivot of the factorization vanished or became negative (A(C,C) singular or indefinite);
  /// x holds the last consistent iterate. Adding CFM to the diagonal of A usually cures it.
  SingularPivot,
  /// No finite step exists along the pivoting direction (the problem is infeasible or A is not
  /// copositive on it); x holds the last consistent iterate.
  Unbounded,
  /// The method terminated, but the spec residual of x exceeds the requested tolerance (for
  /// example a very ill-conditioned A); x is the method's answer, finite and within its bounds.
  Inaccurate,
  /// NaN or Inf appeared during the solve; x is reset to zero.
  NumericalFailure,
  /// The method cannot take this problem, which is valid: a non-symmetric or indefinite A for a
  /// method that needs a symmetric positive semi-definite one, boxes or friction rows for an
  /// LCP-only method, a dense copy of A too large for memory. The message names the reason;
  /// x is zero. Another solver may take the problem.
  Unsupported,
  /// The problem data failed validation (sizes, NaN, lo > hi, findex); the message names the
  /// offending field and row; x is zero.
  InvalidProblem,
};

/// Lower-case name of a status ("converged", "max-iterations", ...), as printed by the tools.
std::string_view toString(Status status);

/// Writes toString(status).
inline std::ostream& operator<<(std::ostream& out, Status status) {
  return out << toString(status);
}

/// True for the statuses that mean "x solves the problem to the requested tolerance".
inline bool succeeded(Status status) { return status == Status::Converged; }

}  // namespace mlcp

namespace fmt {

/// Lets fmt::format("{}", status) print toString(status), with the format specifications of a
/// string ("{:>14}" pads it).
template <>
struct formatter<mlcp::Status> : formatter<std::string_view> {
  /// Writes toString(status) into ctx's output; returns the output iterator past it.
  template <typename FormatContext>
  auto format(mlcp::Status status, FormatContext& ctx) const {
    return formatter<std::string_view>::format(mlcp::toString(status), ctx);
  }
};

}  // namespace fmt
