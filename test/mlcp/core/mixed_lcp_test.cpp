// The MixedLCP base: validation of bad input (a status and a message naming the field and row,
// never a crash), the VEROSIM call order, and the report.

#include <mlcp/core/problem_check.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// A valid 4-row problem: rows 0, 1 a contact (normal + friction), rows 2, 3 boxed.
struct Fixture {
  Eigen::MatrixXd A = Eigen::MatrixXd::Identity(4, 4) * 2.0;
  Eigen::VectorXd b = Eigen::Vector4d(1, 0.5, -1, 3);
  Eigen::VectorXd lo = Eigen::Vector4d(0, -0.5, -1, -1);
  Eigen::VectorXd hi = Eigen::Vector4d(kInf, 0.5, 1, 1);
  Eigen::VectorXi findex = Eigen::Vector4i(-1, 0, -1, -1);
  int nub = 0;

  const mlcp::SolveReport& solve(mlcp::MixedLCP& solver) const {
    solver.setMatrix(A);
    solver.setRightSide(b);
    solver.setLow(lo);
    solver.setHigh(hi);
    solver.setFrictionIndex(findex);
    solver.setNumberUnbounded(nub);
    return solver.solve();
  }
};

void expectInvalid(const Fixture& f,
                   const std::string& fragment,
                   mlcp::Status status = mlcp::Status::InvalidProblem) {
  mlcp::DantzigSolver solver;
  const mlcp::SolveReport& report = f.solve(solver);
  BOOST_TEST_INFO("message: " << report.message);
  BOOST_TEST(report.status == status);
  BOOST_TEST(report.message.find(fragment) != std::string::npos);
  BOOST_TEST(solver.getLambda().allFinite());
  BOOST_TEST(!solver.validSolution(1e-6));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(MixedLcp)

BOOST_AUTO_TEST_CASE(verosim_call_order_solves) {
  Fixture f;
  mlcp::DantzigSolver solver;
  const mlcp::SolveReport& report = f.solve(solver);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.succeeded());
  BOOST_TEST(solver.validSolution(1e-12));
  // x = clamp(b / 2): normal 0.5, friction 0.25 within mu * 0.5 = 0.25, boxed -0.5, 1 (at hi).
  BOOST_TEST(std::abs(solver.getLambda()[0] - 0.5) < 1e-15);
  BOOST_TEST(std::abs(solver.getLambda()[1] - 0.25) < 1e-15);
  BOOST_TEST(solver.getLambda()[3] == 1.0);
  const Eigen::VectorXd w = f.A * solver.getLambda() - f.b;
  BOOST_TEST((solver.ref_w() - w).cwiseAbs().maxCoeff() < 1e-15);
  BOOST_TEST(report.solveSeconds >= 0.0);
  BOOST_TEST(solver.name() == "dantzig");
}

BOOST_AUTO_TEST_CASE(dimension_mismatch) {
  Fixture f;
  f.b = Eigen::Vector3d(1, 2, 3);
  expectInvalid(f, "b has 3 entries but A is 4 x 4");
  Fixture g;
  g.hi = Eigen::Vector2d(1, 2);
  expectInvalid(g, "hi has 2 entries");
  Fixture h;
  h.A = Eigen::MatrixXd::Identity(4, 3);
  expectInvalid(h, "must be square");
}

BOOST_AUTO_TEST_CASE(non_finite_values) {
  Fixture f;
  f.A(2, 1) = kNaN;
  expectInvalid(f, "A(2, 1) = nan is not finite");
  Fixture g;
  g.b[3] = kInf;
  expectInvalid(g, "b[3] = inf is not finite");
  Fixture h;
  h.lo[2] = kNaN;
  expectInvalid(h, "lo[2] is NaN");
  Fixture k;
  k.hi[1] = kNaN;  // mu of the friction row
  expectInvalid(k, "hi[1] = nan on friction row 1");
}

// A dense or sparse A is checked once per setMatrix(); a new matrix on the same solver is checked
// again, and b, lo, hi on every solve.
BOOST_AUTO_TEST_CASE(a_new_matrix_is_checked_again_after_a_valid_solve) {
  for (const bool sparse : {false, true}) {
    BOOST_TEST_CONTEXT((sparse ? "sparse" : "dense")) {
      Fixture f;
      mlcp::DantzigSolver solver;
      const auto setA = [&](const Eigen::MatrixXd& A) {
        if (sparse)
          solver.setMatrix(mlcp::Operator(Eigen::SparseMatrix<double>(A.sparseView())));
        else
          solver.setMatrix(A);
      };
      BOOST_TEST(f.solve(solver).status == mlcp::Status::Converged);
      BOOST_TEST(solver.solve().status == mlcp::Status::Converged);  // same A: not checked again
      Eigen::MatrixXd bad = f.A;
      bad(2, 1) = kNaN;
      setA(bad);
      const mlcp::SolveReport& r = solver.solve();
      BOOST_TEST_INFO("message: " << r.message);
      BOOST_TEST(r.status == mlcp::Status::InvalidProblem);
      BOOST_TEST(r.message.find("A(2, 1) = nan is not finite") != std::string::npos);
      setA(f.A);
      BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
      Eigen::VectorXd b = f.b;
      b[3] = kInf;
      solver.setRightSide(b);
      BOOST_TEST(solver.solve().message.find("b[3] = inf is not finite") != std::string::npos);
    }
  }
}

BOOST_AUTO_TEST_CASE(lo_greater_than_hi) {
  Fixture f;
  f.lo[3] = 2.0;
  expectInvalid(f, "lo[3] = 2 > hi[3] = 1");
}

BOOST_AUTO_TEST_CASE(bad_findex) {
  Fixture f;
  f.findex[1] = 1;
  expectInvalid(f, "findex[1] = 1 points at the row itself");
  Fixture g;
  g.findex[1] = 7;
  expectInvalid(g, "findex[1] = 7 is out of range -1 .. 3");
  Fixture h;
  h.findex[2] = 1;  // points at the friction row 1
  expectInvalid(h, "findex[2] = 1 points at row 1, itself a friction row");
}

BOOST_AUTO_TEST_CASE(bad_nub) {
  Fixture f;
  f.nub = 5;
  expectInvalid(f, "nub = 5 is outside 0 .. n = 4");
  Fixture g;
  g.nub = 3;  // rows 0..2 include a contact and a friction row
  expectInvalid(g, "row 0 < nub = 3 has finite bounds");
}

BOOST_AUTO_TEST_CASE(bad_warm_start_is_invalid_not_dropped) {
  // A warm start of the wrong size or with NaN / Inf is an invalid input naming it, for a
  // solver that uses it (PGS) and one that does not (Dantzig): never a silent cold start.
  Fixture f;
  for (const char* name : {"pgs", "dantzig"}) {
    BOOST_TEST_CONTEXT("solver " << name) {
      const auto solver = mlcp::makeSolver(name);
      solver->setInitialGuess(Eigen::Vector3d(0.1, 0.0, 0.0));
      const mlcp::SolveReport& shortGuess = f.solve(*solver);
      BOOST_TEST(shortGuess.status == mlcp::Status::InvalidProblem);
      BOOST_TEST_INFO("message: " << shortGuess.message);
      BOOST_TEST(shortGuess.message.find("initial guess x0 has 3 entries but A is 4 x 4") == 0u);
      BOOST_TEST(solver->getLambda().isZero(0.0));
      solver->setInitialGuess(Eigen::Vector4d(0.5, kNaN, 0.0, 0.0));
      const mlcp::SolveReport& nanGuess = f.solve(*solver);
      BOOST_TEST(nanGuess.status == mlcp::Status::InvalidProblem);
      BOOST_TEST_INFO("message: " << nanGuess.message);
      BOOST_TEST(nanGuess.message.find("initial guess x0[1] = nan is not finite") == 0u);
      BOOST_TEST(nanGuess.message.find("clearInitialGuess()") != std::string::npos);
      solver->setInitialGuess(Eigen::Vector4d(0.5, 0.0, -kInf, 0.0));
      BOOST_TEST(f.solve(*solver).message.find("x0[2] = -inf is not finite") != std::string::npos);
      solver->clearInitialGuess();  // the cure the message names
      BOOST_TEST(f.solve(*solver).status == mlcp::Status::Converged);
    }
  }
}

BOOST_AUTO_TEST_CASE(problem_warm_start_is_checked_as_set_initial_guess) {
  // setProblem() hands the problem's x on as the initial guess; a wrong one is reported.
  Fixture f;
  mlcp::Problem p;
  p.A = mlcp::Operator(f.A);
  p.b = f.b;
  p.lo = f.lo;
  p.hi = f.hi;
  p.findex = f.findex;
  BOOST_TEST(mlcp::problemError(p).empty());
  p.x = Eigen::VectorXd::Zero(5);
  BOOST_TEST(mlcp::problemError(p) == "x has 5 entries but A is 4 x 4");
  mlcp::PgsSolver solver;
  solver.setProblem(p);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::InvalidProblem);
  BOOST_TEST_INFO("message: " << report.message);
  BOOST_TEST(report.message.find("initial guess x0 has 5 entries") == 0u);
  p.x = Eigen::Vector4d(0.5, 0.25, -0.5, 1.0);  // the answer: PGS starts there
  solver.setProblem(p);
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
}

BOOST_AUTO_TEST_CASE(problem_check_is_solve_rule) {
  // mlcp::problemError(problem) gives the message solve() reports (one rule).
  Fixture f;
  f.lo[3] = 2.0;
  mlcp::Problem p;
  p.A = mlcp::Operator(f.A);
  p.b = f.b;
  p.lo = f.lo;
  p.hi = f.hi;
  p.findex = f.findex;
  mlcp::DantzigSolver solver;
  BOOST_TEST(mlcp::problemError(p) == f.solve(solver).message);
  BOOST_TEST(mlcp::problemError(p) == "lo[3] = 2 > hi[3] = 1");
}

BOOST_AUTO_TEST_CASE(dantzig_needs_symmetric_psd_a) {
  // Valid problems that Dantzig does not take: Unsupported, not InvalidProblem.
  Fixture f;
  f.A(0, 3) = 1.0;
  expectInvalid(f,
                "A is not symmetric, nor made symmetric by scaling its rows: A(3, 0) = 0 but "
                "A(0, 3) = 1",
                mlcp::Status::Unsupported);
  Fixture g;
  g.A(2, 2) = -1.0;
  expectInvalid(g, "A(2, 2) = -1 is negative", mlcp::Status::Unsupported);
}

BOOST_AUTO_TEST_CASE(empty_problem) {
  mlcp::DantzigSolver solver;
  solver.setMatrix(Eigen::MatrixXd(0, 0));
  solver.setRightSide(Eigen::VectorXd(0));
  solver.setLow(Eigen::VectorXd(0));
  solver.setHigh(Eigen::VectorXd(0));
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(solver.getLambda().size() == 0);
}

BOOST_AUTO_TEST_CASE(options_are_checked) {
  mlcp::DantzigOptions options;
  options.maxIterations = 0;
  BOOST_CHECK_THROW(mlcp::DantzigSolver{options}, std::invalid_argument);
  options = {};
  options.pivotTolerance = -1.0;
  std::string why;
  BOOST_TEST(!options.isValid(&why));
  BOOST_TEST(why.find("DantzigOptions::pivotTolerance = -1") == 0u);
}

BOOST_AUTO_TEST_CASE(factory_makes_by_name) {
  auto solver = mlcp::makeSolver("dantzig");
  BOOST_TEST(solver->name() == "dantzig");
  BOOST_CHECK_THROW(mlcp::makeSolver("simplex"), std::invalid_argument);
  try {
    mlcp::makeSolver("simplex");
  } catch (const std::invalid_argument& e) {
    BOOST_TEST(std::string(e.what()).find("known solvers: dantzig") != std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()
