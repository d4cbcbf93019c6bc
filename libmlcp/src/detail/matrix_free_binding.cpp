#include "matrix_free_binding.hpp"

#include <fmt/format.h>

namespace mlcp::detail {

void setFactorData(MixedLCP& solver, const MatrixFreeProblem& factors) {
  solver.setRightSide(factors.b);
  solver.setLow(factors.lo);
  solver.setHigh(factors.hi);
  solver.setFrictionIndex(factors.findex);
  solver.setNumberUnbounded(factors.nub);
}

void setProblemData(MixedLCP& solver, const Problem& problem) {
  solver.setRightSide(problem.b);
  solver.setLow(problem.lo);
  solver.setHigh(problem.hi);
  solver.setFrictionIndex(problem.findex);
  solver.setNumberUnbounded(problem.nub);
  if (problem.x && problem.x->size() == problem.size())
    solver.setInitialGuess(*problem.x);
  else
    solver.clearInitialGuess();
}

bool checkFactors(const MatrixFreeOperator& matrixFree,
                  const std::string& factorError,
                  bool implicit,
                  std::string_view solverName,
                  const ProblemView& problem,
                  SolveReport& report) {
  if (!implicit) {
    report.status = Status::InvalidProblem;
    report.message = fmt::format(
        "{} needs the factors J, M^-1 and cfm of A: give them with setMatrixFree() or with a "
        "Problem whose matrixFree is set (mlcp::toProblem); setMatrix() and plain problems carry "
        "only the assembled A (use the dense solver for those)",
        solverName);
    return false;
  }
  if (!factorError.empty()) {
    report.status = Status::InvalidProblem;
    report.message = factorError;
    return false;
  }
  if (!matrixFree.bound() || matrixFree.size() != problem.size()) {
    report.status = Status::InvalidProblem;
    report.message = fmt::format("{}: the factors have {} rows but the problem has {}",
                                 solverName, matrixFree.size(), problem.size());
    return false;
  }
  return true;
}

}  // namespace mlcp::detail
