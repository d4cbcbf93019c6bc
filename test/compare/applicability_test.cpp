// Which (problem, solver) pairs `mlcp compare` reports as n/a: the shape of a problem, the
// reasons a solver's capabilities give, and a check that every registered solver's
// capabilities tell the truth on small problems of each kind.

#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/compare/applicability.hpp>
#include <mlcp/compare/compare_run.hpp>
#include <mlcp/compare/problem_shape.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <limits>
#include <string>

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// A 4 x 4 standard LCP, symmetric positive definite (A = tridiag(1, 4, 1)), that every method
/// solves; the cases below change one thing about it.
mlcp::Problem standardLcp() {
  mlcp::Problem p;
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(4, 4);
  for (int i = 0; i < 4; ++i) {
    A(i, i) = 4.0;
    if (i > 0) A(i, i - 1) = A(i - 1, i) = 1.0;
  }
  p.A = A;
  p.b = Eigen::Vector4d(1.0, -2.0, 3.0, 1.0);
  p.lo = Eigen::VectorXd::Zero(4);
  p.hi = Eigen::VectorXd::Constant(4, kInf);
  p.findex = Eigen::VectorXi::Constant(4, -1);
  return p;
}

mlcp::Problem withFreeRow() {
  mlcp::Problem p = standardLcp();
  p.nub = 1;
  p.lo[0] = -kInf;
  return p;
}

mlcp::Problem withBox() {
  mlcp::Problem p = standardLcp();
  p.lo[2] = -0.5;
  p.hi[2] = 0.5;
  return p;
}

mlcp::Problem withFrictionRow() {
  mlcp::Problem p = standardLcp();
  p.findex[3] = 2;
  p.hi[3] = 0.5;  // mu
  p.lo[3] = -0.5;
  return p;
}

mlcp::Problem nonSymmetric() {
  mlcp::Problem p = standardLcp();
  Eigen::MatrixXd A = p.A.dense();
  A(0, 1) = 2.0;  // still diagonally dominant: Lemke and PGS solve it
  p.A = A;
  return p;
}

struct Case {
  const char* name;
  mlcp::Problem problem;
};

std::vector<Case> cases() {
  return {{"standard LCP", standardLcp()},
          {"free row", withFreeRow()},
          {"box", withBox()},
          {"friction row", withFrictionRow()},
          {"non-symmetric A", nonSymmetric()}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Applicability)

BOOST_AUTO_TEST_CASE(shape_counts_what_a_standard_lcp_cannot_express) {
  const mlcp::compare::ProblemShape lcp = mlcp::compare::shapeOf(standardLcp());
  BOOST_TEST(lcp.n == 4);
  BOOST_TEST(lcp.boxRows == 0);
  BOOST_TEST(lcp.frictionRows == 0);
  BOOST_TEST(lcp.symmetric);
  BOOST_TEST(mlcp::compare::shapeOf(withFreeRow()).nub == 1);
  BOOST_TEST(mlcp::compare::shapeOf(withFreeRow()).boxRows == 0);  // the nub rows are not boxes
  BOOST_TEST(mlcp::compare::shapeOf(withBox()).boxRows == 1);
  // A friction row is counted as such, not as a box.
  BOOST_TEST(mlcp::compare::shapeOf(withFrictionRow()).frictionRows == 1);
  BOOST_TEST(mlcp::compare::shapeOf(withFrictionRow()).boxRows == 0);
  BOOST_TEST(!mlcp::compare::shapeOf(nonSymmetric()).symmetric);
  // Dantzig's tolerance: a relative asymmetry of 1e-9 is symmetric.
  mlcp::Problem almost = standardLcp();
  Eigen::MatrixXd A = almost.A.dense();
  A(0, 1) += 4e-9;
  almost.A = A;
  BOOST_TEST(mlcp::compare::relativeAsymmetry(almost.A.toSparse()) == 1e-9,
             boost::test_tools::tolerance(1e-6));
  BOOST_TEST(mlcp::compare::shapeOf(almost).symmetric);
}

BOOST_AUTO_TEST_CASE(reasons_name_what_the_solver_cannot_take) {
  mlcp::Capabilities lcpOnly;  // as Siconos' LCP methods
  lcpOnly.acceptsBoxes = lcpOnly.acceptsFrictionRows = lcpOnly.acceptsUnboundedRows = false;
  mlcp::compare::ProblemShape shape;
  shape.n = 10;
  BOOST_TEST(mlcp::compare::notApplicableReason(lcpOnly, shape).empty());
  shape.frictionRows = 4;
  shape.boxRows = 1;
  shape.nub = 2;
  BOOST_TEST(mlcp::compare::notApplicableReason(lcpOnly, shape) ==
             "friction rows, boxes, free (nub) rows");
  mlcp::Capabilities mlcpOnly;  // as Siconos' MLCP methods
  mlcpOnly.requiresUnboundedRows = true;
  BOOST_TEST(mlcp::compare::notApplicableReason(mlcpOnly, shape).empty());
  shape.nub = 0;
  BOOST_TEST(mlcp::compare::notApplicableReason(mlcpOnly, shape) ==
             "not a mixed LCP (needs 0 < nub < n)");
  mlcp::Capabilities symmetricOnly;  // as Dantzig
  symmetricOnly.requiresSymmetricA = true;
  shape.symmetric = false;
  BOOST_TEST(mlcp::compare::notApplicableReason(symmetricOnly, shape) == "non-symmetric A");
  BOOST_TEST(mlcp::compare::notApplicableReason(mlcp::Capabilities{}, shape).empty());
}

BOOST_AUTO_TEST_CASE(every_solver_refuses_exactly_what_its_capabilities_rule_out) {
  // On these small, well-conditioned problems a solver that applies must not refuse the
  // problem, and one that the capabilities rule out for a kind of row must refuse it: otherwise
  // compare would count a refusal as a failure, or a solution as n/a. (A solver that needs a
  // symmetric A may still run on a non-symmetric one: the peers do not check.)
  mlcp::adapters::registerAdapterSolvers();
  for (const std::string& name : mlcp::solverNames()) {
    const std::unique_ptr<mlcp::MixedLCP> solver = mlcp::makeSolver(name);
    const mlcp::Capabilities capabilities = solver->capabilities();
    for (const Case& c : cases()) {
      const mlcp::compare::ProblemShape shape = mlcp::compare::shapeOf(c.problem);
      const std::string reason = mlcp::compare::notApplicableReason(capabilities, shape);
      solver->setProblem(c.problem);
      const mlcp::SolveReport& report = solver->solve();
      BOOST_TEST_CONTEXT(name << " on the " << c.name << " (" << reason
                              << "): " << report.message) {
        BOOST_TEST(report.status != mlcp::Status::InvalidProblem);  // the input is valid
        if (reason.empty())
          BOOST_TEST(report.status != mlcp::Status::Unsupported);
        else if (reason != "non-symmetric A")
          BOOST_TEST(report.status == mlcp::Status::Unsupported);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(our_dantzig_and_siconos_lcp_methods_are_ruled_out_where_expected) {
  mlcp::adapters::registerAdapterSolvers();
  const mlcp::compare::ProblemShape asymmetric = mlcp::compare::shapeOf(nonSymmetric());
  BOOST_TEST(mlcp::compare::notApplicableReason(mlcp::makeSolver("dantzig")->capabilities(),
                                                asymmetric) == "non-symmetric A");
  BOOST_TEST(
      mlcp::compare::notApplicableReason(mlcp::makeSolver("lemke")->capabilities(), asymmetric)
          .empty());
  const std::vector<std::string> names = mlcp::solverNames();
  if (std::find(names.begin(), names.end(), "siconos-lemke") == names.end()) return;
  const mlcp::Capabilities siconos = mlcp::makeSolver("siconos-lemke")->capabilities();
  BOOST_TEST(
      !mlcp::compare::notApplicableReason(siconos, mlcp::compare::shapeOf(withBox())).empty());
  BOOST_TEST(!mlcp::compare::notApplicableReason(siconos, mlcp::compare::shapeOf(withFrictionRow()))
                  .empty());
  BOOST_TEST(
      mlcp::compare::notApplicableReason(siconos, mlcp::compare::shapeOf(standardLcp())).empty());
}

BOOST_AUTO_TEST_CASE(dense_solvers_are_not_run_beyond_the_dense_rows_of_compare) {
  mlcp::ProblemFile file;
  file.problem = standardLcp();
  const mlcp::compare::ProblemShape shape = mlcp::compare::shapeOf(file.problem);
  const std::unique_ptr<mlcp::MixedLCP> lemke = mlcp::makeSolver("lemke");  // copies A densely
  const std::unique_ptr<mlcp::MixedLCP> pgs = mlcp::makeSolver("pgs");      // any form of A
  BOOST_TEST_REQUIRE(lemke->capabilities().denseA);
  BOOST_TEST_REQUIRE(!pgs->capabilities().denseA);
  const mlcp::compare::RunRecord left =
      mlcp::compare::compareRun(*lemke, file, shape, "lcp", 1, false, 3);
  BOOST_TEST(!left.applicable());
  BOOST_TEST(left.notApplicable == "dense A beyond 3 rows");
  BOOST_TEST(left.status == mlcp::Status::Unsupported);
  BOOST_TEST(left.message.find("n = 4 > 3 rows") != std::string::npos);
  BOOST_TEST(lemke->report().status == mlcp::Status::NotSolved);  // never run
  const mlcp::compare::RunRecord run =
      mlcp::compare::compareRun(*pgs, file, shape, "lcp", 1, false, 3);
  BOOST_TEST(run.applicable());
  BOOST_TEST(run.status == mlcp::Status::Converged);
  const mlcp::compare::RunRecord within =
      mlcp::compare::compareRun(*lemke, file, shape, "lcp", 1, false);
  BOOST_TEST(within.status == mlcp::Status::Converged);  // n = 4 <= kCompareDenseRows
}

BOOST_AUTO_TEST_SUITE_END()
