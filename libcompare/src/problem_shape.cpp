#include <mlcp/compare/problem_shape.hpp>
#include <mlcp/core/low_rank_form.hpp>
#include <mlcp/pivoting/dantzig_solver.hpp>

#include <cmath>

namespace mlcp::compare {

double relativeAsymmetry(const Operator::SparseMatrix& A) {
  if (A.nonZeros() == 0) return 0.0;
  const double largest = A.coeffs().cwiseAbs().maxCoeff();
  const Operator::SparseMatrix difference = A - Operator::SparseMatrix(A.transpose());
  return largest > 0.0 && difference.nonZeros() > 0
             ? difference.coeffs().cwiseAbs().maxCoeff() / largest
             : 0.0;
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
  shape.symmetric = relativeAsymmetry(problem.A.toSparse()) <= DantzigOptions().symmetryTolerance;
  shape.lowRank = shape.symmetric && findLowRankForm(problem.A).has_value();
  return shape;
}

}  // namespace mlcp::compare
