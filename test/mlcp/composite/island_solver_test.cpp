// Islands (issue 12): the connected components of A's graph solved one by one give the whole
// problem's answer; any solver sits inside; threads change nothing, bit for bit.

#include "test_data.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>
#include <string>

namespace {

/// Separate columns of cubes on the ground: one island per column.
mlcp::Problem columns(int x, int y, int layers) {
  return mlcp::test::sceneProblem("columns", {fmt::format("nx={}", x), fmt::format("ny={}", y),
                                              fmt::format("layers={}", layers), "slide=0.5"});
}

double relativeDifference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1e-300, b.cwiseAbs().maxCoeff());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(IslandSolver)

BOOST_AUTO_TEST_CASE(every_column_is_an_island_and_the_answer_is_the_whole_one) {
  const mlcp::Problem p = columns(3, 2, 3);
  for (const std::string inner : {"dantzig", "apgd", "pgs"}) {
    auto whole = mlcp::makeSolver(inner);
    whole->setProblem(p);
    const mlcp::SolveReport& w = whole->solve();
    auto split = mlcp::makeSolver("islands:" + inner);
    BOOST_TEST(split->name() == "islands:" + inner);
    split->setProblem(p);
    const mlcp::SolveReport& s = split->solve();
    BOOST_TEST_INFO(inner << ": " << s.message);
    BOOST_TEST(s.status == w.status);
    BOOST_TEST(dynamic_cast<const mlcp::IslandSolver&>(*split).islandCount() == 6);
    // A stack's four contacts per box make A singular, so x is unique only up to the
    // iterative solvers' tolerance in the residual: their x are compared by that alone.
    if (inner == "dantzig")
      BOOST_TEST(relativeDifference(split->getLambda(), whole->getLambda()) <= 1e-10);
    BOOST_TEST(s.scaledResidual <= split->commonOptions().relativeTolerance);
  }
}

BOOST_AUTO_TEST_CASE(threads_give_the_same_bits) {
  const mlcp::Problem p = columns(4, 3, 2);
  mlcp::IslandSolver serial([] { return mlcp::makeSolver("dantzig"); }, 1);
  mlcp::IslandSolver threaded([] { return mlcp::makeSolver("dantzig"); }, 4);
  serial.setProblem(p);
  threaded.setProblem(p);
  BOOST_TEST(serial.solve().status == mlcp::Status::Converged);
  for (int run = 0; run < 3; ++run) {
    threaded.solve();
    BOOST_TEST((threaded.getLambda() == serial.getLambda()));
  }
}

BOOST_AUTO_TEST_CASE(a_friction_row_joins_its_normal_without_an_entry_of_a) {
  // A diagonal: every row alone, but for the friction row 2 whose bound follows row 0.
  mlcp::Problem p;
  p.A = Eigen::MatrixXd(Eigen::Vector4d(2, 3, 4, 5).asDiagonal());
  p.b = Eigen::Vector4d(1, 1, 10, -1);
  const double inf = std::numeric_limits<double>::infinity();
  p.lo = Eigen::Vector4d(0, 0, 0, 0);
  p.hi = Eigen::Vector4d(inf, inf, 0.5, inf);
  p.findex = Eigen::Vector4i(-1, -1, 0, -1);
  auto solver = mlcp::makeSolver("islands:dantzig");
  solver->setProblem(p);
  BOOST_TEST(solver->solve().status == mlcp::Status::Converged);
  BOOST_TEST(dynamic_cast<const mlcp::IslandSolver&>(*solver).islandCount() == 3);
  BOOST_TEST(solver->getLambda()[2] == 0.25);  // at mu x_0 = 0.5 * 0.5
}

BOOST_AUTO_TEST_CASE(captured_problems_split_or_whole_agree) {
  int compared = 0;
  for (const auto& file : mlcp::test::sharedBlcpFiles("captured")) {
    const mlcp::Problem p = mlcp::readBlcp(file);
    auto whole = mlcp::makeSolver("dantzig");
    whole->setProblem(p);
    if (whole->solve().status != mlcp::Status::Converged) continue;  // the CFM-free stacks
    auto split = mlcp::makeSolver("islands:dantzig");
    split->setProblem(p);
    const mlcp::SolveReport& s = split->solve();
    BOOST_TEST_INFO(file.filename().string() << ": " << s.message);
    BOOST_TEST(s.status == mlcp::Status::Converged);
    BOOST_TEST(relativeDifference(split->getLambda(), whole->getLambda()) <= 1e-8);
    ++compared;
  }
  BOOST_TEST_MESSAGE(compared << " captured problems compared");
}

BOOST_AUTO_TEST_CASE(an_unknown_inner_name_is_refused) {
  BOOST_CHECK_THROW(mlcp::makeSolver("islands:simplex"), std::invalid_argument);
  BOOST_CHECK_THROW(mlcp::IslandSolver(nullptr), std::invalid_argument);
  BOOST_CHECK_THROW(mlcp::IslandSolver([] { return mlcp::makeSolver("pgs"); }, 0),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
