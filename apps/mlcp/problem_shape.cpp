#include "problem_shape.hpp"

#include <mlcp/dantzig_solver.hpp>

#include <cmath>

namespace mlcp::app {

double relativeAsymmetry(const Eigen::MatrixXd& A) {
  if (A.size() == 0) return 0.0;
  const double largest = A.cwiseAbs().maxCoeff();
  return largest > 0.0 ? (A - A.transpose()).cwiseAbs().maxCoeff() / largest : 0.0;
}

ProblemShape shapeOf(const Problem& problem) {
  ProblemShape shape;
  shape.n = problem.size();
  shape.nub = problem.nub;
  shape.frictionRows = problem.frictionRows();
  for (int i = problem.nub; i < shape.n; ++i) {
    const bool standard = problem.lo[i] == 0.0 && std::isinf(problem.hi[i]) && problem.hi[i] > 0;
    if (problem.findex[i] < 0 && !standard) ++shape.boxRows;
  }
  shape.symmetric = relativeAsymmetry(problem.A) <= DantzigOptions().symmetryTolerance;
  return shape;
}

}  // namespace mlcp::app
