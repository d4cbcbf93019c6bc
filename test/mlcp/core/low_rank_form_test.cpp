// mlcp::findLowRankForm: A = G G^T + diag(C) from the factors, or from the entries of A by a
// pivoted Cholesky accepted only within 1e-12 max|A| (docs/bpp.md, "The low-rank form").

#include "test_data.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <cstdlib>
#include <memory>

namespace {

/// Box columns whose A has `cfm` on its diagonal (the world's CFM is cfm h, h = 0.01 s).
std::shared_ptr<const mlcp::Factors> stacks(double cfm) {
  return mlcp::test::sceneFactors("columns", {fmt::format("cfm={}", cfm * 0.01)}, 0.01);
}

/// An m x k matrix of fixed pseudo-random entries in [-1, 1].
Eigen::MatrixXd pseudoRandomMatrix(int m, int k, unsigned seed) {
  std::srand(seed);
  return Eigen::MatrixXd::Random(m, k);
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

BOOST_AUTO_TEST_CASE(full_rank_a_has_no_form) {
  // r = n is above the limit (0.85 n), whatever the diagonal.
  const Eigen::MatrixXd G = pseudoRandomMatrix(40, 40, 7);
  Eigen::MatrixXd A = G * G.transpose();
  A.diagonal().array() += 1e-3;
  BOOST_TEST(!mlcp::findLowRankForm(A).has_value());
}

BOOST_AUTO_TEST_CASE(constant_cfm_is_found_with_its_rank_and_value) {
  // A = G G^T + c I with G 60 x 20 known: c is the smallest eigenvalue of A (multiplicity 40).
  const Eigen::MatrixXd G = pseudoRandomMatrix(60, 20, 11);
  const double c = 6e-4;
  Eigen::MatrixXd A = G * G.transpose();
  A.diagonal().array() += c;
  const auto form = mlcp::findLowRankForm(A);
  BOOST_REQUIRE(form.has_value());
  BOOST_TEST(form->rank() == 20);
  BOOST_TEST(form->C.size() == 60);
  BOOST_TEST((form->C.array() - c).abs().maxCoeff() <= 1e-12 * A.cwiseAbs().maxCoeff());
  BOOST_TEST(form->diagonal.find("constant CFM") != std::string::npos);
  BOOST_TEST(relativeError(A, *form) <= 1e-12);
}

BOOST_AUTO_TEST_CASE(dart_relative_cfm_is_found_in_a_dense_a_without_row_groups) {
  // Every row has the same pattern (G dense): the diagonal comes from the pivots of A itself.
  const Eigen::MatrixXd G = pseudoRandomMatrix(60, 20, 13);
  Eigen::MatrixXd A = G * G.transpose();
  A.diagonal() *= 1.0 + 1e-5;
  const auto form = mlcp::findLowRankForm(A);
  BOOST_REQUIRE(form.has_value());
  BOOST_TEST(form->rank() == 20);
  BOOST_TEST(form->diagonal.find("DART") != std::string::npos);
  BOOST_TEST(relativeError(A, *form) <= 1e-12);
}

BOOST_AUTO_TEST_CASE(constant_cfm_of_the_box_columns_is_found) {
  Eigen::MatrixXd A = stacks(0.0)->toDense().A.toDense();
  A.diagonal().array() += 1e-3;
  const auto form =
      mlcp::findLowRankForm(mlcp::Operator(Eigen::SparseMatrix<double>(A.sparseView())));
  BOOST_REQUIRE(form.has_value());
  BOOST_TEST(form->rank() <= 6 * stacks(0.0)->bodyCount());
  BOOST_TEST((form->C.array() - 1e-3).abs().maxCoeff() <= 1e-12 * A.cwiseAbs().maxCoeff());
  BOOST_TEST(relativeError(A, *form) <= 1e-12);
}

BOOST_AUTO_TEST_CASE(constant_cfm_with_one_diagonal_lowered_is_rejected) {
  // A_jj lowered by 1e-6 relative (about 1e-6 max|A|, far above 1e-12): A - c I is indefinite
  // and A - c' I (c' = lambda_min(A) < c) has full rank, so no constant, DART or zero diagonal
  // fits.
  const Eigen::MatrixXd G = pseudoRandomMatrix(60, 20, 11);
  Eigen::MatrixXd A = G * G.transpose();
  A.diagonal().array() += 6e-4;
  A(17, 17) *= 1.0 - 1e-6;
  BOOST_TEST(!mlcp::findLowRankForm(A).has_value());
}

BOOST_AUTO_TEST_CASE(constant_cfm_with_one_diagonal_raised_has_one_more_column) {
  // A_jj raised by delta: A - c I = G G^T + delta e_j e_j^T, a form of rank 21 with the same c.
  const Eigen::MatrixXd G = pseudoRandomMatrix(60, 20, 11);
  Eigen::MatrixXd A = G * G.transpose();
  A.diagonal().array() += 6e-4;
  A(17, 17) *= 1.0 + 1e-6;
  const auto form = mlcp::findLowRankForm(A);
  BOOST_REQUIRE(form.has_value());
  BOOST_TEST(form->rank() == 21);
  BOOST_TEST((form->C.array() - 6e-4).abs().maxCoeff() <= 1e-12 * A.cwiseAbs().maxCoeff());
  BOOST_TEST(relativeError(A, *form) <= 1e-12);
}

BOOST_AUTO_TEST_CASE(bullet_constant_cfm_capture_is_found,
                     *boost::unit_test::precondition(mlcp::test::SharedData())) {
  const mlcp::Problem problem =
      mlcp::readProblem(*mlcp::test::sharedDataDir() / "captured/bullet/stack_cfm_step30.blcp");
  const auto form = mlcp::findLowRankForm(problem.A);
  BOOST_REQUIRE(form.has_value());
  BOOST_TEST(form->rank() == 60);  // 10 boxes of 6 velocities against n = 120 rows
  BOOST_TEST(form->describe().find("C = Bullet's constant CFM: C_i = 0.0006") != std::string::npos,
             form->describe());
  BOOST_TEST(form->C.minCoeff() == form->C.maxCoeff());
  BOOST_TEST(form->relativeError <= 1e-12);
  BOOST_TEST(relativeError(problem.A.toDense(), *form) <= 1e-12);
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

BOOST_AUTO_TEST_CASE(one_asymmetric_pair_past_the_first_tiles_has_no_form) {
  // n = 70 spans three tiles of the symmetry check; the pair (65, 40) lies in neither the first
  // tile row nor the first tile column.
  const Eigen::MatrixXd G = pseudoRandomMatrix(70, 10, 7);
  Eigen::MatrixXd A = G * G.transpose();
  A.diagonal().array() += 0.5;
  BOOST_TEST_REQUIRE(mlcp::findLowRankForm(A).has_value());
  A(65, 40) += 1e-9 * A.cwiseAbs().maxCoeff();
  BOOST_TEST(!mlcp::findLowRankForm(A).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
