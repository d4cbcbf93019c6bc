// The one line per problem of `mlcp compare`: who could take it, who solved it, the fastest
// answer, and a width that fits a terminal.

#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/problem_outcome.hpp>

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace {

constexpr double kThreshold = 1e-6;

/// A record whose answer has relative residual `residual` and scaled residual `scaled`.
mlcp::compare::RunRecord record(const std::string& solver,
                                double time,
                                double residual,
                                double scaled = 0.0) {
  mlcp::compare::RunRecord r;
  r.problem = "captured/bullet/pyramid_cfm_step120.blcp";
  r.solver = solver;
  r.status = mlcp::Status::Converged;
  r.timeMicroseconds = time;
  r.residualRelative = residual;
  r.residualScaled = scaled;
  return r;
}

mlcp::compare::ProblemOutcome outcome(std::vector<mlcp::compare::RunRecord> records) {
  mlcp::compare::markWinner(records, kThreshold);
  mlcp::compare::ProblemShape shape;
  shape.n = 300;
  shape.frictionRows = 200;
  return mlcp::compare::outcomeOf(records.front().problem, shape, records, kThreshold);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(ProblemOutcome)

BOOST_AUTO_TEST_CASE(counts_the_applicable_solvers_and_finds_the_fastest_answer) {
  mlcp::compare::RunRecord refused = record("siconos-lemke", 0.1, 0.0);
  refused.status = mlcp::Status::InvalidProblem;
  refused.notApplicable = "friction rows";
  const mlcp::compare::ProblemOutcome o =
      outcome({record("dantzig", 4597.6, 1.9e-15, 2.5e-15), record("pgs", 900.0, 3e-3), refused,
               record("lemke", 9000.0, 1e-14)});
  BOOST_TEST(o.applicable == 3);  // n/a is neither solved nor failed
  BOOST_TEST((o.solvedBy == std::vector<std::string>{"dantzig", "lemke"}));
  BOOST_TEST((o.unsolved == std::vector<std::string>{"pgs"}));
  BOOST_TEST(o.fastest == "dantzig");  // pgs is faster, but its answer is not within 1e-6
  BOOST_TEST(o.timeMicroseconds == 4597.6);
  BOOST_TEST(o.residualRelative == 1.9e-15);
  BOOST_TEST(o.residualScaled == 2.5e-15);
  const std::string line = mlcp::compare::outcomeLine(o);
  BOOST_TEST(line.find(" 2/3 ") != std::string::npos);
  BOOST_TEST(line.find("dantzig") != std::string::npos);
  BOOST_TEST(line.find("4.60 ms") != std::string::npos);
  BOOST_TEST(line.find("2.5e-15 1.9e-15") != std::string::npos);  // res_scl, res_rel
  BOOST_TEST(line.substr(line.size() - 11) == "all but pgs");
}

BOOST_AUTO_TEST_CASE(solved_needs_the_scaled_residual_too) {
  // x = 0 on a problem with a few rows scaled by 1e8: ||b||_inf hides the other rows, so the
  // relative residual is tiny (2.5e-8) while the scaled one says the answer is 100 % off.
  const mlcp::compare::ProblemOutcome o =
      outcome({record("pgs", 10.0, 2.5e-8, 1.0), record("lemke", 900.0, 1e-15, 1e-15)});
  BOOST_TEST((o.solvedBy == std::vector<std::string>{"lemke"}));
  BOOST_TEST((o.unsolved == std::vector<std::string>{"pgs"}));
  BOOST_TEST(o.fastest == "lemke");
  // And the other way round: a small scaled residual does not excuse a large relative one.
  const mlcp::compare::ProblemOutcome p = outcome({record("pgs", 10.0, 1e-3, 1e-9)});
  BOOST_TEST(p.solvedBy.empty());
  BOOST_TEST(mlcp::compare::outcomeLine(p).find("none") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(who_solved_it_in_the_fewest_names) {
  const std::vector<std::string> names = {"a", "b", "c", "d", "e"};
  auto who = [&](size_t solved, size_t width) {
    mlcp::compare::ProblemOutcome o;
    o.applicable = static_cast<int>(names.size());
    o.solvedBy.assign(names.begin(), names.begin() + static_cast<long>(solved));
    o.unsolved.assign(names.begin() + static_cast<long>(solved), names.end());
    return mlcp::compare::whoSolved(o, width);
  };
  BOOST_TEST(who(5, 80) == "all");
  BOOST_TEST(who(0, 80) == "none");
  BOOST_TEST(who(1, 80) == "only a");
  BOOST_TEST(who(2, 80) == "only a, b");
  BOOST_TEST(who(4, 80) == "all but e");
  BOOST_TEST(who(3, 80) == "all but d, e");
  BOOST_TEST(who(0, 0).find("none") == 0u);
  // Cut to the width, but the first name always shows.
  BOOST_TEST(who(2, 6) == "only a, +1");
  BOOST_TEST(who(2, 0) == "only a, +1");
  mlcp::compare::ProblemOutcome nobody;
  BOOST_TEST(mlcp::compare::whoSolved(nobody, 80) == "no solver applies");
}

BOOST_AUTO_TEST_CASE(a_line_fits_the_terminal_width) {
  // Every registered name is at most 18 characters; a long label is cut from the left.
  std::vector<mlcp::compare::RunRecord> records;
  for (const char* name : {"siconos-mlcp-lemke", "bullet-dantzig", "dart-dantzig", "bullet-lemke",
                           "siconos-mlcp-enum", "apgd-matrix-free", "dantzig"})
    records.push_back(record(name, 1e7, name == std::string("dantzig") ? 0.0 : 1.0));
  const mlcp::compare::ProblemOutcome o = outcome(records);
  const std::string line = mlcp::compare::outcomeLine(o);
  BOOST_TEST_INFO(line);
  BOOST_TEST(line.size() <= mlcp::compare::kOutcomeLineWidth);
  BOOST_TEST(line.find("...d/bullet/pyramid_cfm_step120.blcp ") == 0u);  // the file name stays
  BOOST_TEST(line.find("10.00 s") != std::string::npos);
  BOOST_TEST(line.find("only dantzig") != std::string::npos);
  BOOST_TEST(mlcp::compare::outcomeHeader().size() <= mlcp::compare::kOutcomeLineWidth);
  // Columns line up: "fastest" starts where the solver names start.
  BOOST_TEST(mlcp::compare::outcomeHeader().find("fastest") == line.find("dantzig"));
}

BOOST_AUTO_TEST_CASE(no_answer_within_the_threshold) {
  const mlcp::compare::ProblemOutcome o =
      outcome({record("dantzig", 10.0, 1e-3), record("pgs", 20.0, 2e-3)});
  BOOST_TEST(o.fastest.empty());
  const std::string line = mlcp::compare::outcomeLine(o);
  BOOST_TEST(line.find(" 0/2 ") != std::string::npos);
  BOOST_TEST(line.substr(line.size() - 4) == "none");
}

BOOST_AUTO_TEST_SUITE_END()
