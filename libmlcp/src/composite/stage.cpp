#include "composite/stage.hpp"

namespace mlcp::detail {

void stageProblem(const ProblemView& problem, bool newMatrix, MixedLCP& stage) {
  if (newMatrix) stage.setMatrix(problem.A);
  stage.setRightSide(problem.b);
  stage.setLow(problem.lo);
  stage.setHigh(problem.hi);
  stage.setFrictionIndex(problem.findex);
  stage.setNumberUnbounded(problem.nub);
}

bool isAnswer(Status status) {
  return status != Status::Unsupported && status != Status::InvalidProblem &&
         status != Status::NumericalFailure && status != Status::NotSolved;
}

bool isStart(Status status) {
  return isAnswer(status) && status != Status::Unbounded && status != Status::SingularPivot;
}

}  // namespace mlcp::detail
