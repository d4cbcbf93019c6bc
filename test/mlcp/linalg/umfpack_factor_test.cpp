// UmfpackFactor (libmlcp/src/linalg/umfpack_factor.hpp): UMFPACK's LU of a sparse unsymmetric
// matrix solves as a dense LU does, refactors new values of the same pattern, and reports a
// singular matrix instead of solving with it.

#include "linalg/umfpack_factor.hpp"

#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>

#include <cmath>

namespace md = mlcp::detail;

namespace {

constexpr int kOrder = 30;

/// A banded unsymmetric pattern (|i - j| <= 2, plus row 0 in every column) with values from
/// `seed` and a diagonal of `diagonal` (0: a zero column 7, singular).
md::SparsePattern banded(double seed, double diagonal) {
  md::SparsePattern K;
  K.n = kOrder;
  K.columnStart.push_back(0);
  for (int j = 0; j < kOrder; ++j) {
    for (int i = 0; i < kOrder; ++i) {
      if (i != 0 && std::abs(i - j) > 2) continue;
      K.rowIndex.push_back(i);
      const double off = std::sin(seed * (1 + i) + 0.37 * j);
      K.values.push_back(j == 7 && diagonal == 0.0 ? 0.0 : (i == j ? diagonal : off));
    }
    K.columnStart.push_back(K.nonZeros());
  }
  return K;
}

Eigen::MatrixXd dense(const md::SparsePattern& K) {
  Eigen::MatrixXd D = Eigen::MatrixXd::Zero(K.n, K.n);
  for (int j = 0; j < K.n; ++j)
    for (int p = K.columnStart[static_cast<size_t>(j)];
         p < K.columnStart[static_cast<size_t>(j) + 1]; ++p)
      D(K.rowIndex[static_cast<size_t>(p)], j) = K.values[static_cast<size_t>(p)];
  return D;
}

/// max |x - K^-1 rhs| / max |K^-1 rhs| with a dense LU as the reference.
double solveError(md::UmfpackFactor& lu, const md::SparsePattern& K) {
  const Eigen::VectorXd rhs = Eigen::VectorXd::LinSpaced(K.n, -1.0, 2.0);
  Eigen::VectorXd x(K.n);
  lu.solve(rhs.data(), x.data());
  const Eigen::VectorXd reference = dense(K).partialPivLu().solve(rhs);
  return (x - reference).lpNorm<Eigen::Infinity>() / reference.lpNorm<Eigen::Infinity>();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(UmfpackFactorTest)

BOOST_AUTO_TEST_CASE(solves_as_a_dense_lu_and_refactors_new_values) {
  md::SparsePattern K = banded(0.7, 4.0);
  md::UmfpackFactor lu;
  lu.analyse(K);
  BOOST_REQUIRE(lu.factorize(K));
  BOOST_TEST(solveError(lu, K) < 1e-13);
  const md::SparsePattern next = banded(1.9, 3.0);  // the same pattern, other values
  K.values = next.values;
  BOOST_REQUIRE(lu.factorize(K));
  BOOST_TEST(solveError(lu, K) < 1e-13);
}

BOOST_AUTO_TEST_CASE(a_singular_matrix_is_reported) {
  md::SparsePattern K = banded(0.7, 0.0);  // column 7 zero
  md::UmfpackFactor lu;
  lu.analyse(K);
  BOOST_TEST(!lu.factorize(K));
}

BOOST_AUTO_TEST_SUITE_END()
