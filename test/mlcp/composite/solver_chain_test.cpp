// FallbackSolver and AutoSolver, the solver chains: the answer of the first stage that
// converges, else the best answer of any stage with its status; refusals passed over and never
// an invalid-problem after a search; auto says what it chose and why.

#include "known_solution_problems.hpp"
#include "test_data.hpp"
#include "test_problems.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace {

using mlcp::test::lcp;

/// A non-symmetric LCP (Dantzig and APGD refuse it; Lemke solves it).
mlcp::Problem nonSymmetric() {
  Eigen::Matrix3d A;
  A << 2.0, 1.0, 0.0, -0.5, 3.0, 0.4, 0.3, 0.0, 1.5;
  return lcp(A, Eigen::Vector3d(1.0, -0.5, 2.0));
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// A = G G^T + diag(C), G block diagonal (8 bodies of 10 rows and 4 columns: n = 80, r = 32, a
/// density of 1/8), C DART's relative CFM (1e-5 of the diagonal); an LCP with b in [-1, 1].
/// A = G G^T + C on independent blocks of `rows` rows and rank `rank` each; C is DART's relative
/// CFM (C_i = 1e-5 (G G^T)_ii) or, with `constantCfm` > 0, that constant on every row (Bullet's).
mlcp::Problem lowRankStack(int bodies = 8, int rows = 10, int rank = 4, double constantCfm = 0.0) {
  const int n = bodies * rows;
  std::srand(7);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
  for (int k = 0; k < bodies; ++k) {
    const Eigen::MatrixXd G = Eigen::MatrixXd::Random(rows, rank);
    A.block(k * rows, k * rows, rows, rows) = G * G.transpose();
  }
  if (constantCfm > 0.0)
    A.diagonal().array() += constantCfm;
  else
    A.diagonal() *= 1.0 + 1e-5;
  return lcp(A, Eigen::VectorXd::Random(n));
}

/// Solves through an inner solver on its own validated problem, as a composite solver does
/// (MixedLCP::solveView()); the inner solver is told of a new A with `extraRows` rows more than
/// the problem has (0: the right count).
class ViewForwarder final : public mlcp::MixedLCP {
 public:
  explicit ViewForwarder(std::unique_ptr<mlcp::MixedLCP> inner, int extraRows = 0)
      : m_inner(std::move(inner)), m_extraRows(extraRows) {}
  std::string_view name() const override { return "view-forwarder"; }
  mlcp::Capabilities capabilities() const override { return m_inner->capabilities(); }
  const mlcp::SolverOptions& commonOptions() const override { return m_inner->commonOptions(); }
  const mlcp::MixedLCP& inner() const { return *m_inner; }

 private:
  void doSetup(int) override {}
  void doSolve(const mlcp::ProblemView& problem,
               Eigen::VectorXd& x,
               mlcp::SolveReport& report) override {
    if (m_version != matrixVersion()) {
      m_inner->viewMatrixChanged(problem.size() + m_extraRows);
      m_version = matrixVersion();
    }
    report.status = m_inner->solveView(problem, x).status;
    if (m_inner->getLambda().size() == x.size()) x = m_inner->getLambda();
  }

  std::unique_ptr<mlcp::MixedLCP> m_inner;
  int m_extraRows = 0;
  std::uint64_t m_version = ~std::uint64_t{0};
};

/// A stage that records the initial guess it was handed and answers MaxIterations with it.
class StartRecorder final : public mlcp::MixedLCP {
 public:
  std::string_view name() const override { return "start-recorder"; }
  mlcp::Capabilities capabilities() const override { return {}; }
  const mlcp::SolverOptions& commonOptions() const override { return m_options; }
  const Eigen::VectorXd& start() const { return m_start; }

 private:
  void doSetup(int) override {}
  void doSolve(const mlcp::ProblemView&, Eigen::VectorXd& x, mlcp::SolveReport& report) override {
    m_start = x;
    report.status = mlcp::Status::MaxIterations;
  }

  mlcp::SolverOptions m_options;
  Eigen::VectorXd m_start;
};

/// The same x, w and report from solve() on a copy and from solveView() on the problem.
void expectSameSolve(const mlcp::MixedLCP& copied, const mlcp::MixedLCP& viewed) {
  const mlcp::SolveReport& a = copied.report();
  const mlcp::SolveReport& b = viewed.report();
  BOOST_TEST_INFO(copied.name() << ": " << a.message << " | " << b.message);
  BOOST_TEST(a.status == b.status);
  BOOST_TEST(a.message == b.message);
  BOOST_TEST(a.iterations == b.iterations);
  BOOST_TEST(a.pivots == b.pivots);
  BOOST_TEST(a.scaledResidual == b.scaledResidual);
  BOOST_TEST(a.relativeResidual == b.relativeResidual);
  BOOST_TEST(a.worstRow == b.worstRow);
  BOOST_TEST((copied.getLambda().array() == viewed.getLambda().array()).all());
  BOOST_TEST((copied.ref_w().array() == viewed.ref_w().array()).all());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(SolverChain)

BOOST_AUTO_TEST_CASE(fallback_passes_refusals_over_to_the_next_stage) {
  auto solver = mlcp::makeSolver("fallback");
  solver->setProblem(nonSymmetric());
  const mlcp::SolveReport& report = solver->solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(contains(report.message, "dantzig: unsupported"));
  BOOST_TEST(contains(report.message, "newton: converged"));  // the stage after dantzig
  const auto& fallback = dynamic_cast<const mlcp::FallbackSolver&>(*solver);
  BOOST_TEST(fallback.stage(fallback.usedStage()).name() == "newton");
  BOOST_TEST(fallback.fallbackCount() == 1);
}

BOOST_AUTO_TEST_CASE(fallback_stages_are_one_list) {
  const auto& names = mlcp::fallbackStageNames();
  BOOST_TEST(names.front() == "dantzig");
  BOOST_TEST((std::find(names.begin(), names.end(), "lemke") != names.end()));
  const auto fallback = mlcp::makeSolver("fallback");
  BOOST_TEST(dynamic_cast<const mlcp::FallbackSolver&>(*fallback).stageCount() ==
             static_cast<int>(names.size()));
}

BOOST_AUTO_TEST_CASE(a_pivoting_ray_end_is_not_the_next_stage_start) {
  // w_0 = -x_1 - 1 < 0 for every x >= 0: no solution; Lemke ends on a secondary ray at
  // x = (0, 1/3). The next stage starts from the caller's guess (0), not from the ray's end.
  const mlcp::Problem p =
      lcp((Eigen::MatrixXd(2, 2) << 0.0, -1.0, -1.0, 2.0).finished(), Eigen::Vector2d(1.0, 2.0));
  auto lemke = mlcp::makeSolver("lemke");
  lemke->setProblem(p);
  BOOST_TEST_REQUIRE(lemke->solve().status == mlcp::Status::Unbounded);
  BOOST_TEST_REQUIRE(lemke->getLambda().norm() > 0.0);
  std::vector<std::unique_ptr<mlcp::MixedLCP>> stages;
  stages.push_back(mlcp::makeSolver("lemke"));
  stages.push_back(std::make_unique<StartRecorder>());
  mlcp::FallbackSolver solver(std::move(stages));
  solver.setProblem(p);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  const auto& recorder = dynamic_cast<const StartRecorder&>(solver.stage(1));
  BOOST_TEST_REQUIRE(recorder.start().size() == 2);
  BOOST_TEST(recorder.start().norm() == 0.0);
  BOOST_TEST(contains(report.message, "lemke: unbounded"));
}

BOOST_AUTO_TEST_CASE(no_converged_stage_gives_the_best_answer_with_its_status) {
  // Two iterations of Jacobi, then two sweeps of NSGS: neither converges; the answer with the lower
  // residual is returned, with its stage's status, and both are in the message.
  mlcp::SolverSettings settings;
  settings.maxIterations = 2;
  std::vector<std::unique_ptr<mlcp::MixedLCP>> stages;
  stages.push_back(mlcp::makeSolver("jacobi", settings));
  stages.push_back(mlcp::makeSolver("nsgs", settings));
  mlcp::FallbackSolver solver(std::move(stages));
  const mlcp::test::KnownSolutionCase c = mlcp::test::knownSolutionBaseCases()[3];  // mass ratio
  solver.setProblem(c.problem);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::MaxIterations);
  BOOST_TEST(contains(report.message, "jacobi: max-iterations"));
  BOOST_TEST(contains(report.message, "nsgs: max-iterations"));
  BOOST_TEST(solver.usedStage() >= 0);
}

BOOST_AUTO_TEST_CASE(every_stage_refusing_is_unsupported_not_invalid) {
  // A negative diagonal: APGD, PGS and NSGS refuse it; with only those, the chain answers
  // Unsupported (the input is valid).
  mlcp::Problem p = nonSymmetric();
  Eigen::MatrixXd A = p.A.dense();
  A = -0.5 * (A + A.transpose()).eval();
  p.A = A;
  std::vector<std::unique_ptr<mlcp::MixedLCP>> stages;
  for (const char* name : {"apgd", "pgs", "nsgs"}) stages.push_back(mlcp::makeSolver(name));
  mlcp::FallbackSolver solver(std::move(stages));
  solver.setProblem(p);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Unsupported);
  BOOST_TEST(solver.usedStage() == -1);
  // Bad input stays InvalidProblem, found before any stage runs.
  p.lo[0] = 1.0;
  p.hi[0] = 0.0;
  solver.setProblem(p);
  BOOST_TEST(solver.solve().status == mlcp::Status::InvalidProblem);
}

BOOST_AUTO_TEST_CASE(auto_says_what_it_chose_and_why) {
  auto solver = mlcp::makeSolver("auto");
  mlcp::Problem zeroDiagonal = nonSymmetric();
  Eigen::MatrixXd A = zeroDiagonal.A.dense();
  A(0, 0) = 0.0;  // no PGS-SM trial: Lemke first
  zeroDiagonal.A = A;
  solver->setProblem(zeroDiagonal);
  const mlcp::SolveReport& a = solver->solve();
  BOOST_TEST_INFO(a.message);
  BOOST_TEST(a.status == mlcp::Status::Converged);
  BOOST_TEST(contains(a.message, "a diagonal entry A_ii <= 0, n = 3 <= 1000"));
  BOOST_TEST(contains(a.message, "chose lemke, then newton; lemke: converged"));
  // Lemke answered before A was measured: the plan is those two stages.
  BOOST_TEST(dynamic_cast<const mlcp::AutoSolver&>(*solver).plan().stages.size() == 2u);
  const auto& chooser = dynamic_cast<const mlcp::AutoSolver&>(*solver);
  BOOST_TEST(chooser.usedStage() == "lemke");
  BOOST_TEST_REQUIRE(chooser.usedSolver() != nullptr);
  BOOST_TEST(chooser.usedSolver()->name() == "lemke");

  for (const mlcp::test::KnownSolutionCase& c : mlcp::test::knownSolutionCases()) {
    if (c.family != "friction" || (c.scaling != "" && c.scaling != "rows x 1e8")) continue;
    solver->setProblem(c.problem);
    const mlcp::SolveReport& r = solver->solve();
    BOOST_TEST_INFO(c.name << ": " << r.message);
    BOOST_TEST(r.status == mlcp::Status::Converged);
    // n < 32 with friction rows: Dantzig first, A not measured (Dantzig takes T A symmetric)
    BOOST_TEST(contains(r.message, "every A_ii > 0: exact pivoting first, A not measured"));
    BOOST_TEST(contains(r.message, "chose dantzig; dantzig: converged"));
    BOOST_TEST(mlcp::test::relativeError(solver->getLambda(), c.xStar) <= 1e-6);
  }
}

// Below kTinyRows rows with every A_ii > 0 and no trial (friction rows, or n >= kTinyTrialRows)
// Dantzig runs before A is measured; an A it refuses (not symmetric) is measured then, and
// planned as such.
BOOST_AUTO_TEST_CASE(auto_pivots_first_on_a_tiny_problem_and_measures_a_refused_a) {
  constexpr int n = 20;  // no PGS-SM trial from kTinyTrialRows = 16 rows on
  std::srand(3);
  Eigen::MatrixXd A = Eigen::MatrixXd::Random(n, n) * 0.2;  // A_ij != A_ji
  A.diagonal().setConstant(n * 0.2 + 1.0);                  // diagonally dominant: a P-matrix
  mlcp::Problem p = lcp(A, Eigen::VectorXd::Random(n));
  mlcp::AutoSolver solver;
  solver.setProblem(p);
  const mlcp::SolveReport& r = solver.solve();
  BOOST_TEST_INFO(r.message);
  BOOST_TEST(r.status == mlcp::Status::Converged);
  BOOST_TEST(contains(r.message, "n = 20 < 32, every A_ii > 0: exact pivoting first"));
  BOOST_TEST(contains(r.message, "dantzig: unsupported (A is not symmetric"));
  BOOST_TEST(contains(r.message, "; A is not symmetric ("));
  BOOST_TEST(contains(r.message, "chose lemke, then newton, pgs, nncg; lemke: converged"));
  BOOST_TEST(solver.usedStage() == "lemke");
  const std::vector<std::string> plan{"dantzig", "lemke", "newton", "pgs", "nncg"};
  BOOST_TEST(solver.plan().stages == plan, boost::test_tools::per_element());
  BOOST_TEST(r.scaledResidual <= 1e-9);

  // The symmetric part of the same A: Dantzig answers, and the plan is that one stage.
  p.A = Eigen::MatrixXd(0.5 * (A + A.transpose()));
  solver.setProblem(p);
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(solver.usedStage() == "dantzig");
  BOOST_TEST(solver.plan().stages.size() == 1u);

  // From kTinyRows rows on A is measured first: a row scaling of a symmetric A is named and
  // planned as such; Dantzig, which solves T A x = T b with T A symmetric, answers it.
  mlcp::RandomProblemOptions random;
  random.n = mlcp::AutoSolver::kTinyRows;
  mlcp::Problem scaled = mlcp::randomProblem(random);
  Eigen::MatrixXd rows = scaled.A.dense();
  rows.topRows(random.n / 2) *= 1e3;
  scaled.A = rows;
  scaled.b.head(random.n / 2) *= 1e3;
  solver.setProblem(scaled);
  const mlcp::SolveReport& s = solver.solve();
  BOOST_TEST_INFO(s.message);
  BOOST_TEST(s.status == mlcp::Status::Converged);
  BOOST_TEST(contains(s.message, "A is a row scaling of a symmetric matrix"));
  const std::vector<std::string> scaledPlan{"dantzig", "lemke", "newton", "apgd", "pgs-sm", "nncg"};
  BOOST_TEST(solver.plan().stages == scaledPlan, boost::test_tools::per_element());
  BOOST_TEST(solver.usedStage() == "dantzig");
}

// Below kTinyTrialRows rows with every A_ii > 0, a PGS-SM trial of kTinyTrialSweeps sweeps comes
// first whatever the symmetry of A; its answer, where it converges, is exact and the report's
// residuals and w are those of the returned x.
BOOST_AUTO_TEST_CASE(auto_tries_pgs_sm_first_on_a_tiny_problem_with_a_positive_diagonal) {
  // Murty's example (n = 6): A upper triangular, 1 on the diagonal and 2 above it, b = 1;
  // exponential for Lemke.
  constexpr int n = 6;
  Eigen::MatrixXd A = Eigen::MatrixXd::Identity(n, n);
  A.triangularView<Eigen::StrictlyUpper>().setConstant(2.0);
  const mlcp::Problem murty = lcp(A, Eigen::VectorXd::Ones(n));
  mlcp::AutoSolver solver;
  solver.setProblem(murty);
  const mlcp::SolveReport& r = solver.solve();
  BOOST_TEST_INFO(r.message);
  BOOST_TEST(r.status == mlcp::Status::Converged);
  // The trial converged: the rest of the plan was not chosen.
  BOOST_TEST(solver.plan().stages.size() == 1u);
  BOOST_TEST(solver.plan().stages.front() == "pgs-sm");
  BOOST_TEST(solver.usedStage() == "pgs-sm");
  BOOST_TEST(contains(r.message, "a PGS-SM trial of 32 sweeps first"));
  BOOST_TEST(contains(r.message, "chose pgs-sm (32 sweeps); pgs-sm: converged"));
  // The plan's text is written when n is set: it follows a problem of another size, and back.
  solver.setProblem(lcp(A.topLeftCorner(2, 2), murty.b.head(2)));
  BOOST_TEST(contains(solver.solve().message, "n = 2 < 16, every A_ii > 0"));
  solver.setProblem(murty);
  BOOST_TEST(contains(solver.solve().message, "n = 6 < 16, every A_ii > 0"));
  // The report holds for the returned x: its residuals and w recomputed from the problem.
  const mlcp::Residuals again = mlcp::computeResiduals(murty, solver.getLambda());
  BOOST_TEST(std::abs(r.scaledResidual - again.scaled) <= 1e-15);
  BOOST_TEST(std::abs(r.relativeResidual - again.relative) <= 1e-15);
  BOOST_TEST(r.worstRow == again.worstRow);
  const Eigen::VectorXd w = A * solver.getLambda() - murty.b;
  BOOST_TEST((solver.ref_w() - w).cwiseAbs().maxCoeff() <= 1e-12);
  BOOST_TEST(r.scaledResidual <= 1e-9);
  // The same answer as Lemke's.
  auto lemke = mlcp::makeSolver("lemke");
  lemke->setProblem(murty);
  BOOST_TEST(lemke->solve().status == mlcp::Status::Converged);
  BOOST_TEST((lemke->getLambda() - solver.getLambda()).cwiseAbs().maxCoeff() <= 1e-9);

  // A trial that does not converge hands over to the exact stages: Murty's example needs more
  // than the one sweep the trial is cut to here.
  mlcp::SolverSettings oneSweep;
  oneSweep.maxIterations = 1;
  mlcp::AutoSolver cut(oneSweep);
  cut.setProblem(murty);
  const mlcp::SolveReport& handed = cut.solve();
  BOOST_TEST_INFO(handed.message);
  BOOST_TEST(handed.status == mlcp::Status::Converged);
  BOOST_TEST(cut.usedStage() == "lemke");
  BOOST_TEST(contains(handed.message, "pgs-sm: max-iterations"));
  // then A measured, and the plan for a non-symmetric A
  BOOST_TEST(contains(handed.message, "A is not symmetric"));
  BOOST_TEST(contains(handed.message, "chose lemke, then newton, pgs, nncg; lemke: converged"));
  BOOST_TEST(cut.plan().stages.at(1) == "lemke");
  BOOST_TEST((cut.getLambda() - solver.getLambda()).cwiseAbs().maxCoeff() <= 1e-9);

  // From kTinyTrialRows rows on: no trial.
  mlcp::RandomProblemOptions random;
  random.n = mlcp::AutoSolver::kTinyTrialRows;
  solver.setProblem(mlcp::randomProblem(random));
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(solver.plan().stages.front() == "dantzig");
}

// No trial on friction rows (their bounds move with the normal forces): Bullet's box on a slope
// (n = 12), where PGS-SM needs about 500 sweeps, goes to Dantzig first.
BOOST_AUTO_TEST_CASE(auto_plans_no_trial_on_friction_rows,
                     *boost::unit_test::precondition(mlcp::test::SharedData{})) {
  const mlcp::Problem slope =
      mlcp::readProblem(*mlcp::test::sharedDataDir() / "captured/bullet/slope_step30.blcp");
  mlcp::AutoSolver solver;
  solver.setProblem(slope);
  const mlcp::SolveReport& r = solver.solve();
  BOOST_TEST_INFO(r.message);
  BOOST_TEST(r.status == mlcp::Status::Converged);
  BOOST_TEST(solver.plan().stages.front() == "dantzig");
  BOOST_TEST(solver.usedStage() == "dantzig");
  // the report's residual is that of the returned x (to rounding: w from the sparse form)
  BOOST_TEST(std::abs(r.scaledResidual -
                      mlcp::computeResiduals(slope, solver.getLambda()).scaled) <= 1e-12);
}

BOOST_AUTO_TEST_CASE(auto_plans_iterative_solvers_for_large_coupled_problems) {
  mlcp::SolverSettings settings;
  settings.maxIterations = 20;  // the plan is what is tested here
  mlcp::AutoSolver solver(settings);
  solver.setProblem(
      mlcp::test::sceneProblem("columns", {"nx=1", "ny=1", "layers=100", "shape=box"}));
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  // As factors: PGS with an exact polish in body space first, then APGD.
  BOOST_TEST(solver.plan().stages.front() == "polish");
  BOOST_TEST(solver.plan().stages.at(1) == "apgd");
  BOOST_TEST(contains(report.message, "largest island 1200"));
  // 1440 rows in 60 islands of 24
  solver.setProblem(
      mlcp::test::sceneProblem("columns", {"nx=60", "ny=1", "layers=2", "shape=box"}));
  const mlcp::SolveReport& islands = solver.solve();
  BOOST_TEST_INFO(islands.message);
  // As factors, each island is a low-rank form of its own bodies, planned on its own.
  BOOST_TEST(solver.plan().stages.front() == "islands:auto");
  BOOST_TEST(solver.plan().stages.at(1) == "apgd");
  BOOST_TEST(contains(islands.message, "each island planned on its own factors"));
  BOOST_TEST(islands.status == mlcp::Status::Converged);
  // The same problem with A's entries: Dantzig island by island.
  mlcp::Problem entries =
      mlcp::test::sceneProblem("columns", {"nx=60", "ny=1", "layers=2", "shape=box"});
  entries.A = entries.A.factors().toDense().A;
  solver.setProblem(entries);
  const mlcp::SolveReport& dense = solver.solve();
  BOOST_TEST_INFO(dense.message);
  BOOST_TEST(solver.plan().stages.front() == "islands:dantzig");
  BOOST_TEST(dense.status == mlcp::Status::Converged);
}

BOOST_AUTO_TEST_CASE(auto_plans_mid_size_problems_by_density_and_low_rank_form) {
  mlcp::AutoSolver solver;
  auto expectPlan = [&solver](const mlcp::Problem& p, const std::string& first,
                              const std::string& why) {
    solver.setProblem(p);
    const mlcp::SolveReport& r = solver.solve();
    BOOST_TEST_INFO(r.message);
    BOOST_TEST(solver.plan().stages.front() == first);
    BOOST_TEST(contains(r.message, why));
    BOOST_TEST(r.status == mlcp::Status::Converged);
    BOOST_TEST(solver.usedStage() == first);
  };
  // A = R R^T + 1e-3 I: every entry nonzero; PGS answers within its trial of sweeps.
  mlcp::RandomProblemOptions random;
  random.n = 60;
  expectPlan(mlcp::randomProblem(random), "pgs", "pgs (40 sweeps), then dantzig");
  // Factors of boxes (r = n / 2): bpp in the bodies' space; one column is one island.
  expectPlan(mlcp::test::sceneProblem(
                 "columns", {"nx=1", "ny=1", "layers=3", "shape=box", "cfm=1e-5"}, 1.0 / 60.0),
             "bpp", "(the factors, <= n / 2): pivoting in the bodies' space;");
  // Two columns apart are two islands, found from the factors' bodies: bpp island by island.
  const mlcp::Problem columns = mlcp::test::sceneProblem(
      "columns", {"nx=2", "ny=1", "layers=3", "shape=box", "cfm=1e-5"}, 1.0 / 60.0);
  expectPlan(columns, "islands:bpp",
             "(the factors, <= n / 2): pivoting in the bodies' space, "
             "island by island (2 islands)");
  // Spheres: three rows a contact, r = 6 x bodies > n, so PGS first, then the polish.
  expectPlan(mlcp::test::sceneProblem(
                 "columns", {"nx=2", "ny=2", "layers=8", "shape=sphere", "cfm=1e-5"}, 1.0 / 60.0),
             "polish", "> n / 2 (a pile)");
  // The same A assembled dense: its absolute CFM is not DART's relative one, so no low-rank
  // form is taken from its entries, nor A = G G^T (CFM > 0: A regular); sparse, so Newton
  // (Dantzig first took 1.5-40 times as long on such piles).
  mlcp::Problem dense = columns;
  dense.A = columns.A.factors().toDense().A;
  expectPlan(dense, "newton", "sparse (");
}

BOOST_AUTO_TEST_CASE(a_stage_solving_on_the_view_answers_as_on_a_copy) {
  const mlcp::Problem friction = mlcp::test::knownSolutionBaseCases()[3].problem;
  const mlcp::Problem stack = lowRankStack();
  for (const char* name : {"dantzig", "lemke", "newton", "pgs", "bpp"}) {
    const mlcp::Problem& p = std::string(name) == "bpp" ? stack : friction;
    auto copied = mlcp::makeSolver(name);
    ViewForwarder viewed(mlcp::makeSolver(name));
    copied->setProblem(p);
    viewed.setProblem(p);
    copied->solve();
    viewed.solve();
    expectSameSolve(*copied, viewed.inner());
    BOOST_TEST(viewed.report().scaledResidual == copied->report().scaledResidual);
    // a second right side on the same A, from the first answer
    mlcp::Problem next = p;
    next.b *= 0.5;
    next.x = copied->getLambda();
    copied->setProblem(next);
    viewed.setRightSide(next.b);
    viewed.setInitialGuess(*next.x);
    copied->solve();
    viewed.solve();
    expectSameSolve(*copied, viewed.inner());
  }
}

BOOST_AUTO_TEST_CASE(a_view_of_other_than_the_announced_rows_is_invalid) {
  ViewForwarder viewed(mlcp::makeSolver("dantzig"), 1);
  viewed.setProblem(nonSymmetric());
  viewed.solve();
  const mlcp::SolveReport& r = viewed.inner().report();
  BOOST_TEST_INFO(r.message);
  BOOST_TEST(r.status == mlcp::Status::InvalidProblem);
  BOOST_TEST(contains(r.message, "problem of 3 rows"));
  BOOST_TEST(contains(r.message, "viewMatrixChanged(4)"));
}

BOOST_AUTO_TEST_CASE(auto_plans_bpp_for_a_low_rank_form_found_in_a_up_to_half_of_n) {
  // r = 32 of n = 80: above n / 4, within n / 2 and 64; DART's relative CFM regularizes every
  // row.
  mlcp::AutoSolver solver;
  solver.setProblem(lowRankStack());
  const mlcp::SolveReport& r = solver.solve();
  BOOST_TEST_INFO(r.message);
  BOOST_TEST(solver.plan().stages.front() == "bpp");
  BOOST_TEST(contains(r.message, "r = 32 (found in A, C > 0, <= n / 2 and <= 64)"));
  BOOST_TEST(r.status == mlcp::Status::Converged);
  BOOST_TEST(solver.usedStage() == "bpp");
}

BOOST_AUTO_TEST_CASE(auto_plans_bpp_for_a_constant_cfm_form_up_to_a_third_of_n) {
  // r = 70 of n = 210: above 64 and n / 4, within n / 3; one constant C = 6e-4 (Bullet's CFM).
  mlcp::AutoSolver solver;
  solver.setProblem(lowRankStack(14, 15, 5, 6e-4));
  const mlcp::SolveReport& r = solver.solve();
  BOOST_TEST_INFO(r.message);
  BOOST_TEST(solver.plan().stages.front() == "bpp");
  BOOST_TEST(contains(r.message, "r = 70 (found in A, C > 0, <= n / 3)"));
  BOOST_TEST(r.status == mlcp::Status::Converged);
  BOOST_TEST(solver.usedStage() == "bpp");
}

// Bullet's CFM-free pyramid at step 30 has no solution (docs/solver-selection.md, "When there is
// no answer"): dantzig's friction rounds and newton stall, and the plan ends there instead of
// running lemke, apgd and pgs (1.2 s before); the status is no success and the message says why.
BOOST_AUTO_TEST_CASE(auto_ends_its_plan_when_newton_stalls,
                     *boost::unit_test::precondition(mlcp::test::SharedData{})) {
  const std::filesystem::path path =
      *mlcp::test::sharedDataDir() / "captured/bullet/pyramid_step30.blcp";
  if (!std::filesystem::exists(path)) return;
  mlcp::Problem problem = mlcp::readProblem(path);
  problem.x.reset();
  mlcp::AutoSolver solver;
  solver.setProblem(problem);
  const mlcp::SolveReport& r = solver.solve();
  BOOST_TEST_INFO(r.message);
  BOOST_TEST(r.status != mlcp::Status::Converged);
  BOOST_TEST(r.status != mlcp::Status::InvalidProblem);
  BOOST_TEST(contains(r.message, "newton: max-iterations (stalled after"));
  BOOST_TEST(contains(r.message, "dantzig: max-iterations (friction bounds stalled"));
  BOOST_TEST(contains(r.message, "no answer: newton stalled"));
  BOOST_TEST(contains(r.message, "not tried: lemke, apgd, pgs"));
  BOOST_TEST(!contains(r.message, "lemke: "));
  BOOST_TEST(r.iterations <= 100);  // dantzig's rounds and newton's steps, no apgd iterations
  BOOST_TEST(solver.usedStage() == "newton");
}

// The redundant-contact stacks (contacts alone, A = G G^T found with C = 0) go to dantzig first,
// the chains (joints: nub rows) to newton, whose stall rule takes none of them for a problem
// without solution; the answers pass the natural-map check.
BOOST_AUTO_TEST_CASE(auto_answers_the_cfm_free_bullet_problems,
                     *boost::unit_test::precondition(mlcp::test::SharedData{})) {
  for (const char* name : {"stack_step30", "stack_step60", "stack_step120", "chain_step120",
                           "chain_step240", "chain_cfm_step120"}) {
    const std::filesystem::path path =
        *mlcp::test::sharedDataDir() / "captured/bullet" / (std::string(name) + ".blcp");
    if (!std::filesystem::exists(path)) continue;
    mlcp::Problem problem = mlcp::readProblem(path);
    problem.x.reset();
    mlcp::AutoSolver solver;
    solver.setProblem(problem);
    const mlcp::SolveReport& r = solver.solve();
    BOOST_TEST_INFO(name << ": " << r.message);
    BOOST_TEST(r.status == mlcp::Status::Converged);
    const char* first = problem.nub == 0 ? "dantzig" : "newton";
    BOOST_TEST(solver.plan().stages.front() == first);
    BOOST_TEST(solver.usedStage() == first);
    BOOST_TEST(contains(solver.plan().reason, "C = 0: singular") == (problem.nub == 0));
    const mlcp::Residuals residuals = mlcp::computeResiduals(problem, solver.getLambda());
    BOOST_TEST(residuals.scaled <= 1e-8);
    BOOST_TEST(residuals.relative <= 1e-8);
  }
}

BOOST_AUTO_TEST_SUITE_END()
