// What `mlcp compare` runs per problem: fresh solvers on every call (the same records from any
// thread), the time budget marking a run `time-limit`, and the families of solvers and problems
// the report groups by.

#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/compare/problem_runner.hpp>
#include <mlcp/compare/solved_criterion.hpp>
#include <mlcp/compare/solver_family.hpp>
#include <mlcp/core/solver_factory.hpp>
#include <mlcp/generators/random_problem.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <string_view>
#include <thread>

namespace utf = boost::unit_test;

namespace {

constexpr double kThreshold = 1e-6;

mlcp::compare::ProblemRunSettings settings(const std::vector<std::string>& solvers) {
  mlcp::compare::ProblemRunSettings s;
  s.solvers = solvers;
  s.settings.maxSeconds = mlcp::compare::kCompareBudgetSeconds;
  s.maxDenseRows = 3000;
  s.threshold = kThreshold;
  return s;
}

mlcp::compare::ProblemSource randomSource(int n) {
  mlcp::RandomProblemOptions options;
  options.n = n;
  options.seed = 7;
  return {"random", [options] {
            mlcp::ProblemFile file;
            file.problem = mlcp::randomProblem(options);
            return file;
          }};
}

mlcp::compare::RunRecord record(const std::string& solver, double seconds) {
  mlcp::compare::RunRecord r;
  r.solver = solver;
  r.status = mlcp::Status::Converged;
  r.message = "converged";
  r.timeMicroseconds = seconds * 1e6;
  r.residualRelative = r.residualScaled = 0.0;
  return r;
}

/// Counts the runs a batch reports, from any thread.
class RunCounter final : public mlcp::compare::RunObserver {
 public:
  void started(std::string_view, std::string_view) override { ++startedRuns; }
  void skipped(int runs) override { skippedRuns += runs; }

  std::atomic<int> startedRuns = 0;
  std::atomic<int> skippedRuns = 0;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(ProblemRunner)

BOOST_AUTO_TEST_CASE(runs_every_solver_and_marks_the_winner) {
  mlcp::compare::ProblemRunSettings s = settings({"dantzig", "pgs", "apgd"});
  s.histories = true;
  mlcp::compare::ProblemRunner runner(s);
  RunCounter progress;
  mlcp::compare::ProblemRun run;
  BOOST_TEST(runner.run(randomSource(60), run, nullptr, progress));
  BOOST_TEST(progress.startedRuns == 3);
  BOOST_TEST(progress.skippedRuns == 0);
  BOOST_TEST(run.error.empty());
  BOOST_TEST(run.shape.n == 60);
  BOOST_REQUIRE(run.records.size() == 3u);
  BOOST_TEST(run.records[0].solver == "dantzig");
  BOOST_TEST(run.records[2].solver == "apgd");
  BOOST_TEST(std::count_if(run.records.begin(), run.records.end(),
                           [](const auto& r) { return r.winner; }) == 1);
  BOOST_TEST(run.records[0].residualHistory.empty());  // pivoting: no history
  BOOST_TEST(!run.records[1].residualHistory.empty());
}

BOOST_AUTO_TEST_CASE(threads_get_the_records_of_a_serial_run) {
  mlcp::compare::ProblemRunner runner(settings({"dantzig", "pgs", "nsgs", "newton"}));
  RunCounter progress;
  mlcp::compare::ProblemRun serial;
  BOOST_REQUIRE(runner.run(randomSource(200), serial, nullptr, progress));
  std::vector<mlcp::compare::ProblemRun> parallel(4);
  std::vector<std::thread> threads;
  for (auto& run : parallel)
    threads.emplace_back([&] { runner.run(randomSource(200), run, nullptr, progress); });
  for (auto& thread : threads) thread.join();
  for (const auto& run : parallel) {
    BOOST_REQUIRE(run.records.size() == serial.records.size());
    for (size_t k = 0; k < run.records.size(); ++k) {
      BOOST_TEST(run.records[k].status == serial.records[k].status);
      BOOST_TEST(run.records[k].iterations == serial.records[k].iterations);
      BOOST_TEST(run.records[k].residualScaled == serial.records[k].residualScaled);
      BOOST_TEST(run.records[k].residualRelative == serial.records[k].residualRelative);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_stop_leaves_the_problem_incomplete) {
  mlcp::compare::ProblemRunner runner(settings({"dantzig", "pgs"}));
  RunCounter progress;
  mlcp::compare::ProblemRun run;
  BOOST_TEST(!runner.run(
      randomSource(12), run, [] { return true; }, progress));
  for (const auto& record : run.records) BOOST_TEST(record.solver.empty());  // none ran
}

BOOST_AUTO_TEST_CASE(a_busy_peer_library_waits_for_the_others,
                     *utf::precondition([](utf::test_unit_id) {
                       mlcp::adapters::registerAdapterSolvers();
                       const auto names = mlcp::solverNames();
                       return std::find(names.begin(), names.end(), "bullet-pgs") != names.end();
                     })) {
  // This thread holds Bullet's lock: the problem's own solvers run first, then Bullet's once
  // the lock is free; the records keep the order of the solvers. stop() is asked before each
  // solver: bullet-pgs (put off), dantzig, pgs, then bullet-pgs again (waits for the lock).
  // No budget: the peer runs in this process, under its library's lock.
  mlcp::compare::ProblemRunSettings s = settings({"bullet-pgs", "dantzig", "pgs"});
  s.settings.maxSeconds = 0.0;
  mlcp::compare::ProblemRunner runner(s);
  RunCounter progress;
  mlcp::compare::ProblemRun run;
  std::atomic<int> asked{0};
  std::atomic<bool> done{false};
  const std::function<bool()> stop = [&] {
    ++asked;
    return false;
  };
  std::thread worker;
  {
    const std::lock_guard bullet(*runner.libraryLock("bullet-pgs"));
    BOOST_TEST(runner.libraryLock("dantzig") == nullptr);
    worker = std::thread([&] {
      runner.run(randomSource(12), run, stop, progress);
      done = true;
    });
    for (int k = 0; k < 1000 && asked.load() < 4; ++k)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    BOOST_TEST(asked.load() == 4);  // dantzig and pgs ran, bullet-pgs waits
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    BOOST_TEST(!done.load());
  }
  worker.join();
  BOOST_TEST(done.load());
  BOOST_REQUIRE(run.records.size() == 3u);
  BOOST_TEST(run.records[0].solver == "bullet-pgs");
  BOOST_TEST(run.records[1].solver == "dantzig");
  BOOST_TEST(run.records[2].solver == "pgs");
}

BOOST_AUTO_TEST_CASE(a_peer_with_a_budget_runs_in_a_process_of_its_own,
                     *utf::precondition([](utf::test_unit_id) {
                       mlcp::adapters::registerAdapterSolvers();
                       const auto names = mlcp::solverNames();
                       return std::find(names.begin(), names.end(), "bullet-pgs") != names.end();
                     })) {
  // Its library's lock is free to take while it runs (processes share nothing), and its record
  // is the one an in-process run gives, times aside.
  mlcp::compare::ProblemRunner isolated(settings({"bullet-pgs"}));
  mlcp::compare::ProblemRunSettings s = settings({"bullet-pgs"});
  s.settings.maxSeconds = 0.0;
  mlcp::compare::ProblemRunner inProcess(s);
  RunCounter progress;
  mlcp::compare::ProblemRun a;
  mlcp::compare::ProblemRun b;
  {
    const std::lock_guard bullet(*isolated.libraryLock("bullet-pgs"));
    BOOST_REQUIRE(isolated.run(randomSource(60), a, nullptr, progress));
  }
  BOOST_REQUIRE(inProcess.run(randomSource(60), b, nullptr, progress));
  BOOST_TEST(a.records.at(0).status == b.records.at(0).status);
  BOOST_TEST(a.records.at(0).iterations == b.records.at(0).iterations);
  BOOST_TEST(a.records.at(0).residualScaled == b.records.at(0).residualScaled);
  BOOST_TEST(a.records.at(0).message == b.records.at(0).message);
}

BOOST_AUTO_TEST_CASE(an_unreadable_problem_is_complete_with_its_error) {
  mlcp::compare::ProblemRunner runner(settings({"dantzig"}));
  RunCounter progress;
  mlcp::compare::ProblemRun run;
  const mlcp::compare::ProblemSource bad{"bad.blcp", []() -> mlcp::ProblemFile {
                                           throw mlcp::ParseError("bad.blcp", 3, "truncated");
                                         }};
  BOOST_TEST(runner.run(bad, run, nullptr, progress));
  BOOST_TEST(progress.startedRuns == 0);
  BOOST_TEST(progress.skippedRuns == 1);
  BOOST_TEST(run.error.find("bad.blcp:3: truncated") != std::string::npos);
  BOOST_TEST(run.records.empty());
}

BOOST_AUTO_TEST_CASE(our_solvers_stop_at_the_budget) {
  // Tolerance 0 is never met: PGS sweeps until the budget of 50 ms.
  mlcp::compare::ProblemRunSettings s = settings({"pgs"});
  s.settings.maxSeconds = 0.05;
  s.settings.relativeTolerance = 0.0;
  s.settings.maxIterations = 1'000'000'000;
  mlcp::compare::ProblemRunner runner(s);
  RunCounter progress;
  mlcp::compare::ProblemRun run;
  BOOST_REQUIRE(runner.run(randomSource(200), run, nullptr, progress));
  const mlcp::compare::RunRecord& pgs = run.records.at(0);
  BOOST_TEST(pgs.status == mlcp::Status::TimeLimit);
  BOOST_TEST(pgs.timeMicroseconds >= 0.05e6);
  BOOST_TEST(pgs.timeMicroseconds < 2e6);
  BOOST_TEST(!mlcp::compare::isSolved(pgs, kThreshold));  // whatever its residual
}

BOOST_AUTO_TEST_CASE(a_run_beyond_the_budget_is_marked_time_limit) {
  mlcp::compare::RunRecord peer = record("siconos-mlcp-enum", 12.5);
  mlcp::compare::applyTimeBudget(peer, 10.0);
  BOOST_TEST(peer.status == mlcp::Status::TimeLimit);
  BOOST_TEST(peer.message.find("took 12.5 s, beyond the budget of 10 s per solve") == 0u);
  BOOST_TEST(peer.message.find("takes no time limit") != std::string::npos);
  BOOST_TEST(peer.message.find("it said converged: converged") != std::string::npos);
  BOOST_TEST(!mlcp::compare::isSolved(peer, kThreshold));  // a residual of 0 all the same

  mlcp::compare::RunRecord ours = record("dantzig", 12.5);
  mlcp::compare::applyTimeBudget(ours, 10.0);
  BOOST_TEST(ours.status == mlcp::Status::TimeLimit);
  BOOST_TEST(ours.message.find("takes no time limit") == std::string::npos);

  for (const double budget : {0.0, 20.0}) {  // none, or not exceeded
    mlcp::compare::RunRecord within = record("bullet-pgs", 12.5);
    mlcp::compare::applyTimeBudget(within, budget);
    BOOST_TEST(within.status == mlcp::Status::Converged);
    BOOST_TEST(mlcp::compare::isSolved(within, kThreshold));
  }
  mlcp::compare::RunRecord na = record("siconos-lemke", 12.5);
  na.notApplicable = "boxes";
  mlcp::compare::applyTimeBudget(na, 10.0);
  BOOST_TEST(na.status == mlcp::Status::Converged);
}

BOOST_AUTO_TEST_CASE(families_of_solvers_and_problems) {
  using mlcp::compare::problemFamily;
  using mlcp::compare::solverFamily;
  BOOST_TEST(solverFamily("dantzig-ode").name == "pivoting");
  BOOST_TEST(solverFamily("blocked-jacobi").name == "splitting");
  BOOST_TEST(solverFamily("nncg").name == "gradient");
  BOOST_TEST(solverFamily("islands:newton-fb").name == "newton");
  BOOST_TEST(!solverFamily("fallback").peer);
  BOOST_TEST(solverFamily("siconos-mlcp-enum").name == "siconos");
  BOOST_TEST(solverFamily("bullet-pgs").peer);
  BOOST_TEST(solverFamily("nosuch").name == "other");
  BOOST_TEST(mlcp::compare::serializedLibrary("dart-pgs") == "dart");
  BOOST_TEST(mlcp::compare::serializedLibrary("pgs").empty());
  BOOST_TEST(problemFamily("lcp/lcp_ortiz.dat") == "lcp");
  BOOST_TEST(problemFamily("captured/bullet/chain_step60.blcp") == "captured/bullet");
  BOOST_TEST(problemFamily("random-n12-seed1") == "built-in");
  BOOST_TEST(problemFamily("small.blcp") == "files");
  BOOST_TEST(problemFamily("pile step 3") == "scenes");
}

BOOST_AUTO_TEST_SUITE_END()
