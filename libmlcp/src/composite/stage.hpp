#pragma once

#include <mlcp/core/mixed_lcp.hpp>

namespace mlcp::detail {

/// Hands a composite solver's problem to one of its inner solvers (a stage): A only when
/// `newMatrix` (a stage keeps its A, and what it derived from it, until A changes), then b, lo,
/// hi, findex and nub. Used by PolishSolver (SolverChain hands its stages the view itself:
/// MixedLCP::solveView()).
void stageProblem(const ProblemView& problem, bool newMatrix, MixedLCP& stage);

/// True for the statuses that carry an answer from a search (not Unsupported, InvalidProblem,
/// NumericalFailure or NotSolved): what a composite solver may return from a stage.
bool isAnswer(Status status);

/// True for the answers a later stage starts from: not a pivoting method's end on a ray or a
/// singular pivot (Unbounded, SingularPivot), where x is where the pivoting stopped, not an
/// approximation (docs/solver-selection.md, "`fallback`").
bool isStart(Status status);

}  // namespace mlcp::detail
