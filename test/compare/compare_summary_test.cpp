#include "json_value.hpp"

#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/record_format.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>

namespace {

constexpr double kThreshold = 1e-6;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// A record of `solver` on `problem` whose answer has relative residual `residual`.
mlcp::compare::RunRecord record(const std::string& problem,
                                const std::string& solver,
                                mlcp::Status status,
                                double time,
                                double residual = 0.0) {
  mlcp::compare::RunRecord r;
  r.problem = problem;
  r.solver = solver;
  r.status = status;
  r.timeMicroseconds = time;
  r.residualRelative = residual;
  return r;
}

mlcp::compare::RunRecord notApplicable(const std::string& problem, const std::string& solver) {
  mlcp::compare::RunRecord r = record(problem, solver, mlcp::Status::InvalidProblem, 0.5);
  r.notApplicable = "boxes";
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(CompareSummary)

BOOST_AUTO_TEST_CASE(winner_is_the_fastest_answer_within_the_threshold) {
  using mlcp::Status;
  std::vector<mlcp::compare::RunRecord> rows = {
      record("p", "a", Status::Converged, 40.0, 1e-9),
      record("p", "b", Status::Converged, 1.0, 1e-3),       // faster, but its residual is too large
      record("p", "c", Status::MaxIterations, 10.0, 5e-7),  // stopped early, answer within 1e-6
      notApplicable("p", "d")};                             // fastest of all, but n/a
  mlcp::compare::markWinner(rows, kThreshold);
  BOOST_TEST(!rows[0].winner);
  BOOST_TEST(!rows[1].winner);
  BOOST_TEST(rows[2].winner);
  BOOST_TEST(!rows[3].winner);
  mlcp::compare::markWinner(rows, 1e-8);  // a tighter threshold: only a's answer is good enough
  BOOST_TEST(rows[0].winner);
  BOOST_TEST(!rows[2].winner);
  // A refusal is no answer, even when x = 0 happens to solve the problem.
  std::vector<mlcp::compare::RunRecord> none = {
      record("q", "a", Status::InvalidProblem, 1.0, 0.0),
      record("q", "b", Status::NumericalFailure, 1.0, kNaN)};
  mlcp::compare::markWinner(none, kThreshold);
  BOOST_TEST(!none[0].winner);
  BOOST_TEST(!none[1].winner);
}

BOOST_AUTO_TEST_CASE(solved_counts_and_geometric_mean_ratio) {
  using mlcp::Status;
  mlcp::compare::CompareSummary summary(kThreshold);
  // Problem 1: a 10 us (winner), b 40 us -> ratio 4. Problem 2: b 5 us (winner), a 5 us -> 1;
  // problem 3: only a solves it (b's residual is too large). a: ratios 1, 1, 1; b: 4, 1 ->
  // geometric mean 2. Problem 4: b cannot take it, a fails.
  std::vector<std::vector<mlcp::compare::RunRecord>> problems = {
      {record("1", "a", Status::Converged, 10.0), record("1", "b", Status::Converged, 40.0)},
      {record("2", "b", Status::Converged, 5.0), record("2", "a", Status::Converged, 5.0)},
      {record("3", "a", Status::Converged, 7.0), record("3", "b", Status::Inaccurate, 1.0, 1e-2)},
      {record("4", "a", Status::MaxIterations, 9.0, 1.0), notApplicable("4", "b")}};
  for (auto& rows : problems) {
    mlcp::compare::markWinner(rows, kThreshold);
    summary.add(rows);
  }
  const auto solvers = summary.solvers();
  BOOST_REQUIRE(solvers.size() == 2u);
  BOOST_TEST(solvers[0].solver == "a");
  BOOST_TEST(solvers[0].solved == 3);
  BOOST_TEST(solvers[0].applicable == 4);
  BOOST_TEST(solvers[0].failed() == 1);
  BOOST_TEST(solvers[0].wins == 2);  // ties go to the first row
  BOOST_TEST(std::abs(solvers[0].timeRatio - 1.0) < 1e-12);
  BOOST_TEST(solvers[1].solved == 2);
  BOOST_TEST(solvers[1].applicable == 3);
  BOOST_TEST(solvers[1].notApplicable == 1);  // neither solved nor failed
  BOOST_TEST(solvers[1].failed() == 1);
  BOOST_TEST(std::abs(solvers[1].timeRatio - 2.0) < 1e-12);
  BOOST_TEST(summary.problems() == 4);
  // The text says what "solved" means and what the counts are out of.
  const std::string text = summary.format();
  BOOST_TEST(text.find("summary over 4 problem(s)") != std::string::npos);
  BOOST_TEST(text.find("solved:       scaled and relative residual <= 1e-06") != std::string::npos);
  BOOST_TEST(text.find("counted over the problems it applies to") != std::string::npos);
  BOOST_TEST(text.find("median wall time of solve() over 1 run") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_solver_that_never_ran_is_not_applicable_anywhere) {
  // Matrix-free solvers are not run on problems without J and M^-1: no record at all.
  mlcp::compare::CompareSummary summary(kThreshold);
  std::vector<mlcp::compare::RunRecord> first = {record("1", "a", mlcp::Status::Converged, 1.0),
                                                 record("1", "mf", mlcp::Status::Converged, 2.0)};
  std::vector<mlcp::compare::RunRecord> second = {record("2", "a", mlcp::Status::Converged, 1.0)};
  for (auto* rows : {&first, &second}) {
    mlcp::compare::markWinner(*rows, kThreshold);
    summary.add(*rows);
  }
  const auto solvers = summary.solvers();
  BOOST_REQUIRE(solvers.size() == 2u);
  BOOST_TEST(solvers[1].applicable == 1);
  BOOST_TEST(solvers[1].notApplicable == 1);
}

BOOST_AUTO_TEST_CASE(json_and_csv_records) {
  mlcp::compare::RunRecord r = record("dir/a \"b\".blcp", "lemke", mlcp::Status::Converged, 12.5);
  r.message = "line one\nline, two";
  r.residualRelative = std::numeric_limits<double>::quiet_NaN();
  r.winner = true;
  r.approximation = "pyramid";
  r.notApplicable = "friction rows";
  const mlcp::test::JsonValue json = mlcp::test::parseJson(mlcp::compare::toJson(r));
  BOOST_TEST(json["problem"].string == "dir/a \"b\".blcp");
  BOOST_TEST(json["message"].string == "line one\nline, two");
  BOOST_TEST(json["status"].string == "converged");
  BOOST_TEST((json["residual_rel"].type == mlcp::test::JsonValue::Type::Null));  // NaN -> null
  BOOST_TEST(json["time_us"].number == 12.5);
  BOOST_TEST(json["winner"].boolean);
  BOOST_TEST(json["approximation"].string == "pyramid");
  BOOST_TEST((json["applicable"].type == mlcp::test::JsonValue::Type::Boolean));
  BOOST_TEST(!json["applicable"].boolean);
  const std::string csv = mlcp::compare::toCsv(r);
  BOOST_TEST(csv.rfind("\"dir/a \"\"b\"\".blcp\",lemke,", 0) == 0);  // RFC 4180 quoting
  BOOST_TEST(csv.find("\"line one\nline, two\"") != std::string::npos);
  BOOST_TEST(csv.substr(csv.size() - 6) == ",false");  // applicable, the last column
}

BOOST_AUTO_TEST_SUITE_END()
