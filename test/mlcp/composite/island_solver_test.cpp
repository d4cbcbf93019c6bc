// Islands (issue 12): the connected components of A's graph solved one by one give the whole
// problem's answer; any solver sits inside; threads change nothing, bit for bit.

#include "allocation_counter.hpp"
#include "test_data.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

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

BOOST_AUTO_TEST_CASE(each_island_solver_is_reachable_with_its_own_report) {
  const mlcp::Problem p = columns(3, 1, 2);
  auto solver = mlcp::makeSolver("islands:bpp");
  solver->setProblem(p);
  const mlcp::SolveReport& report = solver->solve();
  BOOST_TEST_REQUIRE(report.status == mlcp::Status::Converged, report.message);
  const auto& islands = dynamic_cast<const mlcp::IslandSolver&>(*solver);
  BOOST_TEST_REQUIRE(islands.islandCount() == 3);
  int pivots = 0;
  for (int k = 0; k < islands.islandCount(); ++k) {
    const auto& bpp = dynamic_cast<const mlcp::BppSolver&>(islands.islandSolver(k));
    BOOST_TEST(bpp.report().status == mlcp::Status::Converged);
    BOOST_TEST(bpp.statistics().factorizations >= 1);
    pivots += bpp.report().pivots;
  }
  BOOST_TEST(pivots == report.pivots);  // the report's pivots are the islands' sum
  BOOST_CHECK_THROW(islands.islandSolver(3), std::out_of_range);
  BOOST_CHECK_THROW(islands.islandSolver(-1), std::out_of_range);
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

BOOST_AUTO_TEST_CASE(a_dense_a_splits_as_its_sparse_copy) {
  mlcp::Problem dense = columns(3, 2, 2);
  dense.A = dense.A.toDense();
  mlcp::Problem sparse = dense;
  sparse.A = dense.A.toSparse();
  auto fromDense = mlcp::makeSolver("islands:dantzig");
  auto fromSparse = mlcp::makeSolver("islands:dantzig");
  fromDense->setProblem(dense);
  fromSparse->setProblem(sparse);
  BOOST_TEST(fromDense->solve().status == mlcp::Status::Converged);
  BOOST_TEST(fromSparse->solve().status == mlcp::Status::Converged);
  BOOST_TEST(dynamic_cast<const mlcp::IslandSolver&>(*fromDense).islandCount() == 6);
  BOOST_TEST(dynamic_cast<const mlcp::IslandSolver&>(*fromSparse).islandCount() == 6);
  BOOST_TEST(relativeDifference(fromDense->getLambda(), fromSparse->getLambda()) <= 1e-12);
}

/// The captured DART stacks (A dense, one island each; empty when the shared data is absent).
std::vector<mlcp::Problem> dartStacks() {
  std::vector<mlcp::Problem> stacks;
  for (const auto& file : mlcp::test::sharedBlcpFiles("captured"))
    if (file.filename().string().rfind("stack_fcl", 0) == 0) stacks.push_back(mlcp::readBlcp(file));
  return stacks;
}

BOOST_AUTO_TEST_CASE(one_island_is_solved_in_place_as_by_its_solver_alone) {
  // No block is copied: the inner solver reads the problem itself, so x is its solver's x bit
  // for bit.
  const std::vector<mlcp::Problem> stacks = dartStacks();
  if (stacks.empty()) BOOST_TEST_MESSAGE("no captured DART stacks: skipped");
  for (const mlcp::Problem& p : stacks) {
    auto alone = mlcp::makeSolver("bpp");
    alone->setProblem(p);
    auto split = mlcp::makeSolver("islands:bpp");
    split->setProblem(p);
    for (int solve = 0; solve < 2; ++solve) {  // the second from the kept islands and partition
      BOOST_TEST(alone->solve().status == mlcp::Status::Converged);
      const mlcp::SolveReport& s = split->solve();
      BOOST_TEST_INFO(s.message);
      BOOST_TEST(s.status == mlcp::Status::Converged);
      BOOST_TEST(dynamic_cast<const mlcp::IslandSolver&>(*split).islandCount() == 1);
      BOOST_TEST(s.message.rfind("1 islands, the largest of", 0) == 0);
      BOOST_TEST((split->getLambda() == alone->getLambda()));
    }
  }
}

BOOST_AUTO_TEST_CASE(second_solve_allocates_nothing) {
  if (!mlcp::test::AllocationCounter::available()) {
    BOOST_TEST_MESSAGE("allocations cannot be counted in this build: skipped");
    return;
  }
  std::vector<mlcp::Problem> problems = dartStacks();  // one island, A dense
  problems.push_back(columns(3, 2, 3));                // six islands, A as factors
  for (const mlcp::Problem& p : problems) {
    auto solver = mlcp::makeSolver("islands:bpp");
    solver->setProblem(p);
    solver->solve();
    long allocated = 0;
    {
      const mlcp::test::AllocationCounter counter;
      solver->solve();
      allocated = counter.count();
    }
    BOOST_TEST_INFO(solver->report().message);
    BOOST_TEST(allocated == 0);
    BOOST_TEST(solver->report().status == mlcp::Status::Converged);
  }
}

BOOST_AUTO_TEST_CASE(an_unknown_inner_name_is_refused) {
  BOOST_CHECK_THROW(mlcp::makeSolver("islands:simplex"), std::invalid_argument);
  BOOST_CHECK_THROW(mlcp::IslandSolver(nullptr), std::invalid_argument);
  BOOST_CHECK_THROW(mlcp::IslandSolver([] { return mlcp::makeSolver("pgs"); }, 0),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
