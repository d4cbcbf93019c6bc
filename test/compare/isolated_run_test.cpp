// A peer's solve in a process of its own (`mlcp compare` with a budget): its record comes back
// whole; a solve past its time is ended and reported as such; a crash costs the row, not the
// batch.

#include <mlcp/compare/isolated_run.hpp>

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cmath>
#include <csignal>
#include <functional>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

mlcp::compare::RunRecord sample() {
  mlcp::compare::RunRecord r;
  r.problem = "lcp/lcp_ortiz.dat";
  r.solver = "siconos-lemke";
  r.n = 4;
  r.nub = 1;
  r.frictionRows = 2;
  r.status = mlcp::Status::Converged;
  r.message = "solved, with \"quotes\" and\na line break";
  r.iterations = 7;
  r.pivots = 11;
  r.repeats = 3;
  r.timeMicroseconds = 12.5;
  r.residualAbsolute = 1e-12;
  r.residualRelative = std::nan("");
  r.residualScaled = 2e-13;
  r.maxBoundViolation = 0.0;
  r.maxComplementarityViolation = 3e-14;
  r.winner = true;
  r.approximation = "FC3D cone as a pyramid";
  return r;
}

mlcp::compare::RunRecord ended() {
  mlcp::compare::RunRecord r;
  r.solver = "bullet-lemke";
  r.status = mlcp::Status::TimeLimit;
  r.message = "stopped at the budget";
  r.timeMicroseconds = 0.2e6;
  return r;
}

void checkSame(const mlcp::compare::RunRecord& a, const mlcp::compare::RunRecord& b) {
  BOOST_TEST(a.problem == b.problem);
  BOOST_TEST(a.solver == b.solver);
  BOOST_TEST(a.message == b.message);
  BOOST_TEST(a.approximation == b.approximation);
  BOOST_TEST(a.notApplicable == b.notApplicable);
  BOOST_TEST((a.status == b.status));
  BOOST_TEST(a.n == b.n);
  BOOST_TEST(a.nub == b.nub);
  BOOST_TEST(a.frictionRows == b.frictionRows);
  BOOST_TEST(a.iterations == b.iterations);
  BOOST_TEST(a.pivots == b.pivots);
  BOOST_TEST(a.repeats == b.repeats);
  BOOST_TEST(a.winner == b.winner);
  BOOST_TEST(a.timeMicroseconds == b.timeMicroseconds);
  BOOST_TEST(a.residualAbsolute == b.residualAbsolute);
  BOOST_TEST(std::isnan(b.residualRelative));
  BOOST_TEST(a.residualScaled == b.residualScaled);
  BOOST_TEST(a.maxComplementarityViolation == b.maxComplementarityViolation);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(IsolatedRun)

BOOST_AUTO_TEST_CASE(a_record_survives_the_round_trip) {
  mlcp::compare::RunRecord back;
  const std::string bytes = mlcp::compare::encodeRecord(sample());
  BOOST_REQUIRE(mlcp::compare::decodeRecord(bytes, back));
  checkSame(sample(), back);
  BOOST_TEST(!mlcp::compare::decodeRecord(bytes.substr(0, bytes.size() - 1), back));  // cut short
  BOOST_TEST(!mlcp::compare::decodeRecord(bytes + "x", back));                        // too long
}

BOOST_AUTO_TEST_CASE(the_child_s_record_comes_back) {
  const mlcp::compare::RunRecord back =
      mlcp::compare::runIsolated([] { return sample(); }, 10.0, ended());
  checkSame(sample(), back);
}

BOOST_AUTO_TEST_CASE(a_solve_past_its_time_is_ended) {
  const auto start = std::chrono::steady_clock::now();
  const mlcp::compare::RunRecord back = mlcp::compare::runIsolated(
      [] {
        std::this_thread::sleep_for(std::chrono::seconds(30));
        return sample();
      },
      0.2, ended());
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  BOOST_TEST(took.count() >= 0.2);
  BOOST_TEST(took.count() < 5.0);  // not the child's 30 s
  BOOST_TEST((back.status == mlcp::Status::TimeLimit));
  BOOST_TEST(back.message == "stopped at the budget");
  BOOST_TEST(back.solver == "bullet-lemke");
}

BOOST_AUTO_TEST_CASE(a_crash_costs_the_row_only) {
  const mlcp::compare::RunRecord back = mlcp::compare::runIsolated(
      []() -> mlcp::compare::RunRecord {
        std::raise(SIGSEGV);
        return sample();
      },
      10.0, ended());
  BOOST_TEST((back.status == mlcp::Status::NumericalFailure));
  BOOST_TEST(back.message.find("signal 11") != std::string::npos);
  BOOST_TEST(std::isnan(back.timeMicroseconds));
  BOOST_TEST(back.solver == "bullet-lemke");
}

BOOST_AUTO_TEST_CASE(tasks_share_a_process_until_one_is_ended) {
  // Each task reports the process it ran in: the first two share one; the second is ended at
  // its time, the third crashes, each in a process of its own; the fourth runs in a fourth.
  const auto inProcess = [](bool sleep, bool crash) {
    return [sleep, crash] {
      if (sleep) std::this_thread::sleep_for(std::chrono::seconds(30));
      if (crash) std::raise(SIGSEGV);
      mlcp::compare::RunRecord r = sample();
      r.iterations = static_cast<int>(getpid());
      return r;
    };
  };
  const std::vector<std::function<mlcp::compare::RunRecord()>> tasks = {
      inProcess(false, false), inProcess(false, false), inProcess(true, false),
      inProcess(false, true), inProcess(false, false)};
  const std::vector<mlcp::compare::RunRecord> records =
      mlcp::compare::runIsolated(tasks, std::vector<double>(5, 0.5),
                                 std::vector<mlcp::compare::RunRecord>(5, ended()), nullptr);
  BOOST_REQUIRE(records.size() == 5u);
  BOOST_TEST((records[0].status == mlcp::Status::Converged));
  BOOST_TEST(records[0].iterations == records[1].iterations);  // one process
  BOOST_TEST(records[0].iterations != static_cast<int>(getpid()));
  BOOST_TEST((records[2].status == mlcp::Status::TimeLimit));
  BOOST_TEST(records[2].message == "stopped at the budget");
  BOOST_TEST((records[3].status == mlcp::Status::NumericalFailure));
  BOOST_TEST((records[4].status == mlcp::Status::Converged));
  BOOST_TEST(records[4].iterations != records[0].iterations);  // a new process
  // A stop before the first process: nothing runs.
  const auto stopped = mlcp::compare::runIsolated(tasks, std::vector<double>(5, 0.5),
                                                  std::vector<mlcp::compare::RunRecord>(5, ended()),
                                                  [] { return true; });
  for (const auto& r : stopped) BOOST_TEST((r.status == mlcp::Status::TimeLimit));
}

BOOST_AUTO_TEST_SUITE_END()
