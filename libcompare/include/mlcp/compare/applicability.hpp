#pragma once

#include <mlcp/compare/problem_shape.hpp>
#include <mlcp/core/mixed_lcp.hpp>

#include <string>

namespace mlcp::compare {

/// Why a solver with `capabilities` cannot take a problem of `shape` ("friction rows", "boxes",
/// "non-symmetric A", ...; several joined by ", "), or "" when it can. Such a (problem, solver)
/// pair is "n/a" in `mlcp compare`: neither solved nor failed. The matrix-free need is not
/// judged here (compare does not run those solvers without J and M^-1).
std::string notApplicableReason(const Capabilities& capabilities, const ProblemShape& shape);

}  // namespace mlcp::compare
