// Dantzig on sparse A (docs/sparse-pivoting.md): the sparse form (a sparse L D L^T of the
// clamped block kept by row additions and deletions) gives the dense form's answers within
// rounding, on the captured problems, ODE-style random problems and generated box stacks; the
// automatic choice takes it for large sparse A only.

#include "test_data.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <memory>

namespace bdata = boost::unit_test::data;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Answer {
  mlcp::Status status;
  Eigen::VectorXd x;
  int pivots;
  int frictionRounds;
  bool sparse;
};

Answer solveWith(const mlcp::Problem& problem, mlcp::DantzigFactorization form) {
  mlcp::DantzigOptions options;
  options.factorization = form;
  mlcp::DantzigSolver solver(options);
  solver.setProblem(problem);
  const mlcp::SolveReport& report = solver.solve();
  return {report.status, solver.getLambda(), report.pivots, report.frictionRounds,
          solver.usedSparse()};
}

/// ||x_sparse - x_dense||_inf / ||x_dense||_inf (absolute when x_dense = 0).
double relativeDifference(const Eigen::VectorXd& sparse, const Eigen::VectorXd& dense) {
  const double size = dense.cwiseAbs().maxCoeff();
  return (sparse - dense).cwiseAbs().maxCoeff() / (size > 0.0 ? size : 1.0);
}

/// Sparse and dense Dantzig on `problem`: the same status, and x within 1e-10 when solved and
/// `uniqueX` (A positive definite; with a singular A the solutions form a set, and the two
/// pivot orders may end at different points of it).
void expectSameAnswers(const mlcp::Problem& problem, const std::string& name, bool uniqueX = true) {
  const Answer dense = solveWith(problem, mlcp::DantzigFactorization::Dense);
  const Answer sparse = solveWith(problem, mlcp::DantzigFactorization::Sparse);
  BOOST_TEST_INFO(name << ": dense " << dense.status << " (" << dense.pivots << " pivots, "
                       << dense.frictionRounds << " rounds), sparse " << sparse.status << " ("
                       << sparse.pivots << " pivots, " << sparse.frictionRounds << " rounds)");
  BOOST_TEST(!dense.sparse);
  BOOST_TEST(sparse.sparse);
  BOOST_TEST(sparse.status == dense.status);
  if (uniqueX && dense.status == mlcp::Status::Converged &&
      sparse.status == mlcp::Status::Converged)
    BOOST_TEST(relativeDifference(sparse.x, dense.x) <= 1e-10);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(DantzigSparse)

BOOST_AUTO_TEST_CASE(captured_problems_agree) {
  const auto files = mlcp::test::sharedBlcpFiles("captured");
  if (files.empty()) {
    BOOST_TEST_MESSAGE("../shared/data/captured is absent: skipped");
    return;
  }
  int bothSolved = 0;
  for (const auto& file : files) {
    mlcp::Problem problem = mlcp::readBlcp(file);
    problem.A = problem.A.toSparse();  // held sparse, as a sparse simulator hands it over
    // Bullet's CFM-free files: A singular (redundant contacts of four-point manifolds).
    const bool singular = file.parent_path().filename() == "bullet" &&
                          file.filename().string().find("_cfm_") == std::string::npos;
    expectSameAnswers(problem, file.filename().string(), !singular);
    if (solveWith(problem, mlcp::DantzigFactorization::Sparse).status == mlcp::Status::Converged)
      ++bothSolved;
  }
  BOOST_TEST(bothSolved >= 15);
}

BOOST_DATA_TEST_CASE(random_ode_style_problems_agree,
                     bdata::make({3, 6, 12, 30, 60, 100, 200, 400}) * bdata::make({1, 2, 3}),
                     n,
                     seed) {
  mlcp::RandomProblemOptions options;
  options.n = n;
  options.seed = static_cast<std::uint64_t>(seed);
  options.contacts = n / 6;
  expectSameAnswers(mlcp::randomProblem(options), "random n = " + std::to_string(n));
}

BOOST_DATA_TEST_CASE(box_stacks_agree, bdata::make({1, 2, 3}) * bdata::make({1, 4}), layers, face) {
  const mlcp::Problem problem = mlcp::test::sceneProblem(
      "columns",
      {"nx=3", "ny=2", fmt::format("layers={}", layers), face == 1 ? "shape=sphere" : "shape=box",
       fmt::format("seed={}", static_cast<std::uint64_t>(layers * 10 + face))});
  const Answer sparse = solveWith(problem, mlcp::DantzigFactorization::Sparse);
  BOOST_TEST(sparse.status == mlcp::Status::Converged);
  expectSameAnswers(problem, "box stacks");
}

// Issue 16's smallest case (friction on a normal with lo > 0) on the sparse form too.
BOOST_AUTO_TEST_CASE(friction_on_a_normal_with_positive_lower_bound) {
  Eigen::Matrix3d A;
  A << 4, 1, 0, 1, 3, 0.5, 0, 0.5, 2;
  mlcp::Problem p;
  p.A = mlcp::Operator::SparseMatrix(Eigen::MatrixXd(A).sparseView());
  p.b = Eigen::Vector3d(1, 2, 0.3);
  p.lo = Eigen::Vector3d(2, -0.5, -0.5);
  p.hi = Eigen::Vector3d(kInf, 0.5, 0.5);
  p.findex.resize(3);
  p.findex << -1, 0, 0;
  const Answer sparse = solveWith(p, mlcp::DantzigFactorization::Sparse);
  BOOST_TEST(sparse.status == mlcp::Status::Converged);
  BOOST_TEST(sparse.x[0] == 2.0);
  BOOST_TEST(std::abs(sparse.x[1] + 0.0261) < 1e-4);
  BOOST_TEST(std::abs(sparse.x[2] - 0.1565) < 1e-4);
}

BOOST_AUTO_TEST_CASE(automatic_choice) {
  const mlcp::Problem large = mlcp::test::sceneProblem("columns", {"nx=6", "ny=3", "layers=3"});
  BOOST_TEST_REQUIRE(large.size() >= 300);
  mlcp::DantzigSolver solver;
  solver.setProblem(large);
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(solver.usedSparse());  // large and sparse
  mlcp::Problem denseForm = large;
  denseForm.A = large.A.toDense();
  solver.setProblem(denseForm);
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(solver.usedSparse());  // held dense, but with few nonzeros
  mlcp::RandomProblemOptions options;
  options.n = 300;
  solver.setProblem(mlcp::randomProblem(options));
  solver.solve();
  BOOST_TEST(!solver.usedSparse());  // a full A
  options.n = 60;
  mlcp::Problem small = mlcp::randomProblem(options);
  small.A = small.A.toSparse();
  solver.setProblem(small);
  solver.solve();
  BOOST_TEST(!solver.usedSparse());  // too small to pay
}

// A sparse A of a new pattern after a solve: analysed again, the answers still agree.
BOOST_AUTO_TEST_CASE(new_pattern_after_a_solve) {
  mlcp::DantzigOptions options;
  options.factorization = mlcp::DantzigFactorization::Sparse;
  mlcp::DantzigSolver solver(options);
  for (const int layers : {2, 3, 2}) {
    const mlcp::Problem problem =
        mlcp::test::sceneProblem("columns", {"nx=2", fmt::format("layers={}", layers)});
    solver.setProblem(problem);
    BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
    const Answer dense = solveWith(problem, mlcp::DantzigFactorization::Dense);
    BOOST_TEST(relativeDifference(solver.getLambda(), dense.x) <= 1e-10);
  }
}

BOOST_AUTO_TEST_SUITE_END()
