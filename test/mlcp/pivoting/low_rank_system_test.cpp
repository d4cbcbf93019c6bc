// LowRankSystem (libmlcp/src/pivoting/low_rank_system.hpp), bpp's free system with G dense: from
// one partition to the next K is updated by the terms of the rows that changed, to the answer of
// a K formed anew, without allocating; many changed rows form it anew.

#include "pivoting/low_rank_system.hpp"

#include "allocation_counter.hpp"
#include "core/operator_forms.hpp"
#include "test_problems.hpp"

#include <mlcp/core/low_rank_form.hpp>
#include <mlcp/generators/random_problem.hpp>

#include <boost/test/unit_test.hpp>

#include <vector>

namespace md = mlcp::detail;
using md::RowState;

namespace {

constexpr int kRows = 90;
constexpr int kRank = 24;

/// A = G G^T + 0.01 I with G dense (90 x 24, Eigen's fixed pseudo-random entries), the bounds,
/// friction rows and b of a random problem of 90 rows (15 contacts).
struct Scene {
  mlcp::LowRankForm form = makeForm();
  mlcp::Problem problem = makeProblem(form);
  md::OperatorForms forms;
  mlcp::ProblemView view{problem.A,      problem.b,   problem.lo, problem.hi,
                         problem.findex, problem.nub, forms};

  Scene() { forms.reset(problem.A, problem.findex); }

  static mlcp::LowRankForm makeForm() {
    mlcp::LowRankForm form;
    form.G = mlcp::LowRankForm::Matrix::Random(kRows, kRank);
    form.C = Eigen::VectorXd::Constant(kRows, 0.01);
    form.source = mlcp::LowRankSource::PivotedCholesky;
    return form;
  }

  static mlcp::Problem makeProblem(const mlcp::LowRankForm& form) {
    mlcp::RandomProblemOptions options;
    options.n = kRows;
    options.nub = 0;
    options.contacts = kRows / 6;
    mlcp::Problem problem = mlcp::randomProblem(options);
    Eigen::MatrixXd A = form.G * form.G.transpose();
    A.diagonal() += form.C;
    problem.A = A;
    return problem;
  }

  /// x of `state` by a system set up for it alone (K formed anew).
  Eigen::VectorXd fresh(const std::vector<RowState>& state) const {
    md::LowRankSystem system;
    system.setup(form, 1e-3);
    Eigen::VectorXd x = Eigen::VectorXd::Zero(view.size());
    BOOST_REQUIRE(system.solve(view, state, problem.b, nullptr, true, x));
    BOOST_TEST(system.updatedK() == 0);
    return x;
  }
};

/// Rows free; the friction rows of every third contact at -mu x_k, of every fifth at +mu x_k.
std::vector<RowState> basePartition(const mlcp::Problem& problem) {
  std::vector<RowState> state(static_cast<size_t>(problem.size()), RowState::Free);
  for (int i = 0; i < problem.size(); ++i) {
    const int k = problem.findex[i];
    if (k < 0) continue;
    if (k % 3 == 0) state[static_cast<size_t>(i)] = RowState::Lower;
    if (k % 5 == 0) state[static_cast<size_t>(i)] = RowState::Upper;
  }
  return state;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(LowRankSystemTest)

BOOST_AUTO_TEST_CASE(a_few_changed_rows_update_k_to_the_answer_of_a_new_one) {
  const Scene scene;
  md::LowRankSystem system;
  system.setup(scene.form, 1e-3);
  const std::vector<RowState> base = basePartition(scene.problem);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(kRows);
  BOOST_REQUIRE(system.solve(scene.view, base, scene.problem.b, nullptr, true, x));
  BOOST_TEST(system.usedLu());  // friction rows slide on free normals
  BOOST_TEST(system.updatedK() == 0);

  // Partitions that each differ from the one before in a few rows: a normal leaves F and comes
  // back, a sliding friction row turns free, a free one slides.
  std::vector<RowState> state = base;
  int updates = 0;
  for (int i = 0; i < kRows; i += 7) {
    RowState& row = state[static_cast<size_t>(i)];
    if (scene.problem.findex[i] < 0)
      row = row == RowState::Free ? RowState::Lower : RowState::Free;
    else
      row = row == RowState::Free ? RowState::Upper : RowState::Free;
    const mlcp::test::AllocationCounter counter;
    BOOST_REQUIRE(system.solve(scene.view, state, scene.problem.b, nullptr, true, x));
    const long allocated = counter.count();
    BOOST_TEST_INFO("row " << i);
    BOOST_TEST(system.updatedK() == ++updates);
    BOOST_TEST(mlcp::test::relativeMaxDifference(x, scene.fresh(state)) < 1e-12);
    if (mlcp::test::AllocationCounter::available()) BOOST_TEST(allocated == 0);
  }
}

BOOST_AUTO_TEST_CASE(many_changed_rows_form_k_anew) {
  const Scene scene;
  md::LowRankSystem system;
  system.setup(scene.form, 1e-3);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(kRows);
  BOOST_REQUIRE(
      system.solve(scene.view, basePartition(scene.problem), scene.problem.b, nullptr, true, x));
  // Every other row at its lower bound: more than a quarter of the free rows change.
  std::vector<RowState> state(static_cast<size_t>(kRows), RowState::Free);
  for (int i = 0; i < kRows; i += 2) state[static_cast<size_t>(i)] = RowState::Lower;
  BOOST_REQUIRE(system.solve(scene.view, state, scene.problem.b, nullptr, true, x));
  BOOST_TEST(system.updatedK() == 0);
  BOOST_TEST(mlcp::test::relativeMaxDifference(x, scene.fresh(state)) < 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()
