// EnvelopeCholesky (libmlcp/src/linalg/envelope_cholesky.hpp): the factor of a banded or
// variable-band SPD matrix equals Eigen's LLT, its work is the envelope's, the entries left of
// the envelope stay zero, its solves equal the dense ones, and a matrix that is not positive
// definite is reported.

#include "linalg/envelope_cholesky.hpp"

#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>

#include <algorithm>

namespace md = mlcp::detail;

namespace {

/// An SPD matrix (n x n) whose row i starts at column max(0, i - band_i), band_i cycling
/// through 0..maxBand, plus some rows with no entry left of the diagonal (block starts).
Eigen::MatrixXd variableBand(int n, int maxBand) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i) {
    const int band = i % 7 == 0 ? 0 : i % (maxBand + 1);
    for (int j = std::max(0, i - band); j < i; ++j)
      M(i, j) = M(j, i) = std::sin(1.0 + i * 0.37 + j * 0.91);
  }
  M.diagonal().array() += 2.0 * maxBand + 1.0;  // diagonally dominant
  return M;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(EnvelopeCholeskyTests)

BOOST_AUTO_TEST_CASE(factor_equals_the_dense_llt_within_the_envelope) {
  for (const int maxBand : {1, 3, 8}) {
    const int n = 60;
    const Eigen::MatrixXd M = variableBand(n, maxBand);
    md::EnvelopeCholesky envelope;
    envelope.reserve(n);
    Eigen::MatrixXd L = M;
    const double work = envelope.analyse(L);
    double expected = 0.0;
    for (int i = 0; i < n; ++i) {
      int first = 0;
      while (first < i && M(i, first) == 0.0) ++first;
      expected += 0.5 * (i - first) * (i - first);
    }
    BOOST_TEST(work == expected);
    BOOST_TEST(work < n * n * n / 12.0);
    BOOST_TEST_REQUIRE(envelope.factor(L));
    const Eigen::MatrixXd reference = M.llt().matrixL();
    const Eigen::MatrixXd lower = L.triangularView<Eigen::Lower>();
    BOOST_TEST_INFO("band " << maxBand);
    BOOST_TEST((lower - reference).cwiseAbs().maxCoeff() <= 1e-12);
    // no fill left of the envelope; the strict upper triangle is M's
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < i; ++j)
        if (M.row(i).head(j + 1).isZero(0.0)) BOOST_TEST(L(i, j) == 0.0);
    const bool upperKept = L.triangularView<Eigen::StrictlyUpper>().toDenseMatrix() ==
                           M.triangularView<Eigen::StrictlyUpper>().toDenseMatrix();
    BOOST_TEST(upperKept);
  }
}

BOOST_AUTO_TEST_CASE(solve_within_the_envelope_equals_the_dense_solve) {
  for (const int maxBand : {0, 1, 3, 8}) {
    const int n = 60;
    const Eigen::MatrixXd M = variableBand(n, maxBand);
    md::EnvelopeCholesky envelope;
    envelope.reserve(n);
    Eigen::MatrixXd L = M;
    envelope.analyse(L);
    BOOST_TEST_REQUIRE(envelope.factor(L));
    const Eigen::VectorXd b = Eigen::VectorXd::LinSpaced(n, -3.0, 5.0);
    Eigen::VectorXd x = b;
    envelope.solveInPlace(L, x);
    BOOST_TEST_INFO("band " << maxBand);
    BOOST_TEST((x - M.llt().solve(b)).lpNorm<Eigen::Infinity>() <=
               1e-12 * b.lpNorm<Eigen::Infinity>());
    BOOST_TEST((M * x - b).lpNorm<Eigen::Infinity>() <= 1e-12 * b.lpNorm<Eigen::Infinity>());
  }
}

BOOST_AUTO_TEST_CASE(a_full_matrix_takes_the_dense_work) {
  const int n = 12;
  Eigen::MatrixXd M = Eigen::MatrixXd::Random(n, n);
  M = M * M.transpose() + n * Eigen::MatrixXd::Identity(n, n);
  md::EnvelopeCholesky envelope;
  envelope.reserve(n);
  Eigen::MatrixXd L = M;
  BOOST_TEST(envelope.analyse(L) == 0.5 * (n - 1) * n * (2 * n - 1) / 6.0);
  BOOST_TEST_REQUIRE(envelope.factor(L));
  const Eigen::MatrixXd reference = M.llt().matrixL();
  BOOST_TEST((L.triangularView<Eigen::Lower>().toDenseMatrix() - reference).cwiseAbs().maxCoeff() <=
             1e-12);
}

BOOST_AUTO_TEST_CASE(a_matrix_that_is_not_positive_definite_is_reported) {
  Eigen::MatrixXd M = variableBand(20, 3);
  M(10, 10) = -1.0;
  md::EnvelopeCholesky envelope;
  envelope.reserve(20);
  envelope.analyse(M);
  BOOST_TEST(!envelope.factor(M));
  Eigen::MatrixXd singular = Eigen::MatrixXd::Zero(4, 4);  // a zero pivot
  envelope.analyse(singular);
  BOOST_TEST(!envelope.factor(singular));
}

BOOST_AUTO_TEST_SUITE_END()
