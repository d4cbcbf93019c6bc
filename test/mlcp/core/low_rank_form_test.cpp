// mlcp::findLowRankForm: A = G G^T + diag(C) from the factors, or from the entries of A by a
// pivoted Cholesky accepted only within 1e-12 max|A| (docs/bpp.md, "The low-rank form").

#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <memory>

namespace {

/// Box columns whose A has `cfm` on its diagonal (the world's CFM is cfm h, h = 0.01 s).
std::shared_ptr<const mlcp::Factors> stacks(double cfm) {
  return mlcp::test::sceneFactors("columns", {fmt::format("cfm={}", cfm * 0.01)}, 0.01);
}

double relativeError(const Eigen::MatrixXd& A, const mlcp::LowRankForm& form) {
  const Eigen::MatrixXd rebuilt =
      form.G * form.G.transpose() + Eigen::MatrixXd(form.C.asDiagonal());
  return (A - rebuilt).cwiseAbs().maxCoeff() / A.cwiseAbs().maxCoeff();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(LowRankForm)

BOOST_AUTO_TEST_CASE(factors_give_g_per_body_block_and_c_as_cfm) {
  const auto factors = stacks(1e-6);
  const auto form = mlcp::findLowRankForm(mlcp::Operator(factors));
  BOOST_REQUIRE(form.has_value());
  BOOST_TEST(form->source == mlcp::LowRankSource::Factors);
  BOOST_TEST(form->rank() == 6 * factors->bodyCount());  // every cube touches a row
  BOOST_TEST((form->C - factors->cfm).cwiseAbs().maxCoeff() == 0.0);
  BOOST_TEST(relativeError(factors->toDense().A.toDense(), *form) <= 1e-13);
}

BOOST_AUTO_TEST_CASE(cfm_free_dense_a_is_found_with_c_zero) {
  const Eigen::MatrixXd A = stacks(0.0)->toDense().A.toDense();
  const auto form = mlcp::findLowRankForm(A);
  BOOST_REQUIRE(form.has_value());
  BOOST_TEST(form->source == mlcp::LowRankSource::PivotedCholesky);
  BOOST_TEST(form->C.cwiseAbs().maxCoeff() == 0.0);
  BOOST_TEST(form->rank() <= 6 * stacks(0.0)->bodyCount());
  BOOST_TEST(form->relativeError <= 1e-12);
  BOOST_TEST(relativeError(A, *form) <= 1e-12);
  BOOST_TEST(form->describe().find("pivoted-cholesky") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(dart_relative_cfm_is_found_in_a_sparse_a) {
  // DART scales the diagonal by 1 + 1e-5 (dart/constraint/ContactConstraint.cpp, DART_CFM).
  Eigen::MatrixXd A = stacks(0.0)->toDense().A.toDense();
  A.diagonal() *= 1.0 + 1e-5;
  const auto form =
      mlcp::findLowRankForm(mlcp::Operator(Eigen::SparseMatrix<double>(A.sparseView())));
  BOOST_REQUIRE(form.has_value());
  BOOST_TEST(form->diagonal.find("DART") != std::string::npos);
  BOOST_TEST(form->C.minCoeff() > 0.0);
  BOOST_TEST(relativeError(A, *form) <= 1e-12);
}

BOOST_AUTO_TEST_CASE(full_rank_and_constant_cfm_have_no_form) {
  // A constant CFM (Bullet's) is none of the tried diagonals; a full-rank A has r = n.
  Eigen::MatrixXd A = stacks(0.0)->toDense().A.toDense();
  A.diagonal().array() += 1e-3;
  BOOST_TEST(!mlcp::findLowRankForm(A).has_value());
}

BOOST_AUTO_TEST_CASE(indefinite_remainder_with_zero_diagonal_is_rejected) {
  // The pivoted Cholesky stops at once (largest diagonal 0); the probes see A != 0.
  Eigen::Matrix2d A;
  A << 0, 1, 1, 0;
  BOOST_TEST(!mlcp::findLowRankForm(A).has_value());
}

BOOST_AUTO_TEST_CASE(non_symmetric_and_invalid_a_have_no_form) {
  Eigen::Matrix2d A;
  A << 1, 2, 0, 1;
  BOOST_TEST(!mlcp::findLowRankForm(A).has_value());
  A(0, 0) = std::numeric_limits<double>::quiet_NaN();
  BOOST_TEST(!mlcp::findLowRankForm(A).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
