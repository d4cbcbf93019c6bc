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

}  // namespace mlcp::detail
