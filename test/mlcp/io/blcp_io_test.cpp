#include "test_data.hpp"

#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <sstream>

namespace {

const char* const kSpecExample = R"(blcp 1
n 3 nub 0
A dense
  4 1 0
  1 4 1
  0 1 4
b   1 2 3
lo  0 -inf 0
hi  inf inf 0.5
findex -1 -1 0
)";

// Replaces the first occurrence of `from` in the spec example.
std::string variant(const std::string& from, const std::string& to) {
  std::string text = kSpecExample;
  text.replace(text.find(from), from.size(), to);
  return text;
}

// Parses and expects a ParseError on `line` whose message contains `fragment`.
void expectError(const std::string& text, int line, const std::string& fragment) {
  try {
    mlcp::parseBlcp(text, "bad.blcp");
    BOOST_ERROR("no error for: " << fragment);
  } catch (const mlcp::ParseError& e) {
    BOOST_TEST_INFO(e.what());
    BOOST_TEST(e.line() == line);
    BOOST_TEST(std::string(e.what()).find("bad.blcp:" + std::to_string(line) + ": ") == 0u);
    BOOST_TEST(std::string(e.what()).find(fragment) != std::string::npos);
    BOOST_TEST(std::string(e.what()).find('\n') == std::string::npos);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(BlcpIo)

BOOST_AUTO_TEST_CASE(reads_the_spec_example) {
  const mlcp::Problem p = mlcp::parseBlcp(kSpecExample);
  BOOST_TEST(p.size() == 3);
  BOOST_TEST(p.A.coeff(1, 2) == 1.0);
  BOOST_TEST(p.b[2] == 3.0);
  BOOST_TEST(std::isinf(p.lo[1]));
  BOOST_TEST(p.hi[2] == 0.5);
  BOOST_TEST(p.findex[2] == 0);
  BOOST_TEST(!p.x.has_value());
}

BOOST_AUTO_TEST_CASE(coo_sums_duplicates_and_comments_are_ignored) {
  const mlcp::Problem p = mlcp::parseBlcp(
      "blcp 1 # header\nn 2 nub 0\nA coo 3\n0 0 1.5\n0 0 0.5 # duplicate\n1 1 3\n"
      "b 1 1\nlo 0 0\nhi inf inf\nfindex -1 -1\nname two rows\n");
  BOOST_TEST((p.A.form() == mlcp::MatrixForm::Sparse));  // coo is read sparse, never densified
  BOOST_TEST(p.A.coeff(0, 0) == 2.0);
  BOOST_TEST(p.A.coeff(0, 1) == 0.0);
  BOOST_TEST(p.A.coeff(1, 1) == 3.0);
  BOOST_TEST(p.name == "two rows");
}

BOOST_AUTO_TEST_CASE(round_trip_is_lossless) {
  mlcp::RandomProblemOptions options;
  options.n = 40;
  options.seed = 7;
  mlcp::Problem p = mlcp::randomProblem(options);
  p.x = Eigen::VectorXd::Random(40) / 3.0;
  for (const auto storage : {mlcp::MatrixStorage::Dense, mlcp::MatrixStorage::Coordinate}) {
    std::ostringstream out;
    mlcp::writeBlcp(p, out, storage);
    const mlcp::Problem q = mlcp::parseBlcp(out.str());
    BOOST_TEST((q.A.toDense() == p.A.toDense()));  // bitwise: 17 significant digits
    BOOST_TEST((q.b == p.b));
    BOOST_TEST((q.lo == p.lo));
    BOOST_TEST((q.hi == p.hi));
    BOOST_TEST((q.findex == p.findex));
    BOOST_TEST((q.nub == p.nub));
    BOOST_TEST((*q.x == *p.x));
    BOOST_TEST((q.name == p.name));
  }
}

BOOST_AUTO_TEST_CASE(captured_files_round_trip) {
  const auto files = mlcp::test::sharedBlcpFiles("captured/bullet");
  if (files.empty()) {
    BOOST_TEST_MESSAGE("../shared/data/captured is absent: skipped");
    return;
  }
  const mlcp::Problem p = mlcp::readBlcp(files.front());
  std::ostringstream out;
  mlcp::writeBlcp(p, out);
  const mlcp::Problem q = mlcp::parseBlcp(out.str());
  BOOST_TEST((q.A.toDense() == p.A.toDense()));
  BOOST_TEST((q.hi == p.hi));
}

BOOST_AUTO_TEST_CASE(errors_name_the_line_and_the_problem) {
  expectError(variant("4 1 0", "4 x 0"), 4, "bad token 'x' for A(0, 1)");
  expectError(variant("b   1 2 3", "b   1 nan 3"), 7, "b[1] is NaN");
  expectError(variant("b   1 2 3", "b   1 2"), 8, "expected a number");  // wrong count
  expectError(variant("hi  inf inf 0.5", "hi  -1 inf 0.5"), 9, "lo[0] = 0 > hi[0] = -1");
  expectError(variant("findex -1 -1 0", "findex -1 -1 2"), 10, "points at the row itself");
  expectError(variant("findex -1 -1 0", "findex -1 -1 5"), 10, "out of range -1 .. 2");
  expectError(variant("findex -1 -1 0", "findex -1 2 0"), 10, "itself a friction row");
  expectError(variant("n 3", "n 4"), 7, "bad token 'b' for A(2, 1)");  // n too large
  expectError(variant("A dense", "A banded"), 3, "unknown matrix storage 'banded'");
  expectError(variant("blcp 1", "blcp 2"), 1, "unsupported BLCP version 2");
  expectError(std::string(kSpecExample).substr(0, 40), 5, "unexpected end of file");
  expectError(std::string(kSpecExample) + "y 1 2 3\n", 11, "unknown section 'y'");
  expectError(variant("4 1 0", "4 inf 0"), 4, "A(0, 1) is infinite");
  // A large n in a short file is refused before A (n x n) is allocated (found by fuzzing).
  expectError("blcp 1\nn 100000 nub 0\nA coo 0\nb 1\n", 2, "n = 100000 rows need at least");
  expectError("blcp 1\nn 1000 nub 0\nA dense 1 2 3\n" + std::string(9000, ' '), 3,
              "dense A of 1000 x 1000 needs at least 2000000 more bytes");
}

BOOST_AUTO_TEST_CASE(missing_file_is_a_parse_error) {
  BOOST_CHECK_THROW(mlcp::readBlcp("/nonexistent/problem.blcp"), mlcp::ParseError);
}

BOOST_AUTO_TEST_SUITE_END()
