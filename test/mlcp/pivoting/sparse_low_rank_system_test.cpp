// SparseLowRankSystem (libmlcp/src/pivoting/sparse_low_rank_system.hpp), bpp's free system in
// body space: a partition that differs from the last factored one in a few rows is solved
// through that factorization (Woodbury) to the answer of a fresh factorization, without
// factoring and without allocating; many changed rows factor anew; the base's own partition
// gives its answer bit for bit.

#include "pivoting/sparse_low_rank_system.hpp"

#include "allocation_counter.hpp"
#include "core/operator_forms.hpp"
#include "test_problems.hpp"

#include <mlcp/core/low_rank_form.hpp>

#include <boost/test/unit_test.hpp>

#include <vector>

namespace md = mlcp::detail;
using md::RowState;

namespace {

/// A box scene's step problem in factor form with its view (CFM 1e-5 s/kg: conditioned well
/// enough to compare two factorizations' answers to 1e-12).
struct Scene {
  mlcp::Problem problem = mlcp::test::sceneProblem("columns", {"nx=3", "layers=3", "cfm=1e-5"});
  md::OperatorForms forms;
  mlcp::ProblemView view{problem.A,      problem.b,   problem.lo, problem.hi,
                         problem.findex, problem.nub, forms};
  mlcp::SparseLowRankForm form = *mlcp::findSparseLowRankForm(problem.A);

  Scene() { forms.reset(problem.A, problem.findex); }

  /// Normals free; friction rows free, or sliding (at -mu or +mu x_k) every third and fourth.
  std::vector<RowState> partition() const {
    std::vector<RowState> state(static_cast<size_t>(view.size()), RowState::Free);
    for (int i = 0; i < view.size(); ++i) {
      if (problem.findex[i] < 0) continue;
      if (i % 3 == 0) state[static_cast<size_t>(i)] = RowState::Lower;
      if (i % 4 == 0) state[static_cast<size_t>(i)] = RowState::Upper;
    }
    return state;
  }

  /// x of `state` by a system set up for it alone (a fresh factorization).
  Eigen::VectorXd fresh(const std::vector<RowState>& state) const {
    md::SparseLowRankSystem system;
    system.setup(form, 1e-3);
    Eigen::VectorXd x = Eigen::VectorXd::Zero(view.size());
    BOOST_REQUIRE(system.solve(view, state, problem.b, nullptr, true, x));
    BOOST_TEST(system.factorizations() == 1);
    return x;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(SparseLowRankSystemTest)

BOOST_AUTO_TEST_CASE(a_few_changed_rows_are_solved_through_the_last_factorization) {
  const Scene scene;
  const int n = scene.view.size();
  BOOST_REQUIRE(n > 100);
  md::SparseLowRankSystem system;
  system.setup(scene.form, 1e-3);
  const std::vector<RowState> base = scene.partition();
  Eigen::VectorXd x0 = Eigen::VectorXd::Zero(n);
  BOOST_REQUIRE(system.solve(scene.view, base, scene.problem.b, nullptr, true, x0));
  BOOST_TEST(system.usedLu());  // friction rows slide on free normals
  BOOST_TEST(system.factorizations() == 1);

  // Five rows change: a normal leaves F (its friction rows then no longer slide on it), a
  // sliding friction row turns free, a free one slides.
  std::vector<RowState> changed = base;
  int normals = 0;
  int friction = 0;
  for (int i = 0; i < n && (normals < 1 || friction < 4); ++i) {
    const bool isNormal = scene.problem.findex[i] < 0;
    if (isNormal && normals < 1 && i > n / 2) {
      changed[static_cast<size_t>(i)] = RowState::Lower;
      ++normals;
    } else if (!isNormal && friction < 4) {
      changed[static_cast<size_t>(i)] =
          base[static_cast<size_t>(i)] == RowState::Free ? RowState::Upper : RowState::Free;
      ++friction;
    }
  }
  Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
  const mlcp::test::AllocationCounter counter;
  BOOST_REQUIRE(system.solve(scene.view, changed, scene.problem.b, nullptr, true, x));
  const long allocated = counter.count();
  BOOST_TEST(system.factorizations() == 1);
  BOOST_TEST(system.usedUpdate());
  BOOST_TEST(mlcp::test::relativeMaxDifference(x, scene.fresh(changed)) < 1e-12);
  if (mlcp::test::AllocationCounter::available()) BOOST_TEST(allocated == 0);

  // Back to the base's partition: its own answer, bit for bit.
  Eigen::VectorXd again = Eigen::VectorXd::Zero(n);
  BOOST_REQUIRE(system.solve(scene.view, base, scene.problem.b, nullptr, true, again));
  BOOST_TEST(system.factorizations() == 1);
  BOOST_TEST((again.array() == x0.array()).all());
}

BOOST_AUTO_TEST_CASE(many_changed_rows_factor_anew) {
  const Scene scene;
  const int n = scene.view.size();
  md::SparseLowRankSystem system;
  system.setup(scene.form, 1e-3);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
  BOOST_REQUIRE(system.solve(scene.view, scene.partition(), scene.problem.b, nullptr, true, x));
  // Every friction row free: K symmetric, and every row with a friction row changes.
  std::vector<RowState> free(static_cast<size_t>(n), RowState::Free);
  BOOST_REQUIRE(system.solve(scene.view, free, scene.problem.b, nullptr, true, x));
  BOOST_TEST(system.factorizations() == 2);
  BOOST_TEST(!system.usedUpdate());
  BOOST_TEST(!system.usedLu());
  BOOST_TEST(mlcp::test::relativeMaxDifference(x, scene.fresh(free)) < 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()
