// SymmetricRowScaling (libmlcp/src/linalg/symmetric_row_scaling.hpp): the sparse test of A's
// symmetry, one merge over the stored entries, agrees with the dense test in tiles on every
// pattern: pairs stored on both sides, entries stored on one side only (compared with 0), and
// the failing pair it names.

#include "linalg/symmetric_row_scaling.hpp"

#include "core/operator_forms.hpp"

#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/core/problem.hpp>

#include <Eigen/SparseCore>
#include <boost/test/unit_test.hpp>

#include <limits>
#include <vector>

namespace md = mlcp::detail;

namespace {

constexpr double kTolerance = 1e-9;

/// A symmetric n x n A with about a quarter of its pairs stored (fixed pseudo-random pattern)
/// and a dominant diagonal.
Eigen::MatrixXd symmetricMatrix(int n) {
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
  unsigned state = 12345u;
  for (int j = 0; j < n; ++j)
    for (int i = j + 1; i < n; ++i) {
      state = state * 1664525u + 1013904223u;
      if ((state >> 28) % 4 != 0) continue;
      A(i, j) = A(j, i) = static_cast<double>(state % 1000) / 1000.0 - 0.5;
    }
  A.diagonal().setConstant(static_cast<double>(n));
  return A;
}

/// The verdict of both tests on A (held sparse and dense), with the pair each names.
struct Verdicts {
  bool sparse = false;
  bool dense = false;
  int sparseRow = -1, sparseColumn = -1, denseRow = -1, denseColumn = -1;
};

Verdicts examine(const Eigen::MatrixXd& A) {
  const int n = static_cast<int>(A.rows());
  Verdicts v;
  for (const bool sparse : {true, false}) {
    mlcp::Problem problem;
    if (sparse)
      problem.A = mlcp::Operator(Eigen::SparseMatrix<double>(A.sparseView()));
    else
      problem.A = mlcp::Operator(A);
    problem.b = Eigen::VectorXd::Ones(n);
    problem.lo = Eigen::VectorXd::Zero(n);
    problem.hi = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::infinity());
    problem.findex = Eigen::VectorXi::Constant(n, -1);
    md::OperatorForms forms;
    forms.reset(problem.A, problem.findex);
    const mlcp::ProblemView view{problem.A,      problem.b,   problem.lo, problem.hi,
                                 problem.findex, problem.nub, forms};
    md::SymmetricRowScaling scaling;
    scaling.reserve(n);
    const bool symmetric = scaling.symmetric(view, kTolerance, sparse);
    (sparse ? v.sparse : v.dense) = symmetric;
    (sparse ? v.sparseRow : v.denseRow) = scaling.asymmetricRow();
    (sparse ? v.sparseColumn : v.denseColumn) = scaling.asymmetricColumn();
  }
  return v;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(SymmetricRowScaling)

BOOST_AUTO_TEST_CASE(a_symmetric_sparse_matrix_passes) {
  for (const int n : {1, 2, 7, 40}) {
    const Verdicts v = examine(symmetricMatrix(n));
    BOOST_TEST_INFO("n = " << n);
    BOOST_TEST(v.sparse);
    BOOST_TEST(v.dense);
  }
}

BOOST_AUTO_TEST_CASE(one_changed_entry_fails_and_is_named) {
  const Eigen::MatrixXd base = symmetricMatrix(40);
  // Each kind of pair: both stored and different (the first three), stored above the diagonal
  // only (an entry the lower side lacks), stored below only, and each at the first and the last
  // column.
  const std::vector<std::pair<int, int>> cells = {{5, 3},  {39, 0}, {39, 38}, {2, 30},
                                                  {30, 2}, {0, 39}, {39, 1}};
  for (const auto& [i, j] : cells) {
    Eigen::MatrixXd A = base;
    if (A(i, j) != 0.0 && A(j, i) != 0.0) {
      A(i, j) += 1e-3;
    } else {
      A(i, j) = 0.25;
      A(j, i) = 0.0;
    }
    const Verdicts v = examine(A);
    BOOST_TEST_INFO("entry (" << i << ", " << j << ")");
    BOOST_TEST(!v.sparse);
    BOOST_TEST(!v.dense);
    BOOST_TEST(v.sparseRow == std::max(i, j));
    BOOST_TEST(v.sparseColumn == std::min(i, j));
    BOOST_TEST(v.denseRow == v.sparseRow);
    BOOST_TEST(v.denseColumn == v.sparseColumn);
  }
}

BOOST_AUTO_TEST_CASE(a_one_sided_entry_within_the_tolerance_passes) {
  Eigen::MatrixXd A = symmetricMatrix(40);
  A(20, 10) = 0.0;
  A(10, 20) = 1e-12;  // |A_ij - A_ji| <= 1e-9 sqrt(d_i d_j), d = A_ii = 40
  const Verdicts v = examine(A);
  BOOST_TEST(v.sparse);
  BOOST_TEST(v.dense);
}

BOOST_AUTO_TEST_SUITE_END()
