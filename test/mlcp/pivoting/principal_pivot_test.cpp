// PrincipalPivot (libmlcp/src/pivoting/principal_pivot.hpp): the transformed LCP holds the same
// relation u = M y + q with y_alpha and u_alpha exchanged; a singular M_aa is refused.

#include "pivoting/principal_pivot.hpp"

#include <boost/test/unit_test.hpp>

namespace md = mlcp::detail;

namespace {

constexpr int kSize = 7;

/// The exchanged set {0, 2, 3, 6}.
Eigen::VectorXi exchangedSet() {
  Eigen::VectorXi exchanged = Eigen::VectorXi::Zero(kSize);
  for (const int j : {0, 2, 3, 6}) exchanged[j] = 1;
  return exchanged;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(principal_pivot)

BOOST_AUTO_TEST_CASE(transformed_relation_is_the_original_with_roles_exchanged) {
  const Eigen::MatrixXd M =
      Eigen::MatrixXd::Random(kSize, kSize) + 4.0 * Eigen::MatrixXd::Identity(kSize, kSize);
  const Eigen::VectorXd q = Eigen::VectorXd::Random(kSize);
  const Eigen::VectorXi exchanged = exchangedSet();
  md::PrincipalPivot pivot;
  pivot.reserve(kSize + 3);
  BOOST_REQUIRE(pivot.build(M, q, exchanged));

  // Any y' (nonnegative: recover() clamps) with u' = M' y' + q': the original variables are
  // y_alpha = u'_alpha, u_alpha = y'_alpha, y_beta = y'_beta, u_beta = u'_beta (alpha first in
  // the transformed order).
  const Eigen::VectorXd yPrime = Eigen::VectorXd::Random(kSize).cwiseAbs();
  const Eigen::VectorXd uPrime = pivot.M() * yPrime + pivot.q();
  const int p = static_cast<int>(exchanged.sum());
  Eigen::VectorXd y(kSize), u(kSize);
  int a = 0, b = p;
  for (int j = 0; j < kSize; ++j) {
    if (exchanged[j] != 0) {
      y[j] = uPrime[a];
      u[j] = yPrime[a++];
    } else {
      y[j] = yPrime[b];
      u[j] = uPrime[b++];
    }
  }
  BOOST_TEST((M * y + q - u).cwiseAbs().maxCoeff() <= 1e-12);
}

BOOST_AUTO_TEST_CASE(singular_exchanged_block_is_refused) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(kSize, kSize);
  M(2, 2) = 0.0;  // in alpha
  md::PrincipalPivot pivot;
  pivot.reserve(kSize);
  BOOST_TEST(!pivot.build(M, Eigen::VectorXd::Ones(kSize), exchangedSet()));
}

BOOST_AUTO_TEST_SUITE_END()
