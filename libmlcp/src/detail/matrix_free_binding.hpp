#pragma once

#include <string>
#include <string_view>

#include <mlcp/matrix_free_problem.hpp>
#include <mlcp/mixed_lcp.hpp>

#include "matrix_free_operator.hpp"

namespace mlcp::detail {

/// The plumbing the matrix-free solvers share (MatrixFreePgsSolver, MatrixFreeApgdSolver).

/// Passes b, lo, hi, findex and nub of the factors to the solver's setters.
void setFactorData(MixedLCP& solver, const MatrixFreeProblem& factors);

/// Passes b, lo, hi, findex, nub and the initial guess of a Problem to the solver's setters.
void setProblemData(MixedLCP& solver, const Problem& problem);

/// True when the operator holds valid factors for the problem being solved; otherwise sets
/// report to InvalidProblem with a message naming what is missing or wrong.
/// @param[in] factorError the message of the last MatrixFreeOperator::bind() (empty when good)
/// @param[in] implicit MixedLCP::hasImplicitMatrix(): false after setMatrix(A)
bool checkFactors(const MatrixFreeOperator& matrixFree,
                  const std::string& factorError,
                  bool implicit,
                  std::string_view solverName,
                  const ProblemView& problem,
                  SolveReport& report);

}  // namespace mlcp::detail
