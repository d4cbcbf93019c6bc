// WoodburyUpdate (libmlcp/src/linalg/woodbury_update.hpp): solves with K_0 + sum_j u_j w_j^T
// through a solver of K_0 agree with a dense LU of the updated matrix; a term kept from the
// last set with the same key and u costs no solve; the capacity and a singular update are
// reported, not solved.

#include "linalg/woodbury_update.hpp"

#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>

namespace md = mlcp::detail;

namespace {

constexpr int kOrder = 40;
constexpr int kEntries = 3;

/// A well-conditioned unsymmetric K_0 (r x r) and its solver, counting the solves.
struct Base {
  Eigen::MatrixXd K = Eigen::MatrixXd::Random(kOrder, kOrder) * 0.1 +
                      4.0 * Eigen::MatrixXd::Identity(kOrder, kOrder);
  Eigen::PartialPivLU<Eigen::MatrixXd> lu{K};
  int solves = 0;

  void solve(const double* rhs, double* x) {
    ++solves;
    Eigen::Map<Eigen::VectorXd>(x, kOrder) =
        lu.solve(Eigen::Map<const Eigen::VectorXd>(rhs, kOrder));
  }
};

/// A term on the indices {j, j + 5, j + 11} (mod r) with values from `seed`.
struct Term {
  std::array<int, kEntries> index{};
  std::array<double, kEntries> u{}, w{};

  explicit Term(int j, double seed) {
    for (int p = 0; p < kEntries; ++p) {
      index[static_cast<size_t>(p)] = (j + 5 * p + (p == 2 ? 1 : 0)) % kOrder;
      u[static_cast<size_t>(p)] = seed * (p + 1);
      w[static_cast<size_t>(p)] = 0.3 - 0.2 * p + 0.01 * seed;
    }
    std::sort(index.begin(), index.end());
  }
  void addTo(Eigen::MatrixXd& K) const {
    for (int a = 0; a < kEntries; ++a)
      for (int b = 0; b < kEntries; ++b)
        K(index[static_cast<size_t>(a)], index[static_cast<size_t>(b)]) +=
            u[static_cast<size_t>(a)] * w[static_cast<size_t>(b)];
  }
};

/// max |K^-1 y - x| / max |K^-1 y| for the update's x.
double solveError(md::WoodburyUpdate& update, Base& base, const Eigen::MatrixXd& K) {
  const Eigen::VectorXd y = Eigen::VectorXd::LinSpaced(kOrder, -1.0, 2.0);
  Eigen::VectorXd x(kOrder);
  base.solve(y.data(), x.data());
  update.apply(x.data());
  const Eigen::VectorXd exact = K.partialPivLu().solve(y);
  return (x - exact).cwiseAbs().maxCoeff() / exact.cwiseAbs().maxCoeff();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(WoodburyUpdateTest)

BOOST_AUTO_TEST_CASE(solves_the_updated_matrix_and_reuses_unchanged_terms) {
  Base base;
  md::WoodburyUpdate update;
  update.reserve(kOrder, 8, kEntries);
  auto solve = [&base](const double* rhs, double* x) { base.solve(rhs, x); };

  Eigen::MatrixXd K = base.K;
  update.begin();
  for (int j = 0; j < 4; ++j) {
    const Term t(3 * j, 0.5 + j);
    BOOST_TEST(update.add(3 * j, kEntries, t.index.data(), t.u.data(), t.w.data()));
    t.addTo(K);
  }
  BOOST_TEST(update.finish(solve));
  BOOST_TEST(base.solves == 4);
  BOOST_TEST(update.size() == 4);
  BOOST_TEST(solveError(update, base, K) < 1e-13);

  // The next set keeps the terms 0 and 6 as they were, changes u of term 3, drops 9, adds 20:
  // two new columns.
  K = base.K;
  update.begin();
  base.solves = 0;
  for (const auto& [key, seed] : {std::pair{0, 0.5}, {3, 7.0}, {6, 2.5}, {20, -1.5}}) {
    const Term t(key, seed);
    BOOST_TEST(update.add(key, kEntries, t.index.data(), t.u.data(), t.w.data()));
    t.addTo(K);
  }
  BOOST_TEST(update.finish(solve));
  BOOST_TEST(base.solves == 2);
  BOOST_TEST(solveError(update, base, K) < 1e-13);

  // No terms: K_0 itself.
  update.begin();
  BOOST_TEST(update.finish(solve));
  BOOST_TEST(update.size() == 0);
  BOOST_TEST(solveError(update, base, base.K) == 0.0);
}

BOOST_AUTO_TEST_CASE(reports_a_full_set_and_a_singular_update) {
  Base base;
  md::WoodburyUpdate update;
  update.reserve(kOrder, 2, kEntries);
  auto solve = [&base](const double* rhs, double* x) { base.solve(rhs, x); };
  update.begin();
  const Term t(0, 1.0);
  BOOST_TEST(update.add(0, kEntries, t.index.data(), t.u.data(), t.w.data()));
  BOOST_TEST(update.add(1, kEntries, t.index.data(), t.u.data(), t.w.data()));
  BOOST_TEST(!update.add(2, kEntries, t.index.data(), t.u.data(), t.w.data()));

  // K_0 + u w^T with w = -K_0^T e_0 and u = e_0: 1 + w^T K_0^-1 u = 1 - 1 = 0, K singular.
  update.reset();
  update.begin();
  const std::array<int, 1> row{0};
  const std::array<double, 1> u{1.0};
  const std::array<double, 1> w{-base.K(0, 0)};
  Eigen::MatrixXd singular = base.K;
  singular.row(0).setZero();
  singular(0, 0) = base.K(0, 0);
  base.K = singular;  // K_0 with one nonzero in row 0: w^T K_0^-1 e_0 = -1
  base.lu.compute(base.K);
  BOOST_TEST(update.add(0, 1, row.data(), u.data(), w.data()));
  BOOST_TEST(!update.finish(solve));
}

BOOST_AUTO_TEST_SUITE_END()
