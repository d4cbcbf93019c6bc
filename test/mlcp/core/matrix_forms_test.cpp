// The forms of A a problem carries (mlcp::Operator: dense, sparse, the factors J, M^-1, cfm):
// the same matrix in each, the same iterates of PGS, APGD, NSGS, NNCG, PGS-SM and Jacobi on each,
// bad forms as a status, and a dense copy that would not fit refused as Unsupported.

#include "degenerate_problems.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace bdata = boost::unit_test::data;

namespace {

std::shared_ptr<const mlcp::Factors> stacks(double ratio = 1.0) {
  return mlcp::test::sceneFactors("columns",
                                  {"nx=2", "ny=1", "layers=3", fmt::format("ratio={}", ratio)});
}

std::shared_ptr<const mlcp::Factors> chain() {
  return mlcp::test::sceneFactors("ground-chain", {"links=6", "shape=box"});
}

double relativeDifference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1e-300, b.cwiseAbs().maxCoeff());
}

/// Runs `makeSolver()` on every form of the factors' problem for a fixed number of iterations
/// (no tolerance), from the same start, and compares x, w and the history with the dense run.
template <class MakeSolver>
void expectSameIterates(const MakeSolver& makeSolver,
                        const std::shared_ptr<const mlcp::Factors>& factors,
                        double tolerance) {
  const mlcp::Problem problem = mlcp::toProblem(factors);
  const Eigen::VectorXd start = Eigen::VectorXd::Constant(problem.size(), 0.01);
  mlcp::Problem dense = problem;
  dense.A = problem.A.toDense();
  auto reference = makeSolver();
  reference->setProblem(dense);
  reference->setInitialGuess(start);
  const mlcp::SolveReport& d = reference->solve();
  for (const auto& [form, inForm] : mlcp::test::everyForm(problem)) {
    auto solver = makeSolver();
    solver->setProblem(inForm);
    solver->setInitialGuess(start);
    const mlcp::SolveReport& m = solver->solve();
    BOOST_TEST_CONTEXT(solver->name() << " on " << form << " A") {
      BOOST_TEST(d.status == m.status);
      BOOST_TEST(d.iterations == m.iterations);
      BOOST_TEST(relativeDifference(solver->getLambda(), reference->getLambda()) <= tolerance);
      BOOST_TEST(relativeDifference(solver->ref_w(), reference->ref_w()) <= 1e3 * tolerance);
      BOOST_TEST(d.residualHistory.size() == m.residualHistory.size());
      for (size_t k = 0; k < std::min(d.residualHistory.size(), m.residualHistory.size()); ++k)
        BOOST_TEST(std::abs(d.residualHistory[k] - m.residualHistory[k]) <=
                   1e3 * tolerance * std::max(1e-6, d.residualHistory[k]));
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(MatrixForms)

BOOST_AUTO_TEST_CASE(every_form_holds_the_same_matrix) {
  const auto factors = stacks(10.0);
  const mlcp::Operator A(factors);
  const Eigen::MatrixXd dense = A.toDense();
  const mlcp::Operator sparse(A.toSparse());
  BOOST_TEST((A.form() == mlcp::MatrixForm::Factors));
  BOOST_TEST((sparse.form() == mlcp::MatrixForm::Sparse));
  BOOST_TEST(A.size() == factors->size());
  BOOST_TEST((dense - dense.transpose()).cwiseAbs().maxCoeff() <= 1e-12);
  Eigen::VectorXd x(A.size());
  for (int i = 0; i < x.size(); ++i) x[i] = std::sin(1.0 + i);
  const Eigen::VectorXd expected = dense * x;
  for (const mlcp::Operator* op : {&A, &sparse}) {
    BOOST_TEST_INFO(toString(op->form()));
    BOOST_TEST(((*op) * x - expected).cwiseAbs().maxCoeff() <= 1e-12);
    BOOST_TEST((op->diagonal() - dense.diagonal()).cwiseAbs().maxCoeff() <= 1e-12);
    BOOST_TEST(std::abs(op->coeff(4, 1) - dense(4, 1)) <= 1e-12);
    BOOST_TEST(op->nonZeros() == sparse.nonZeros());
    BOOST_TEST(op->check().empty());
  }
  // Contact problems are sparse: a row couples only with the contacts on its two bodies.
  BOOST_TEST(sparse.nonZeros() < dense.size() / 2);
  BOOST_CHECK_THROW(A.dense(), std::logic_error);
  BOOST_CHECK_THROW(sparse.factors(), std::logic_error);
  BOOST_CHECK_THROW(mlcp::Operator(std::shared_ptr<const mlcp::Factors>()), std::invalid_argument);
}

BOOST_DATA_TEST_CASE(pgs_gives_the_same_iterates_on_every_form,
                     bdata::make({1, 5, 60}) * bdata::make({1.0, 1.3}),
                     sweeps,
                     omega) {
  mlcp::PgsOptions options;
  options.maxIterations = sweeps;
  options.relaxation = omega;
  options.relativeTolerance = 0.0;
  options.recordHistory = true;
  for (const auto& factors : {stacks(100.0), chain()})
    expectSameIterates([&] { return std::make_unique<mlcp::PgsSolver>(options); }, factors, 1e-11);
}

BOOST_DATA_TEST_CASE(apgd_gives_the_same_iterates_on_every_form, bdata::make({1, 5, 60}), steps) {
  mlcp::ApgdOptions options;
  options.maxIterations = steps;
  options.relativeTolerance = 0.0;
  options.recordHistory = true;
  for (const auto& factors : {stacks(100.0), chain()})
    expectSameIterates([&] { return std::make_unique<mlcp::ApgdSolver>(options); }, factors, 1e-9);
}

// The families added behind MixedLCP (NSGS, NNCG, PGS-SM, Jacobi, blocked Jacobi) take every
// form too, with the same iterates up to rounding.
BOOST_DATA_TEST_CASE(new_families_give_the_same_iterates_on_every_form,
                     bdata::make({"nsgs", "nncg", "pgs-sm", "jacobi", "blocked-jacobi"}) *
                         bdata::make({3, 40}),
                     name,
                     iterations) {
  mlcp::SolverSettings settings;
  settings.maxIterations = iterations;
  settings.relativeTolerance = 0.0;
  settings.recordHistory = true;
  // PGS-SM's subspace solves on the heavy-top stacks (A nearly singular: CFM / h = 1e-6 against
  // entries of order 1) carry the forms' different rounding up by the subspace's condition
  // number, about 10x more than the sweeps alone.
  const double tolerance = std::string(name) == "pgs-sm" ? 1e-8 : 1e-9;
  for (const auto& factors : {stacks(100.0), chain()})
    expectSameIterates([&] { return mlcp::makeSolver(name, settings); }, factors, tolerance);
}

BOOST_AUTO_TEST_CASE(earlier_matrix_free_names_make_the_same_solvers) {
  const mlcp::Problem problem = mlcp::toProblem(stacks());
  for (const auto& [alias, name] :
       {std::pair{"pgs-matrix-free", "pgs"}, std::pair{"apgd-matrix-free", "apgd"}}) {
    auto solver = mlcp::makeSolver(alias);
    BOOST_TEST(solver->name() == name);
    solver->setProblem(problem);
    const auto& report = solver->solve();
    BOOST_TEST_INFO(alias << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(mlcp::computeResiduals(stacks()->toDense(), solver->getLambda()).relative <= 1e-6);
  }
  mlcp::SolverSettings settings;
  settings.relaxation = 1.7;
  settings.maxIterations = 12;
  auto pgs = mlcp::makeSolver("pgs-matrix-free", settings);
  const auto& options = dynamic_cast<const mlcp::PgsSolver&>(*pgs).options();
  BOOST_TEST(options.relaxation == 1.7);
  BOOST_TEST(options.maxIterations == 12);
}

// The factor form's name of earlier versions still names the same type for one release.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static_assert(std::is_same_v<mlcp::MatrixFreeProblem, mlcp::Factors>);
#pragma GCC diagnostic pop

BOOST_AUTO_TEST_CASE(bad_forms_are_a_status_not_a_crash) {
  auto expectInvalid = [](mlcp::Operator A, const std::string& fragment) {
    mlcp::Problem p = mlcp::toProblem(stacks());
    p.A = std::move(A);
    for (const char* name : {"pgs", "apgd", "dantzig"}) {
      auto solver = mlcp::makeSolver(name);
      solver->setProblem(p);
      const auto& report = solver->solve();
      BOOST_TEST_INFO(name << ": " << report.message);
      BOOST_TEST(report.status == mlcp::Status::InvalidProblem);
      BOOST_TEST(report.message.find(fragment) != std::string::npos);
      BOOST_TEST(solver->getLambda().isZero());
    }
  };
  auto bad = std::make_shared<mlcp::Factors>(*stacks());
  bad->bodies(4, 0) = 99;
  expectInvalid(mlcp::Operator(bad), "row 4: body1 = 99");
  bad = std::make_shared<mlcp::Factors>(*stacks());
  bad->J(2, 3) = std::numeric_limits<double>::quiet_NaN();
  expectInvalid(mlcp::Operator(bad), "J row 2 is not finite");
  bad = std::make_shared<mlcp::Factors>(*stacks());
  bad->cfm.resize(3);
  expectInvalid(mlcp::Operator(bad), "cfm has 3 entries");
  Eigen::SparseMatrix<double> S = stacks()->assembleSparse();
  S.coeffRef(5, 5) = std::numeric_limits<double>::infinity();
  expectInvalid(S, "A(5, 5) = inf is not finite");
  expectInvalid(Eigen::SparseMatrix<double>(4, 5), "A is 4 x 5: it must be square");
}

// A 30,000-row sparse A: a dense copy (Lemke, Dantzig's dense form) would take 7.2 GB, so they
// answer Unsupported with the reason; PGS solves it in its own form.
BOOST_AUTO_TEST_CASE(a_dense_copy_that_would_not_fit_is_unsupported) {
  constexpr int n = 30000;
  Eigen::SparseMatrix<double> A(n, n);
  A.setIdentity();
  A *= 2.0;
  mlcp::Problem p;
  p.A = A;
  p.b = Eigen::VectorXd::Ones(n);
  p.lo = Eigen::VectorXd::Zero(n);
  p.hi = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::infinity());
  p.findex = Eigen::VectorXi::Constant(n, -1);
  mlcp::DantzigOptions dense;
  dense.factorization = mlcp::DantzigFactorization::Dense;
  std::unique_ptr<mlcp::MixedLCP> solvers[] = {mlcp::makeSolver("lemke"),
                                               std::make_unique<mlcp::DantzigSolver>(dense)};
  for (const auto& solver : solvers) {
    BOOST_TEST(solver->capabilities().denseA);
    solver->setProblem(p);
    const auto& report = solver->solve();
    BOOST_TEST_INFO(solver->name() << ": " << report.message);
    BOOST_TEST(report.status == mlcp::Status::Unsupported);
    BOOST_TEST(report.message.find("7.2 GB") != std::string::npos);
  }
  // Dantzig's automatic choice takes the sparse form here (docs/sparse-pivoting.md).
  BOOST_TEST(!mlcp::makeSolver("dantzig")->capabilities().denseA);
  mlcp::PgsSolver pgs;
  pgs.setProblem(p);
  BOOST_TEST(pgs.solve().status == mlcp::Status::Converged);
  BOOST_TEST(std::abs(pgs.getLambda()[n - 1] - 0.5) <= 1e-6);
}

BOOST_AUTO_TEST_SUITE_END()
