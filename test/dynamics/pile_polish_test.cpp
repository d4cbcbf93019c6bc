// bpp in body space (sparse G and K, CHOLMOD / KLU) and the "polish" solver (PGS, then bpp from
// its partition) on libdynamics' pile and box stack (docs/bpp.md).

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <limits>
#include <string>
#include <utility>

namespace {

/// The MLCP of the step after `steps` steps of `scene` (factor form), stepped by real-time PGS.
mlcp::Problem stepProblem(const std::string& scene, int count, int steps) {
  mlcp::dynamics::Scene s = count > 0
                                ? mlcp::dynamics::makeScene(scene, {fmt::format("count={}", count)})
                                : mlcp::dynamics::makeScene(scene, {});
  mlcp::PgsSolver stepping(mlcp::PgsOptions::realTime());
  return mlcp::dynamics::sceneStepProblem(s, steps, stepping, s.timeStep).toProblem();
}

/// The report of an exact answer: converged, scaled and relative residual <= 1e-9.
void expectExact(const mlcp::SolveReport& report) {
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.scaledResidual <= 1e-9);
  BOOST_TEST(report.relativeResidual <= 1e-9);
}

/// A first stage cut short and one bpp round, so that the polish cannot settle; no fallback.
mlcp::PolishOptions unsettledPolish() {
  mlcp::PolishOptions options;
  options.maxIterations = 10;
  options.attempts = 1;
  options.polishRounds = 1;
  options.newtonFallback = false;
  options.lemkeFallback = false;
  return options;
}

/// bpp with G and K dense (sparse = false) or sparse, exact to 1e-10, no kept partition.
mlcp::BppOptions bppOptions(bool sparse) {
  mlcp::BppOptions options;
  options.relativeTolerance = 1e-10;
  options.keepPartition = false;
  options.sparseAboveRank = sparse ? 0 : std::numeric_limits<int>::max();
  options.lowRank.maxRankFraction = 1.0;
  return options;
}

/// x of bpp from the partition of x0 (zero: a cold start).
Eigen::VectorXd solveBpp(const mlcp::Problem& problem, bool sparse, const Eigen::VectorXd& x0) {
  mlcp::BppSolver solver(bppOptions(sparse));
  solver.setProblem(problem);
  solver.setInitialGuess(x0);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(solver.statistics().sparse == sparse);
  return solver.getLambda();
}

/// PGS's iterate from x = 0 at a relative residual of `tolerance`, or after `sweeps` sweeps.
Eigen::VectorXd pgsIterate(const mlcp::Problem& problem, double tolerance, int sweeps) {
  mlcp::PgsOptions options;
  options.relativeTolerance = tolerance;
  options.maxIterations = sweeps;
  mlcp::PgsSolver pgs(options);
  pgs.setProblem(problem);
  pgs.solve();
  return pgs.getLambda();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(PilePolish)

BOOST_AUTO_TEST_CASE(sparse_and_dense_body_space_give_the_same_answer) {
  for (const auto& [scene, count] : {std::pair<std::string, int>{"box-stack", 0}, {"pile", 30}}) {
    BOOST_TEST_CONTEXT(scene) {
      const mlcp::Problem problem = stepProblem(scene, count, 60);
      const Eigen::VectorXd start = pgsIterate(problem, 1e-4, 100000);
      const Eigen::VectorXd dense = solveBpp(problem, false, start);
      const Eigen::VectorXd sparse = solveBpp(problem, true, start);
      BOOST_TEST((dense - sparse).lpNorm<Eigen::Infinity>() <=
                 1e-9 * dense.lpNorm<Eigen::Infinity>());
    }
  }
}

BOOST_AUTO_TEST_CASE(polish_solves_a_pile_of_100_spheres_exactly) {
  const mlcp::Problem pile = stepProblem("pile", 100, 60);
  std::unique_ptr<mlcp::MixedLCP> solver = mlcp::makeSolver("polish");
  solver->setProblem(pile);
  const mlcp::SolveReport& report = solver->solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  const mlcp::Residuals residuals = mlcp::computeResiduals(pile, solver->getLambda());
  BOOST_TEST(residuals.scaled <= 1e-9);
  BOOST_TEST(residuals.relative <= 1e-9);
  const auto& polish = dynamic_cast<const mlcp::PolishSolver&>(*solver);
  BOOST_TEST(polish.polisher().statistics().sparse);  // r = 594 > 300: body space, sparse
  BOOST_TEST(polish.statistics().polishRounds >= 1);
}

BOOST_AUTO_TEST_CASE(a_warm_partition_that_holds_is_accepted_in_one_factorization) {
  const mlcp::Problem pile = stepProblem("pile", 100, 60);
  mlcp::PolishSolver solver;
  solver.setProblem(pile);
  BOOST_TEST_REQUIRE(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(!solver.statistics().warmPolished);  // cold: identified by the first stage
  const Eigen::VectorXd answer = solver.getLambda();
  // The answer as the next solve's warm start: its partition holds, no first stage runs.
  solver.setInitialGuess(answer);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(solver.statistics().warmPolished);
  BOOST_TEST(solver.statistics().attempts == 0);
  BOOST_TEST(solver.statistics().sweeps == 0);
  BOOST_TEST(solver.polisher().statistics().rounds == 1);
  // One factorization of K, or a Woodbury update of the cold solve's (rows of K changed).
  BOOST_TEST(
      solver.polisher().statistics().factorizations + solver.polisher().statistics().updates == 1);
  const mlcp::Residuals residuals = mlcp::computeResiduals(pile, solver.getLambda());
  BOOST_TEST(residuals.scaled <= 1e-9);
  BOOST_TEST(residuals.relative <= 1e-9);
}

BOOST_AUTO_TEST_CASE(a_warm_start_after_one_whose_partition_changed_much_is_not_polished_first) {
  const mlcp::Problem pile = stepProblem("pile", 100, 60);
  mlcp::PolishSolver solver;
  solver.setProblem(pile);
  BOOST_TEST_REQUIRE(solver.solve().status == mlcp::Status::Converged);
  const Eigen::VectorXd answer = solver.getLambda();
  // A poor warm start: PGS's iterate after 10 sweeps, in another state than the answer in more
  // than warmChangeLimit (1 %) of the rows.
  const Eigen::VectorXd poor = pgsIterate(pile, 0.0, 10);
  solver.setInitialGuess(poor);
  BOOST_TEST_REQUIRE(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(!solver.statistics().warmSkipped);  // no earlier warm start: tried
  BOOST_TEST_REQUIRE(solver.statistics().warmChangedRows > pile.size() / 100);
  // The next warm start, even the answer itself, goes to the first stage instead.
  solver.setInitialGuess(answer);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(solver.statistics().warmSkipped);
  BOOST_TEST(!solver.statistics().warmPolished);
  BOOST_TEST(solver.statistics().attempts >= 1);
  BOOST_TEST(report.message.find("warm start not polished") != std::string::npos);
  BOOST_TEST(solver.statistics().warmChangedRows == 0);
  // Its partition held: the one after is polished first again, in one factorization.
  solver.setInitialGuess(answer);
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(!solver.statistics().warmSkipped);
  BOOST_TEST(solver.statistics().warmPolished);
  BOOST_TEST(solver.statistics().attempts == 0);
  // warmChangeLimit = 1: every warm start is polished first.
  mlcp::PolishOptions always;
  always.warmChangeLimit = 1.0;
  solver.setOptions(always);
  solver.setInitialGuess(poor);
  solver.solve();
  solver.setInitialGuess(answer);
  BOOST_TEST(solver.solve().status == mlcp::Status::Converged);
  BOOST_TEST(!solver.statistics().warmSkipped);
  BOOST_TEST(solver.statistics().warmPolished);
  const mlcp::Residuals residuals = mlcp::computeResiduals(pile, solver.getLambda());
  BOOST_TEST(residuals.scaled <= 1e-9);
  BOOST_TEST(residuals.relative <= 1e-9);
}

BOOST_AUTO_TEST_CASE(a_warm_started_first_stage_hands_over_at_warm_identify_tolerance) {
  const mlcp::Problem pile = stepProblem("pile", 100, 60);
  const Eigen::VectorXd poor = pgsIterate(pile, 0.0, 10);
  // The same warm start, not polished first (warmChangeLimit 0 after a first solve whose warm
  // start changed), handed over at 1e-4 and at 1e-2: the looser hand-over takes fewer sweeps.
  int sweeps[2] = {0, 0};
  for (const int k : {0, 1}) {
    mlcp::PolishOptions options;
    options.warmChangeLimit = 0.0;
    options.warmIdentifyTolerance = k == 0 ? 1e-4 : 1e-2;
    mlcp::PolishSolver solver(options);
    solver.setProblem(pile);
    solver.setInitialGuess(poor);
    solver.solve();
    solver.setInitialGuess(poor);
    const mlcp::SolveReport& report = solver.solve();
    BOOST_TEST_INFO(report.message);
    BOOST_TEST(report.status == mlcp::Status::Converged);
    BOOST_TEST(solver.statistics().warmSkipped);
    sweeps[k] = solver.statistics().sweeps;
  }
  BOOST_TEST(sweeps[1] < sweeps[0]);
}

BOOST_AUTO_TEST_CASE(newton_takes_over_where_every_polish_missed) {
  const mlcp::Problem pile = stepProblem("pile", 100, 60);
  mlcp::PolishOptions options = unsettledPolish();
  mlcp::PolishSolver solver(options);
  solver.setProblem(pile);
  BOOST_TEST(solver.solve().status != mlcp::Status::Converged);
  BOOST_TEST(!solver.statistics().newtonFallback);
  BOOST_TEST(!solver.statistics().lemkeFallback);
  options.newtonFallback = true;
  solver.setOptions(options);
  const mlcp::SolveReport& report = solver.solve();
  expectExact(report);
  BOOST_TEST(solver.statistics().newtonFallback);
  BOOST_TEST(report.message.find("then newton: converged") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(lemke_takes_over_where_polish_and_newton_missed) {
  const mlcp::Problem pile = stepProblem("pile", 100, 60);
  mlcp::PolishOptions options = unsettledPolish();
  options.lemkeFallback = true;  // Newton stays off: Lemke's pivoting from the best answer
  mlcp::PolishSolver solver(options);
  solver.setProblem(pile);
  const mlcp::SolveReport& report = solver.solve();
  expectExact(report);
  BOOST_TEST(solver.statistics().lemkeFallback);
  BOOST_TEST(report.message.find("then lemke: converged") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(apgd_first_stage_and_the_stable_partition_stop_polish_exactly) {
  const mlcp::Problem pile = stepProblem("pile", 100, 60);
  mlcp::PolishOptions apgd;
  apgd.firstStage = mlcp::FirstStage::Apgd;
  mlcp::PolishOptions stable;
  stable.partitionCheckInterval = 50;
  for (const mlcp::PolishOptions& options : {apgd, stable}) {
    mlcp::PolishSolver solver(options);
    solver.setProblem(pile);
    expectExact(solver.solve());
    BOOST_TEST(solver.statistics().polishRounds >= 1);
  }
  // PGS stopped on a stable partition: the first check that repeats the one before ends it.
  mlcp::PolishSolver solver(stable);
  solver.setProblem(pile);
  solver.solve();
  BOOST_TEST(solver.statistics().stableStops >= 1);
  BOOST_TEST(solver.statistics().sweeps % 50 == 0);
}

BOOST_AUTO_TEST_CASE(a_first_stage_that_stops_halving_its_residual_hands_over_as_stalled) {
  // The heavy plank on two light cubes: PGS's residual falls by half in thousands of sweeps.
  const mlcp::Problem plank = stepProblem("mass-ratio", 0, 30);
  int sweeps[2] = {0, 0};
  for (const int stall : {400, 0}) {
    mlcp::PolishOptions options;
    options.stallSweeps = stall;
    mlcp::PolishSolver solver(options);
    solver.setProblem(plank);
    const mlcp::SolveReport& report = solver.solve();
    expectExact(report);
    BOOST_TEST((solver.statistics().stalls > 0) == (stall > 0));
    BOOST_TEST((report.message.find("stalled") != std::string::npos) == (stall > 0));
    sweeps[stall > 0 ? 0 : 1] = solver.statistics().sweeps;
  }
  BOOST_TEST(sweeps[0] < sweeps[1]);
}

BOOST_AUTO_TEST_CASE(polish_without_a_low_rank_form_answers_with_pgs) {
  // A full-rank dense A (no low-rank form): bpp refuses, PGS goes on to the tolerance.
  mlcp::Problem problem;
  problem.A = Eigen::MatrixXd(Eigen::Matrix3d{{4, 1, 0}, {1, 4, 1}, {0, 1, 4}});
  problem.b = Eigen::Vector3d(1, -1, 2);
  problem.lo = Eigen::Vector3d::Zero();
  problem.hi = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
  problem.findex = Eigen::Vector3i::Constant(-1);
  mlcp::PolishSolver solver;
  solver.setProblem(problem);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST_INFO(report.message);
  BOOST_TEST(report.status == mlcp::Status::Converged);
  BOOST_TEST(report.scaledResidual <= 1e-9);
}

BOOST_AUTO_TEST_CASE(bad_input_is_an_invalid_problem) {
  mlcp::Problem pile = stepProblem("pile", 10, 10);
  pile.b[3] = std::numeric_limits<double>::quiet_NaN();
  mlcp::PolishSolver solver;
  solver.setProblem(pile);
  const mlcp::SolveReport& report = solver.solve();
  BOOST_TEST(report.status == mlcp::Status::InvalidProblem);
  BOOST_TEST(report.message.find("b[3]") != std::string::npos, report.message);

  mlcp::PolishOptions options;
  options.identifyTolerance = 0.0;
  BOOST_CHECK_THROW(solver.setOptions(options), std::invalid_argument);
  options = {};
  options.partitionCheckInterval = -1;
  BOOST_CHECK_THROW(solver.setOptions(options), std::invalid_argument);
  options = {};
  options.stableCeiling = 0.5 * options.identifyTolerance;
  BOOST_CHECK_THROW(solver.setOptions(options), std::invalid_argument);
  options = {};
  options.warmShare = 0.0;
  BOOST_CHECK_THROW(solver.setOptions(options), std::invalid_argument);
  options = {};
  options.warmIdentifyTolerance = 1.0;
  BOOST_CHECK_THROW(solver.setOptions(options), std::invalid_argument);
  options = {};
  options.warmChangeLimit = 1.5;
  BOOST_CHECK_THROW(solver.setOptions(options), std::invalid_argument);
  options = {};
  options.stallSweeps = -1;
  BOOST_CHECK_THROW(solver.setOptions(options), std::invalid_argument);
  mlcp::BppOptions bpp;
  bpp.sparseAboveRank = -1;
  BOOST_CHECK_THROW(mlcp::BppSolver{bpp}, std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
