#include "core/degenerate_rows.hpp"

#include <algorithm>
#include <cmath>

namespace mlcp::detail {

namespace {

/// A diagonal entry at most this fraction of the largest ones marks a row that cannot move.
constexpr double kDegenerateDiagonal = 1e-13;

}  // namespace

int inverseDiagonal(const ProblemView& problem, Eigen::VectorXd& inverse, Eigen::VectorXd& rowMax) {
  const Eigen::VectorXd& diagonal = problem.diagonalA();
  const int n = problem.size();
  double largest = 0.0;
  for (int i = 0; i < n; ++i) {
    if (!(diagonal[i] >= 0.0)) return i;
    largest = std::max(largest, diagonal[i]);
  }
  bool suspects = false;
  for (int i = 0; i < n; ++i) {
    const bool small = diagonal[i] <= kDegenerateDiagonal * largest;
    inverse[i] = small ? 0.0 : 1.0 / diagonal[i];
    suspects = suspects || (small && diagonal[i] > 0.0);
  }
  if (!suspects) return -1;
  // A small A_ii may belong to a small row: compare it with the row's own largest entry.
  rowMax.setZero();
  const Operator::SparseMatrix& A = problem.sparseA();
  for (Eigen::Index j = 0; j < A.outerSize(); ++j)
    for (Operator::SparseMatrix::InnerIterator it(A, j); it; ++it)
      rowMax[it.row()] = std::max(rowMax[it.row()], std::abs(it.value()));
  for (int i = 0; i < n; ++i)
    if (inverse[i] == 0.0 && diagonal[i] > kDegenerateDiagonal * rowMax[i])
      inverse[i] = 1.0 / diagonal[i];
  return -1;
}

}  // namespace mlcp::detail
