#include <mlcp/mlcp.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <memory>
#include <string>
#include <vector>

namespace bdata = boost::unit_test::data;

namespace {

/// Problems with a symmetric positive definite A (a unique solution): a random ODE-style
/// problem made well conditioned (A + n I), and contact problems with one contact per face.
mlcp::Problem spdProblem(int which) {
  switch (which) {
    case 0:
    case 1: {
      mlcp::RandomProblemOptions options;
      options.n = which == 0 ? 30 : 120;
      options.seed = 4;
      options.mu = 0.3;
      mlcp::Problem p = mlcp::randomProblem(options);
      p.A.diagonal().array() += options.n;
      return p;
    }
    default: {
      mlcp::BoxStackOptions options;
      options.contactsPerFace = 1;
      options.topMassRatio = which == 2 ? 10.0 : 1.0;
      options.columnsX = which == 2 ? 2 : 3;
      options.slideSpeed = which == 2 ? 0.1 : 1.0;
      return mlcp::toProblem(
          std::make_shared<const mlcp::MatrixFreeProblem>(mlcp::boxStacks(options)));
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(HotSwap)

// Dantzig, PGS and APGD (and the matrix-free back ends where the problem carries J and M^-1)
// behind the same MixedLCP& reach the same x on problems with a unique solution.
BOOST_DATA_TEST_CASE(solvers_behind_the_base_class_agree, bdata::make({0, 1, 2, 3}), which) {
  const mlcp::Problem problem = spdProblem(which);
  mlcp::SolverSettings settings;
  settings.relativeTolerance = 1e-12;
  std::vector<std::string> names = {"dantzig", "pgs", "apgd"};
  if (problem.matrixFree) {
    names.push_back("pgs-matrix-free");
    names.push_back("apgd-matrix-free");
  }
  Eigen::VectorXd reference;
  for (const std::string& name : names) {
    const std::unique_ptr<mlcp::MixedLCP> owner = mlcp::makeSolver(name, settings);
    mlcp::MixedLCP& solver = *owner;
    solver.setProblem(problem);
    const mlcp::SolveReport& report = solver.solve();
    BOOST_TEST_INFO(problem.name << ", " << name << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(solver.validSolution(1e-10));
    if (reference.size() == 0) {
      reference = solver.getLambda();  // Dantzig's
      continue;
    }
    const double difference = (solver.getLambda() - reference).norm() / reference.norm();
    BOOST_TEST(difference <= 1e-6);
  }
}

BOOST_AUTO_TEST_SUITE_END()
