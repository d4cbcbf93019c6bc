#include "degenerate_problems.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

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
      Eigen::MatrixXd A = p.A.dense();
      A.diagonal().array() += options.n;
      p.A = std::move(A);
      return p;
    }
    default: {
      return mlcp::test::sceneProblem(
          "columns", {"shape=sphere", fmt::format("ratio={}", which == 2 ? 10.0 : 1.0),
                      fmt::format("nx={}", which == 2 ? 2 : 3),
                      fmt::format("slide={}", which == 2 ? 0.1 : 1.0)});
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(HotSwap)

// Dantzig, PGS and APGD behind the same MixedLCP& reach the same x on problems with a unique
// solution, with A in every form (dense, sparse, and the factors J, M^-1 where the problem has
// them).
BOOST_DATA_TEST_CASE(solvers_behind_the_base_class_agree, bdata::make({0, 1, 2, 3}), which) {
  const mlcp::Problem problem = spdProblem(which);
  mlcp::SolverSettings settings;
  settings.relativeTolerance = 1e-12;
  Eigen::VectorXd reference;
  for (const auto& [form, inForm] : mlcp::test::everyForm(problem)) {
    for (const std::string name : {"dantzig", "pgs", "apgd"}) {
      const std::unique_ptr<mlcp::MixedLCP> owner = mlcp::makeSolver(name, settings);
      mlcp::MixedLCP& solver = *owner;
      solver.setProblem(inForm);
      const mlcp::SolveReport& report = solver.solve();
      BOOST_TEST_INFO(problem.name << ", " << name << " on " << form << " A: " << report.message);
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
}

BOOST_AUTO_TEST_SUITE_END()
