// The dense kernels picked at run time (libmlcp/src/linalg/dense_kernels.hpp; issue 12, "dense
// kernels use the CPU they run on"): each agrees with the plain loops it replaces, on sizes
// around the vector widths, and the build chosen is the one the processor and the environment
// call for. CTest runs this twice: as the processor decides, and with MLCP_DENSE_KERNELS=baseline.

#include "linalg/dense_kernels.hpp"

#include <Eigen/Core>
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <cstring>
#include <string>

namespace md = mlcp::detail;

namespace {

constexpr int kSizes[] = {0, 1, 3, 4, 7, 17, 64, 130};

double relativeError(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  if (a.size() == 0) return 0.0;
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

/// A unit upper triangular U (n x n, its strictly upper part) inside a larger column-major array
/// (leading dimension n + 3), well conditioned; the diagonal and below are never read.
Eigen::MatrixXd upperWithPadding(int n) {
  Eigen::MatrixXd storage = Eigen::MatrixXd::Random(n + 3, n) * (0.5 / std::max(1, n));
  return storage;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(DenseKernels)

BOOST_AUTO_TEST_CASE(the_build_follows_the_processor_and_the_environment) {
  const std::string target(md::denseKernelTarget());
  const char* forced = std::getenv("MLCP_DENSE_KERNELS");
  BOOST_TEST_MESSAGE("dense kernels: " << target);
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  const bool baseline = forced != nullptr && std::strcmp(forced, "baseline") == 0;
  BOOST_TEST(target == (avx2 && !baseline ? "avx2+fma" : "baseline"));
#else
  BOOST_TEST(target == "baseline");
#endif
}

BOOST_AUTO_TEST_CASE(axpy_and_multiply_agree_with_loops) {
  for (const int n : kSizes) {
    const Eigen::MatrixXd A = Eigen::MatrixXd::Random(n + 2, n);  // leading dimension n + 2
    const Eigen::VectorXd x = Eigen::VectorXd::Random(n);
    Eigen::VectorXd y = Eigen::VectorXd::Random(n);
    Eigen::VectorXd expected = y;
    for (int k = 0; k < n; ++k) expected[k] += 0.7 * x[k];
    md::axpy(n, 0.7, x.data(), y.data());
    BOOST_TEST(relativeError(y, expected) <= 1e-15);

    Eigen::VectorXd product(n);
    md::multiply(n, n, A.data(), n + 2, x.data(), product.data());
    Eigen::VectorXd loops = Eigen::VectorXd::Zero(n);
    for (int c = 0; c < n; ++c)
      for (int r = 0; r < n; ++r) loops[r] += A(r, c) * x[c];
    BOOST_TEST_INFO("n = " << n);
    BOOST_TEST(relativeError(product, loops) <= 1e-13);
  }
}

BOOST_AUTO_TEST_CASE(transposed_products_agree_with_loops) {
  for (const int n : kSizes) {
    const int rows = n;
    const int cols = n / 2 + 1;
    const Eigen::MatrixXd A = Eigen::MatrixXd::Random(rows + 2, cols);  // leading dimension + 2
    const Eigen::VectorXd x = Eigen::VectorXd::Random(rows);
    Eigen::VectorXd product(cols);
    md::multiplyTransposed(rows, cols, A.data(), rows + 2, x.data(), product.data());
    Eigen::VectorXd loops = Eigen::VectorXd::Zero(cols);
    for (int c = 0; c < cols; ++c)
      for (int r = 0; r < rows; ++r) loops[c] += A(r, c) * x[r];
    BOOST_TEST_INFO("n = " << n);
    BOOST_TEST(relativeError(product, loops) <= 1e-13);

    // C += A B^T with C (m x m), A and B (m x k), each with its own leading dimension.
    const int m = cols;
    const int k = n;
    const Eigen::MatrixXd left = Eigen::MatrixXd::Random(m + 1, k);
    const Eigen::MatrixXd right = Eigen::MatrixXd::Random(m + 3, k);
    Eigen::MatrixXd C = Eigen::MatrixXd::Random(m + 2, m);
    Eigen::MatrixXd expected = C;
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < m; ++i)
        for (int q = 0; q < k; ++q) expected(i, j) += left(i, q) * right(j, q);
    md::addProductTransposed(m, m, k, left.data(), m + 1, right.data(), m + 3, C.data(), m + 2);
    BOOST_TEST((C - expected).cwiseAbs().maxCoeff() <= 1e-13 * std::max(1, k));
    BOOST_TEST((C.bottomRows(2) - expected.bottomRows(2)).cwiseAbs().maxCoeff() == 0.0);
  }
}

BOOST_AUTO_TEST_CASE(triangular_solves_invert_their_products) {
  for (const int n : kSizes) {
    const Eigen::MatrixXd U = upperWithPadding(n);
    const int ld = n + 3;
    const Eigen::VectorXd z = Eigen::VectorXd::Random(n);
    // b = U z and b = U^T z by loops over the strictly upper part (unit diagonal).
    Eigen::VectorXd upper = z, transposed = z;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < j; ++i) {
        upper[i] += U(i, j) * z[j];
        transposed[j] += U(i, j) * z[i];
      }
    md::solveUnitUpper(n, U.data(), ld, upper.data());
    md::solveUnitUpperTransposed(n, U.data(), ld, transposed.data());
    BOOST_TEST_INFO("n = " << n);
    BOOST_TEST(relativeError(upper, z) <= 1e-12);
    BOOST_TEST(relativeError(transposed, z) <= 1e-12);
  }
}

BOOST_AUTO_TEST_CASE(lu_solves_and_refuses_a_singular_matrix) {
  for (const int m : kSizes) {
    const int ld = m + 2;
    Eigen::MatrixXd G = Eigen::MatrixXd::Random(ld, m);
    G.topRows(m).diagonal().array() += 0.5;  // pivoting still exchanges rows
    const Eigen::MatrixXd original = G;
    const Eigen::VectorXd y = Eigen::VectorXd::Random(m);
    Eigen::VectorXd rhs = original.topRows(m) * y;
    Eigen::VectorXi pivot(std::max(m, 1));
    BOOST_TEST_INFO("m = " << m);
    BOOST_TEST_REQUIRE(md::factorLu(m, G.data(), ld, pivot.data(), 1e-13));
    BOOST_TEST(md::solveLu(m, G.data(), ld, pivot.data(), rhs.data()));
    BOOST_TEST(relativeError(rhs, y) <= 1e-10);
    BOOST_TEST((G.bottomRows(2).array() == original.bottomRows(2).array()).all());  // padding
    if (m < 2) continue;
    // Two equal columns: the last pivot vanishes.
    Eigen::MatrixXd singular = original;
    singular.col(m - 1) = singular.col(0);
    BOOST_TEST(!md::factorLu(m, singular.data(), ld, pivot.data(), 1e-13));
  }
}

BOOST_AUTO_TEST_SUITE_END()
