// The solver registry: lookups hand out the registered entry, and registering a name again
// replaces it for later lookups only.
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

/// An entry named `name` that makes PGS and describes itself as `description`.
mlcp::SolverEntry pgsEntry(const std::string& name, const std::string& description) {
  mlcp::SolverEntry entry = mlcp::findSolver("pgs");
  entry.name = name;
  entry.description = description;
  return entry;
}

/// The 2 x 2 LCP with A = [2 1; 1 2], b = [1; 1] (w = A x - b): x = (1/3, 1/3).
mlcp::Problem twoByTwo() {
  Eigen::Matrix2d A;
  A << 2, 1, 1, 2;
  mlcp::Problem p;
  p.A = mlcp::Operator(Eigen::MatrixXd(A));
  p.b = Eigen::Vector2d(1, 1);
  p.lo = Eigen::Vector2d::Zero();
  p.hi = Eigen::Vector2d::Constant(std::numeric_limits<double>::infinity());
  p.findex = Eigen::Vector2i::Constant(-1);
  return p;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(SolverRegistry)

BOOST_AUTO_TEST_CASE(a_second_registration_replaces_the_entry_for_later_lookups) {
  mlcp::registerSolver(pgsEntry("registry-test", "first"));
  const std::unique_ptr<mlcp::MixedLCP> first =
      mlcp::makeSolver("registry-test", mlcp::SolverSettings{});
  mlcp::registerSolver(pgsEntry("registry-test", "second"));
  BOOST_TEST(mlcp::findSolver("registry-test").description == "second");
  const auto names = mlcp::solverNames();
  BOOST_TEST(std::count(names.begin(), names.end(), "registry-test") == 1);
  // A solver made from the replaced entry still solves.
  first->setProblem(twoByTwo());
  BOOST_TEST(first->solve().status == mlcp::Status::Converged);
  BOOST_TEST(first->getLambda()[0] == 1.0 / 3.0, boost::test_tools::tolerance(1e-6));
}

BOOST_AUTO_TEST_CASE(an_unknown_name_lists_the_known_ones) {
  try {
    mlcp::makeSolver("no-such-solver", mlcp::SolverSettings{});
    BOOST_FAIL("no exception");
  } catch (const std::invalid_argument& error) {
    BOOST_TEST(std::string(error.what())
                   .find("unknown solver 'no-such-solver'; known solvers: "
                         "dantzig") == 0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
