#include "compare_summary.hpp"

#include "json_value.hpp"
#include "record_format.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>

namespace {

mlcp::app::RunRecord record(const std::string& problem,
                            const std::string& solver,
                            mlcp::Status status,
                            double time) {
  mlcp::app::RunRecord r;
  r.problem = problem;
  r.solver = solver;
  r.status = status;
  r.timeMicroseconds = time;
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(CompareSummary)

BOOST_AUTO_TEST_CASE(winner_is_the_fastest_converged_solver) {
  using mlcp::Status;
  std::vector<mlcp::app::RunRecord> rows = {record("p", "a", Status::Converged, 40.0),
                                            record("p", "b", Status::MaxIterations, 1.0),
                                            record("p", "c", Status::Converged, 10.0)};
  mlcp::app::markWinner(rows);
  BOOST_TEST(!rows[0].winner);
  BOOST_TEST(!rows[1].winner);  // faster, but it did not converge
  BOOST_TEST(rows[2].winner);
  std::vector<mlcp::app::RunRecord> none = {record("q", "a", Status::Unbounded, 1.0)};
  mlcp::app::markWinner(none);
  BOOST_TEST(!none[0].winner);
}

BOOST_AUTO_TEST_CASE(solved_counts_and_geometric_mean_ratio) {
  using mlcp::Status;
  mlcp::app::CompareSummary summary;
  // Problem 1: a 10 us (winner), b 40 us -> ratio 4. Problem 2: b 5 us (winner), a 5 us -> 1;
  // problem 3: only a converges (winner). a: ratios 1, 1, 1; b: 4, 1 -> geometric mean 2.
  std::vector<std::vector<mlcp::app::RunRecord>> problems = {
      {record("1", "a", Status::Converged, 10.0), record("1", "b", Status::Converged, 40.0)},
      {record("2", "b", Status::Converged, 5.0), record("2", "a", Status::Converged, 5.0)},
      {record("3", "a", Status::Converged, 7.0), record("3", "b", Status::Unbounded, 1.0)}};
  for (auto& rows : problems) {
    mlcp::app::markWinner(rows);
    summary.add(rows);
  }
  const auto solvers = summary.solvers();
  BOOST_REQUIRE(solvers.size() == 2u);
  BOOST_TEST(solvers[0].solver == "a");
  BOOST_TEST(solvers[0].solved == 3);
  BOOST_TEST(solvers[0].wins == 2);  // ties go to the first row
  BOOST_TEST(std::abs(solvers[0].timeRatio - 1.0) < 1e-12);
  BOOST_TEST(solvers[1].solved == 2);
  BOOST_TEST(solvers[1].runs == 3);
  BOOST_TEST(std::abs(solvers[1].timeRatio - 2.0) < 1e-12);
  BOOST_TEST(summary.problems() == 3);
  BOOST_TEST(summary.format().find("summary over 3 problem(s)") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(json_and_csv_records) {
  mlcp::app::RunRecord r = record("dir/a \"b\".blcp", "lemke", mlcp::Status::Converged, 12.5);
  r.message = "line one\nline, two";
  r.residualRelative = std::numeric_limits<double>::quiet_NaN();
  r.winner = true;
  r.approximation = "pyramid";
  const mlcp::test::JsonValue json = mlcp::test::parseJson(mlcp::app::toJson(r));
  BOOST_TEST(json["problem"].string == "dir/a \"b\".blcp");
  BOOST_TEST(json["message"].string == "line one\nline, two");
  BOOST_TEST(json["status"].string == "converged");
  BOOST_TEST((json["residual_rel"].type == mlcp::test::JsonValue::Type::Null));  // NaN -> null
  BOOST_TEST(json["time_us"].number == 12.5);
  BOOST_TEST(json["winner"].boolean);
  BOOST_TEST(json["approximation"].string == "pyramid");
  const std::string csv = mlcp::app::toCsv(r);
  BOOST_TEST(csv.rfind("\"dir/a \"\"b\"\".blcp\",lemke,", 0) == 0);  // RFC 4180 quoting
  BOOST_TEST(csv.find("\"line one\nline, two\"") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
