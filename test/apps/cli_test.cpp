// The `mlcp` command line, run as users run it: the built binary (MLCP_CLI_PATH) on small files
// written by the tests, its output parsed.

#include "json_value.hpp"
#include "test_data.hpp"

#include <mlcp/compare/record_format.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace utf = boost::unit_test;
namespace fs = std::filesystem;
using mlcp::test::JsonValue;

namespace {

struct Run {
  int exitCode = -1;
  std::string out;
  std::string err;
  std::vector<std::string> errLines() const {
    std::vector<std::string> lines;
    std::istringstream in(err);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }
  std::vector<std::string> outLines() const {
    std::vector<std::string> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }
};

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// A scratch folder with small problem files, removed at the end.
struct Files {
  fs::path dir;

  Files() {
    dir = fs::temp_directory_path() / fmt::format("mlcp_cli_test_{}", getpid());
    fs::remove_all(dir);
    fs::create_directories(dir / "set");
    // Symmetric, a free row and a friction row (Dantzig and Lemke both solve it).
    write("set/small.blcp",
          "blcp 1\nn 3 nub 0\nA dense\n  4 1 0\n  1 4 1\n  0 1 4\nb 1 2 3\nlo 0 -inf 0\n"
          "hi inf inf 0.5\nfindex -1 -1 0\n");
    // lcp_ortiz (Siconos LCP, dense column-major): not symmetric, only Lemke solves it.
    write("set/ortiz.dat", "4\n0\n4\n4\n4 4\n3 -1 0 0\n1 2 1 0\n0 1 3 1\n-1 1 -1 2\n-2 1 -1 1\n");
    // A Siconos relay (boxed LCP).
    write("set/box_relay.dat", "2\n0\n2\n2\n2 2\n2 0 0 2\n-5 1\n-1 -1\n1 1\n");
    // Malformed files.
    write("truncated.blcp", "blcp 1\nn 3 nub 0\nA dense\n  4 1 0\n  1 4 1\n");
    write("counts.blcp",
          "blcp 1\nn 3 nub 0\nA dense\n  4 1 0\n  1 4 1\n  0 1 4\nb 1 2\nlo 0 0 0\n");
    write("nan.blcp", "blcp 1\nn 2 nub 0\nA dense\n  4 nan\n  1 4\nb 1 2\n");
    write("truncated.dat", "4\n0\n4\n4\n4 4\n3 -1 0 0\n1 2 1 0\n");
  }
  ~Files() { fs::remove_all(dir); }

  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
  }
  std::string path(const std::string& name) const { return (dir / name).string(); }

  /// Runs `mlcp ARGS` with stdout and stderr captured.
  Run run(const std::string& args) const {
    const fs::path out = dir / "stdout.txt";
    const fs::path err = dir / "stderr.txt";
    const std::string command =
        fmt::format("'{}' {} > '{}' 2> '{}'", MLCP_CLI_PATH, args, out.string(), err.string());
    const int status = std::system(command.c_str());
    Run result;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = slurp(out);
    result.err = slurp(err);
    return result;
  }
};

const std::set<std::string> kDocumentedKeys = {"problem",
                                               "solver",
                                               "n",
                                               "nub",
                                               "friction_rows",
                                               "status",
                                               "message",
                                               "iterations",
                                               "pivots",
                                               "repeats",
                                               "time_us",
                                               "residual_rel",
                                               "residual_abs",
                                               "residual_scaled",
                                               "max_bound_violation",
                                               "max_complementarity_violation",
                                               "winner",
                                               "approximation",
                                               "applicable"};

std::set<std::string> keys(const JsonValue& object) {
  std::set<std::string> k;
  for (const auto& [key, value] : object.object) k.insert(key);
  return k;
}

bool isNumber(const JsonValue& v) { return v.type == JsonValue::Type::Number; }

/// The numbers of a solver's summary line: solved, of (applicable), n/a, failed.
std::vector<std::string> summaryRow(const std::string& out, const std::string& solver) {
  std::istringstream in(out.substr(out.find("summary over ")));
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    if (name != solver) continue;
    std::vector<std::string> numbers(4);
    for (std::string& n : numbers) words >> n;
    return numbers;
  }
  return {};
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(Cli, Files)

BOOST_AUTO_TEST_CASE(compare_long_prints_a_table_with_winners_and_a_summary) {
  const Run r = run(fmt::format("compare --long --solvers dantzig,lemke {}", path("set")));
  BOOST_TEST_INFO(r.err);
  BOOST_TEST(r.exitCode == 0);
  const std::vector<std::string> lines = r.outLines();
  BOOST_REQUIRE(lines.size() >= 1 + 6 + 4);
  BOOST_TEST(lines[0].find("res_rel") != std::string::npos);
  BOOST_TEST(lines[0].find("win") != std::string::npos);
  int winners = 0;
  for (int k = 1; k <= 6; ++k) {
    BOOST_TEST(lines[k].rfind("set/", 0) == 0);  // labelled from the directory
    if (lines[k].back() == '*') ++winners;
    // Dantzig cannot take ortiz's non-symmetric A: n/a, not a failure.
    if (lines[k].find("ortiz") != std::string::npos &&
        lines[k].find("dantzig") != std::string::npos)
      BOOST_TEST(lines[k].find(" n/a ") != std::string::npos);
  }
  BOOST_TEST(winners == 3);
  BOOST_TEST(r.out.find("summary over 3 problem(s)") != std::string::npos);
  // lemke: solved 3 of 3, n/a 0; dantzig: solved 2 of 2, n/a 1.
  BOOST_TEST((summaryRow(r.out, "lemke") == std::vector<std::string>{"3", "3", "0", "0"}));
  BOOST_TEST((summaryRow(r.out, "dantzig") == std::vector<std::string>{"2", "2", "1", "0"}));
}

BOOST_AUTO_TEST_CASE(compare_prints_one_line_per_problem) {
  const Run r = run(fmt::format("compare --solvers dantzig,lemke {}", path("set")));
  BOOST_TEST_INFO(r.out << r.err);
  BOOST_TEST(r.exitCode == 0);
  const std::vector<std::string> lines = r.outLines();
  BOOST_REQUIRE(lines.size() >= 1 + 3 + 1);
  BOOST_TEST(lines[0].find("who solved it") != std::string::npos);
  std::map<std::string, std::string> byFile;
  for (int k = 1; k <= 3; ++k) {
    BOOST_TEST(lines[k].rfind("set/", 0) == 0);
    byFile[lines[k].substr(4, lines[k].find(' ') - 4)] = lines[k];
  }
  BOOST_TEST(lines[4].empty());  // then the summary
  // ortiz: only Lemke applies and solves it; small: both do.
  BOOST_TEST(byFile["ortiz.dat"].find(" 1/1 ") != std::string::npos);
  BOOST_TEST(byFile["ortiz.dat"].find("lemke") != std::string::npos);
  BOOST_TEST(byFile["ortiz.dat"].substr(byFile["ortiz.dat"].size() - 3) == "all");
  BOOST_TEST(byFile["small.blcp"].find(" 2/2 ") != std::string::npos);
  // The summary says what "solved" means and out of how many.
  BOOST_TEST(r.out.find("solved:       scaled and relative residual <= 1e-06") !=
             std::string::npos);
  BOOST_TEST(r.out.find("counted over the problems it applies to") != std::string::npos);
  BOOST_TEST((summaryRow(r.out, "dantzig") == std::vector<std::string>{"2", "2", "1", "0"}));
}

BOOST_AUTO_TEST_CASE(compare_threshold_decides_what_counts_as_solved) {
  // PGS stops at its relative tolerance (1e-6 by default): within the default threshold,
  // outside a threshold of 1e-13, where only Lemke's exact answers count.
  const std::string command = "compare --solvers lemke,pgs --tol 1e-7 " + path("set");
  const Run loose = run(command);
  const Run tight = run(command + " --threshold 1e-13");
  BOOST_TEST(loose.exitCode == 0);
  BOOST_TEST(tight.exitCode == 0);
  BOOST_TEST(summaryRow(loose.out, "pgs").at(0) != "0");
  BOOST_TEST(summaryRow(tight.out, "pgs").at(0) == "0");
  BOOST_TEST(summaryRow(tight.out, "lemke").at(0) == "3");
  BOOST_TEST(tight.out.find("scaled and relative residual <= 1e-13") != std::string::npos);
  BOOST_TEST(run("compare --threshold -1 " + path("set")).exitCode == 105);
}

BOOST_AUTO_TEST_CASE(compare_output_fits_a_screen_per_20_problems) {
  // The built-in set (10 problems): one line per problem, then a summary whose length does not
  // grow with the problems; no line wider than the report's width.
  const Run r = run("compare --built-in --solvers dantzig,pgs");
  BOOST_TEST(r.exitCode == 0);
  const std::vector<std::string> lines = r.outLines();
  const size_t summary = r.out.find("summary over 10 problem(s)");
  BOOST_REQUIRE(summary != std::string::npos);
  BOOST_TEST(std::count(r.out.begin(), r.out.begin() + static_cast<long>(summary), '\n') ==
             1 + 10 + 1);  // header, problems, blank line
  BOOST_TEST(lines.size() <= 1 + 10 + 1 + 8 + 2u);
  for (const std::string& line : lines) {
    BOOST_TEST_INFO(line);
    BOOST_TEST(line.size() <= 124u);
  }
}

BOOST_AUTO_TEST_CASE(compare_json_has_one_object_per_problem_and_solver) {
  const Run r =
      run(fmt::format("compare --solvers dantzig,lemke --repeat 3 --json {}", path("set")));
  BOOST_TEST(r.exitCode == 0);
  const std::vector<std::string> lines = r.outLines();
  BOOST_REQUIRE(lines.size() == 6);
  std::map<std::string, int> winners;
  for (const std::string& line : lines) {
    const JsonValue row = mlcp::test::parseJson(line);
    BOOST_TEST_CONTEXT(line) {
      BOOST_TEST((keys(row) == kDocumentedKeys));
      BOOST_TEST((row["problem"].type == JsonValue::Type::String));
      BOOST_TEST(isNumber(row["n"]));
      BOOST_TEST(isNumber(row["time_us"]));
      BOOST_TEST(row["repeats"].number == 3.0);
      BOOST_TEST((row["winner"].type == JsonValue::Type::Boolean));
      if (row["winner"].boolean) ++winners[row["problem"].string];
      if (row["status"].string == "converged") {
        BOOST_TEST(row["residual_rel"].number <= 1e-8);
        BOOST_TEST(row["residual_scaled"].number <= 1e-8);
      }
      if (row["problem"].string == "set/ortiz.dat") {
        BOOST_TEST(row["n"].number == 4.0);
        if (row["solver"].string == "dantzig") {
          BOOST_TEST(row["status"].string == "unsupported");
          BOOST_TEST(row["message"].string.find("not symmetric") != std::string::npos);
          BOOST_TEST(!row["applicable"].boolean);  // reported n/a, not failed
        } else {
          BOOST_TEST(row["status"].string == "converged");
          BOOST_TEST(row["winner"].boolean);
        }
      }
      if (row["problem"].string == "set/small.blcp") BOOST_TEST(row["friction_rows"].number == 1.0);
      BOOST_TEST((row["approximation"].type == JsonValue::Type::Null));
    }
  }
  BOOST_TEST(winners.size() == 3u);
  for (const auto& [problem, count] : winners) BOOST_TEST(count == 1);
  // The summary goes to stderr so that stdout stays one object per line.
  BOOST_TEST(r.err.find("summary over 3 problem(s)") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(compare_writes_csv) {
  const Run r =
      run(fmt::format("compare --solvers lemke --csv {} {}", path("rows.csv"), path("set")));
  BOOST_TEST(r.exitCode == 0);
  std::istringstream csv(slurp(path("rows.csv")));
  std::vector<std::string> rows;
  for (std::string line; std::getline(csv, line);) rows.push_back(line);
  BOOST_REQUIRE(rows.size() == 4u);
  BOOST_TEST(rows[0] == std::string(mlcp::compare::kRecordKeys));
  for (size_t k = 1; k < rows.size(); ++k) BOOST_TEST(rows[k].find(",lemke,") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(compare_keeps_its_options) {
  // --built-in with --skip-missing: the generated set plus a note for the missing folder.
  const Run r = run(fmt::format(
      "compare --built-in --skip-missing --solvers dantzig --max-iterations 50 --tol 1e-9 "
      "--max-seconds 10 {} {}",
      path("absent"), path("set/small.blcp")));
  BOOST_TEST(r.exitCode == 0);
  BOOST_TEST(r.err.find("is absent, skipped") != std::string::npos);
  BOOST_TEST(r.out.find("random-n600-seed2") != std::string::npos);
  BOOST_TEST(r.out.find("summary over 11 problem(s)") != std::string::npos);
  // an option none of the chosen solvers takes is an error, not ignored
  const Run unused =
      run(fmt::format("compare --solvers dantzig --omega 1.2 {}", path("set/small.blcp")));
  BOOST_TEST(unused.exitCode != 0);
  BOOST_TEST(unused.err.find("no solver of dantzig takes option 'relaxation'") !=
             std::string::npos);
  const Run missing = run(fmt::format("compare {}", path("absent")));
  BOOST_TEST(missing.exitCode == 2);
  BOOST_TEST(missing.err.find("no such file or directory") != std::string::npos);
  const Run unknown = run(fmt::format("compare --solvers nosuch {}", path("set")));
  BOOST_TEST(unknown.exitCode == 2);
  BOOST_TEST(unknown.err.find("unknown solver 'nosuch'; known solvers: dantzig") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(compare_plot_draws_iterative_solvers_only) {
  std::string iterative;
  for (const std::string& name : mlcp::solverNames()) {
    const mlcp::Capabilities c = mlcp::makeSolver(name)->capabilities();
    if (c.iterative) iterative += (iterative.empty() ? "" : ",") + name;
  }
  const std::string png = path("convergence.png");
  if (iterative.empty()) {
    // Only pivoting solvers are registered: nothing to draw, said so, no file, no failure.
    const Run r = run(
        fmt::format("compare --solvers dantzig,lemke --plot {} {}", png, path("set/small.blcp")));
    BOOST_TEST(r.exitCode == 0);
    BOOST_TEST(r.err.find("no solver recorded a residual history") != std::string::npos);
    BOOST_TEST(!fs::exists(png));
    return;
  }
  const Run r = run(fmt::format("compare --solvers dantzig,{} --plot {} {}", iterative, png,
                                path("set/small.blcp")));
  BOOST_TEST_INFO(iterative << ": " << r.err);
  BOOST_TEST(r.exitCode == 0);
  BOOST_TEST(r.err.find("wrote " + png) != std::string::npos);
  const std::string bytes = slurp(png);
  BOOST_TEST(bytes.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  BOOST_TEST(bytes.size() > 10000u);
}

BOOST_AUTO_TEST_CASE(compare_profile_draws_a_png, *utf::precondition([](utf::test_unit_id) {
                       return std::system("gnuplot --version > /dev/null 2>&1") == 0;
                     })) {
  const std::string png = path("profile.png");
  const Run r = run(fmt::format("compare --solvers dantzig,lemke,pgs --repeat 3 --profile {} {}",
                                png, path("set")));
  BOOST_TEST_INFO(r.err);
  BOOST_TEST(r.exitCode == 0);
  BOOST_TEST(r.err.find("wrote " + png) != std::string::npos);
  const std::string bytes = slurp(png);
  BOOST_TEST(bytes.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  BOOST_TEST(bytes.size() > 15000u);
}

BOOST_AUTO_TEST_CASE(solve_writes_the_solution_and_validate_accepts_it) {
  const Run r = run(
      fmt::format("solve {} --solver lemke --out {}", path("set/ortiz.dat"), path("ortiz_x.blcp")));
  BOOST_TEST(r.exitCode == 0);
  BOOST_TEST(r.out.find("converged") != std::string::npos);
  const mlcp::Problem written = mlcp::readBlcp(path("ortiz_x.blcp"));
  BOOST_REQUIRE(written.x.has_value());
  BOOST_TEST(mlcp::computeResiduals(written, *written.x).relative <= 1e-14);
  // Its own x, and the same x given to the original Siconos file.
  BOOST_TEST(run(fmt::format("validate {}", path("ortiz_x.blcp"))).exitCode == 0);
  const Run v = run(fmt::format("validate {} --x {}", path("set/ortiz.dat"), path("ortiz_x.blcp")));
  BOOST_TEST(v.exitCode == 0);
  BOOST_TEST(v.out.find("verdict:   valid") != std::string::npos);
  // Dantzig refuses a non-symmetric A: exit code 1 and the reason.
  const Run refused = run(fmt::format("solve {} --solver dantzig", path("set/ortiz.dat")));
  BOOST_TEST(refused.exitCode == 1);
  BOOST_TEST(refused.out.find("try lemke") != std::string::npos);
  // --json: one object with the documented keys.
  const Run json = run(fmt::format("solve {} --solver lemke --json", path("set/small.blcp")));
  BOOST_TEST(json.exitCode == 0);
  BOOST_TEST((keys(mlcp::test::parseJson(json.out)) == kDocumentedKeys));
  // An option the solver does not take is named before the file is read.
  const Run unused = run(fmt::format("solve {} --solver dantzig --relaxation 1.2", path("absent")));
  BOOST_TEST(unused.exitCode != 0);
  BOOST_TEST(unused.err.find("takes option 'relaxation'") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(validate_lists_the_worst_rows_with_their_kind) {
  // small.blcp: row 0 normal, row 1 free, row 2 friction on row 0 (mu = 0.5).
  // x = (0, 0, 1): x2 is outside [0, 0] (bound), w0 = -1 at x0 = 0 (complementarity),
  // w1 = -1 on the free row (equality).
  write("x1.txt", "0 0\n1  # x2\n");
  const Run a = run(fmt::format("validate {} --x {}", path("set/small.blcp"), path("x1.txt")));
  BOOST_TEST(a.exitCode == 1);
  BOOST_TEST(a.out.find("NOT valid") != std::string::npos);
  BOOST_TEST(a.out.find(" bound ") != std::string::npos);
  BOOST_TEST(a.out.find(" complementarity ") != std::string::npos);
  BOOST_TEST(a.out.find(" equality ") != std::string::npos);
  // x = (1, 0, 0): friction bounds [-0.5, 0.5], x2 = 0 inside with w2 = -3 (friction).
  write("x2.txt", "1 0 0\n");
  const Run b =
      run(fmt::format("validate {} --x {} --json", path("set/small.blcp"), path("x2.txt")));
  BOOST_TEST(b.exitCode == 1);
  const JsonValue report = mlcp::test::parseJson(b.out);
  BOOST_TEST(!report["valid"].boolean);
  BOOST_TEST(report["n"].number == 3.0);
  bool friction = false;
  for (const JsonValue& row : report["worst_rows"].array) {
    BOOST_TEST(isNumber(row["residual"]));
    if (row["row"].number == 2.0) friction = row["kind"].string == "friction";
  }
  BOOST_TEST(friction);
  // A solution of the wrong length: one line naming the file and line.
  write("short.txt", "1\n2\n");
  const Run c = run(fmt::format("validate {} --x {}", path("set/small.blcp"), path("short.txt")));
  BOOST_TEST(c.exitCode == 2);
  BOOST_TEST(c.err ==
             fmt::format("mlcp: {}:2: 2 numbers but the problem has n = 3\n", path("short.txt")));
  // No solution at all.
  BOOST_TEST(run(fmt::format("validate {}", path("set/small.blcp"))).exitCode == 2);
}

BOOST_AUTO_TEST_CASE(validate_reproduces_the_scaled_residual_example_of_the_spec) {
  // The worked example of the spec's "scaled residual" section (docs/conventions.md restates
  // it): A = [[4, 1], [1, 3]], b = (1, 2), lo = 0, hi = inf, the wrong candidate x = (0, 2/3).
  struct Scaling {
    const char* file;
    const char* A;
    const char* b;
    double absolute, relative, scaled;  // the spec's table
  };
  const Scaling table[] = {
      {"as_given.blcp", "4 1 1 3", "1 2", 0.333333, 0.166667, 0.125},
      {"row2_1e8.blcp", "4 1 1e8 3e8", "1 2e8", 0.333333, 1.66667e-09, 0.125},
      {"all_1e-6.blcp", "4e-6 1e-6 1e-6 3e-6", "1e-6 2e-6", 3.33333e-07, 3.33333e-07, 0.125},
  };
  for (const Scaling& c : table) {
    BOOST_TEST_CONTEXT(c.file) {
      write(c.file, fmt::format("blcp 1\nn 2 nub 0\nA dense {}\nb {}\nlo 0 0\nhi inf inf\n"
                                "findex -1 -1\nx 0 0.66666666666666663\n",
                                c.A, c.b));
      const Run json = run(fmt::format("validate {} --json --tol 1e-6", path(c.file)));
      BOOST_TEST(json.exitCode == 1);  // the scaled residual rejects it at every scale
      const JsonValue report = mlcp::test::parseJson(json.out);
      BOOST_TEST(report["residual_abs"].number == c.absolute, boost::test_tools::tolerance(1e-5));
      BOOST_TEST(report["residual_rel"].number == c.relative, boost::test_tools::tolerance(1e-5));
      BOOST_TEST(report["residual_scaled"].number == c.scaled, boost::test_tools::tolerance(1e-12));
      BOOST_TEST(!report["valid"].boolean);
      const Run text = run(fmt::format("validate {}", path(c.file)));
      BOOST_TEST(
          text.out.find(fmt::format("residual:  scaled 0.125, relative {:.6g}, absolute {:.6g}",
                                    c.relative, c.absolute)) != std::string::npos);
      // The solution x = (1/11, 7/11) is valid at every scale.
      write("solution.txt", "0.090909090909090912 0.63636363636363635\n");
      const Run good =
          run(fmt::format("validate {} --x {} --json", path(c.file), path("solution.txt")));
      BOOST_TEST(good.exitCode == 0);
      BOOST_TEST(mlcp::test::parseJson(good.out)["residual_scaled"].number <= 1e-15);
    }
  }
}

BOOST_AUTO_TEST_CASE(convert_between_formats) {
  const Run a = run(fmt::format("convert {} {}", path("set/ortiz.dat"), path("ortiz.blcp")));
  BOOST_TEST(a.exitCode == 0);
  const mlcp::Problem original = mlcp::readProblem(path("set/ortiz.dat"));
  const mlcp::Problem blcp = mlcp::readBlcp(path("ortiz.blcp"));
  BOOST_TEST((blcp.A.toDense() == original.A.toDense()));
  BOOST_TEST((blcp.b == original.b));
  BOOST_TEST((blcp.lo == original.lo));
  const Run b = run(fmt::format("convert {} {}", path("ortiz.blcp"), path("again.dat")));
  BOOST_TEST(b.exitCode == 0);
  BOOST_TEST(b.out.find("siconos-lcp") != std::string::npos);
  BOOST_TEST((mlcp::readProblem(path("again.dat")).A.toDense() == original.A.toDense()));
  // A friction problem has no Siconos LCP/MLCP/relay form; an unknown extension is refused.
  const Run c = run(fmt::format("convert {} {}", path("set/small.blcp"), path("small.dat")));
  BOOST_TEST(c.exitCode == 2);
  BOOST_TEST(c.err.find("friction row") != std::string::npos);
  BOOST_TEST(run(fmt::format("convert {} {}", path("set/small.blcp"), path("x.txt"))).exitCode ==
             2);
}

BOOST_AUTO_TEST_CASE(info_describes_the_problem) {
  const Run a = run(fmt::format("info {}", path("set/ortiz.dat")));
  BOOST_TEST(a.exitCode == 0);
  BOOST_TEST(a.out.find("(siconos-lcp)") != std::string::npos);
  BOOST_TEST(a.out.find("size:       n = 4, nub = 0, friction rows = 0") != std::string::npos);
  BOOST_TEST(a.out.find("not symmetric") != std::string::npos);
  BOOST_TEST(a.out.find("lower only 4 (lo = 0: 4)") != std::string::npos);
  BOOST_TEST(a.out.find("condition:  ~") != std::string::npos);
  BOOST_TEST(a.out.find("low rank:   none") != std::string::npos);  // A is not symmetric
  const Run b = run(fmt::format("info {}", path("set/small.blcp")));
  BOOST_TEST(b.exitCode == 0);
  BOOST_TEST(b.out.find("symmetry:   symmetric") != std::string::npos);
  BOOST_TEST(b.out.find("positive definite") != std::string::npos);
  BOOST_TEST(b.out.find("free 1, lower only 1") != std::string::npos);
  BOOST_TEST(b.out.find("1 friction rows on 1 normal rows") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(malformed_files_give_one_line_and_exit_code_2) {
  struct Case {
    const char* file;
    int line;
    const char* phrase;
  };
  const Case cases[] = {
      {"truncated.blcp", 5, "unexpected end of file, expected A(2, 0)"},
      {"counts.blcp", 8, "bad token 'lo' for b[2]"},
      {"nan.blcp", 4, "A(0, 1) is NaN"},
      {"truncated.dat", 7, "unexpected end of file"},
  };
  for (const Case& c : cases) {
    const std::string file = path(c.file);
    for (const std::string& command :
         {fmt::format("compare {}", file), fmt::format("solve {}", file),
          fmt::format("validate {}", file), fmt::format("convert {} {}", file, path("o.blcp")),
          fmt::format("info {}", file)}) {
      const Run r = run(command);
      BOOST_TEST_CONTEXT(command << "\nstderr: " << r.err) {
        BOOST_TEST(r.exitCode == 2);  // not a crash (the shell reports a signal as 128 + n)
        const std::vector<std::string> lines = r.errLines();
        BOOST_TEST(lines.size() == 1u);
        if (lines.empty()) continue;
        BOOST_TEST(lines[0].rfind(fmt::format("mlcp: {}:{}: ", file, c.line), 0) == 0);
        BOOST_TEST(lines[0].find(c.phrase) != std::string::npos);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(progress_line_only_on_a_terminal, *utf::precondition([](utf::test_unit_id) {
                       return std::system("script --version > /dev/null 2>&1") == 0;
                     })) {
  // Through a pseudo-terminal (util-linux `script`), a batch of 3 x 7 = 21 runs shows progress
  // on stderr; stdout, redirected to a file, stays clean.
  const std::string table = path("table.txt");
  const std::string typescript = path("typescript.txt");
  const std::string solvers = "lemke,dantzig,lemke,dantzig,lemke,dantzig,lemke";
  const std::string command =
      fmt::format("script -qec \"'{}' compare -j 1 --solvers {} '{}' > '{}'\" '{}' > /dev/null",
                  MLCP_CLI_PATH, solvers, path("set"), table, typescript);
  BOOST_REQUIRE(std::system(command.c_str()) == 0);
  const std::string terminal = slurp(typescript);
  BOOST_TEST(terminal.find("\r\033[K[ 1/21] set/box_relay.dat: lemke") != std::string::npos);
  BOOST_TEST(terminal.find("[21/21] set/small.blcp: lemke") != std::string::npos);
  BOOST_TEST(slurp(table).find('\033') == std::string::npos);
  BOOST_TEST(slurp(table).find("summary over 3 problem(s)") != std::string::npos);
  // Without a terminal (this test's pipes) there is no progress at all.
  const Run r = run(fmt::format("compare --solvers {} {}", solvers, path("set")));
  BOOST_TEST(r.exitCode == 0);
  BOOST_TEST(r.err.empty());
}

/// A JSON row of `compare --json` without what may differ between two runs: the time, and the
/// winner, which the times decide.
std::string withoutTimes(const std::string& line) {
  JsonValue row = mlcp::test::parseJson(line);
  std::string out;
  for (const auto& [key, value] : row.object)
    if (key != "time_us" && key != "winner")
      out +=
          key + "=" +
          (value.type == JsonValue::Type::Number ? fmt::format("{}", value.number) : value.string) +
          (value.type == JsonValue::Type::Boolean ? (value.boolean ? "true" : "false") : "") + ";";
  return out;
}

BOOST_AUTO_TEST_CASE(parallel_compare_gives_the_rows_of_a_serial_one) {
  // The built-in set (10 problems, up to n = 600) and the three files, on 1, 2 and 3 threads:
  // the same rows in the same order, times aside.
  const std::string args = fmt::format(
      "compare --json --built-in --solvers dantzig,lemke,pgs,apgd,nsgs,newton {}", path("set"));
  const Run serial = run(args + " -j 1");
  BOOST_REQUIRE(serial.exitCode == 0);
  BOOST_REQUIRE(serial.outLines().size() == 13u * 6u);
  for (const std::string jobs : {"2", "3"}) {
    const Run parallel = run(fmt::format("{} -j {}", args, jobs));
    BOOST_TEST_CONTEXT("-j " << jobs) {
      BOOST_TEST(parallel.exitCode == 0);
      BOOST_REQUIRE(parallel.outLines().size() == serial.outLines().size());
      for (size_t k = 0; k < serial.outLines().size(); ++k)
        BOOST_TEST(withoutTimes(parallel.outLines()[k]) == withoutTimes(serial.outLines()[k]));
    }
  }
}

/// Starts `mlcp compare ARGS` in the background with stdout and stderr to files; returns its pid.
pid_t startCompare(const Files& files, const std::vector<std::string>& args) {
  const pid_t pid = fork();
  if (pid == 0) {
    std::freopen(files.path("bg-stdout.txt").c_str(), "w", stdout);
    std::freopen(files.path("bg-stderr.txt").c_str(), "w", stderr);
    std::vector<char*> argv{const_cast<char*>(MLCP_CLI_PATH), const_cast<char*>("compare")};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(MLCP_CLI_PATH, argv.data());
    std::_Exit(127);
  }
  return pid;
}

/// The lines of `path`, waiting up to 60 s until it has at least `lines` lines.
std::vector<std::string> waitForLines(const fs::path& path, size_t lines) {
  for (int k = 0; k < 3000; ++k) {
    std::vector<std::string> found;
    std::istringstream in(slurp(path));
    for (std::string line; std::getline(in, line);) found.push_back(line);
    if (found.size() >= lines) return found;
    usleep(20'000);
  }
  return {};
}

/// 12 small problems in `slow/`, each solved 400000 times by two solvers: about a second each.
void writeSlowSet(const Files& files) {
  fs::create_directories(files.dir / "slow");
  for (int k = 0; k < 12; ++k)
    files.write(fmt::format("slow/p{:02}.blcp", k),
                fmt::format("blcp 1\nn 3 nub 0\nA dense\n  4 1 0\n  1 4 1\n  0 1 4\nb 1 2 {}\n"
                            "lo 0 -inf 0\nhi inf inf 0.5\nfindex -1 -1 0\n",
                            k + 1));
}

BOOST_AUTO_TEST_CASE(a_killed_compare_leaves_whole_rows) {
  // SIGKILL (a crash, the machine's OOM killer) once the CSV file holds rows: the file is the
  // last one the run put in place, a header and whole problems, never a part of a row.
  writeSlowSet(*this);
  const std::string csv = path("killed.csv");
  const pid_t pid = startCompare(*this, {"-j", "2", "--repeat", "400000", "--solvers",
                                         "dantzig,lemke", "--csv", csv, path("slow")});
  BOOST_REQUIRE(pid > 0);
  BOOST_REQUIRE(waitForLines(csv, 1 + 2).size() >= 3u);
  usleep(300'000);
  kill(pid, SIGKILL);
  int status = 0;
  BOOST_REQUIRE(waitpid(pid, &status, 0) == pid);
  BOOST_TEST(WIFSIGNALED(status));
  std::vector<std::string> rows;
  std::istringstream in(slurp(csv));
  for (std::string line; std::getline(in, line);) rows.push_back(line);
  BOOST_REQUIRE(rows.size() >= 3u);
  BOOST_TEST(rows[0] == std::string(mlcp::compare::kRecordKeys));
  BOOST_TEST(rows.size() % 2 == 1u);
  for (size_t k = 1; k < rows.size(); ++k) {
    BOOST_TEST_INFO(rows[k]);
    BOOST_TEST(rows[k].rfind("slow/p", 0) == 0u);
    BOOST_TEST(rows[k].rfind(",true") == rows[k].size() - 5);
  }
}

BOOST_AUTO_TEST_CASE(an_interrupted_compare_keeps_the_rows_it_computed) {
  // The run is stopped with SIGINT (Ctrl-C) once the CSV file holds the first problem's rows.
  writeSlowSet(*this);
  const std::string csv = path("slow.csv");
  const pid_t pid = startCompare(*this, {"-j", "2", "--repeat", "400000", "--solvers",
                                         "dantzig,lemke", "--csv", csv, path("slow")});
  BOOST_REQUIRE(pid > 0);
  const std::vector<std::string> early = waitForLines(csv, 1 + 2);
  BOOST_REQUIRE(early.size() >= 3u);
  kill(pid, SIGINT);
  int status = 0;
  BOOST_REQUIRE(waitpid(pid, &status, 0) == pid);
  BOOST_TEST_INFO(slurp(path("bg-stderr.txt")));
  BOOST_REQUIRE(WIFEXITED(status));
  BOOST_TEST(WEXITSTATUS(status) == 130);  // 128 + SIGINT: not a success
  BOOST_TEST(slurp(path("bg-stderr.txt")).find("mlcp: interrupted: ") != std::string::npos);
  // The file: the header and whole problems (two rows each, in batch order), fewer than all.
  std::vector<std::string> rows;
  std::istringstream in(slurp(csv));
  for (std::string line; std::getline(in, line);) rows.push_back(line);
  BOOST_REQUIRE(rows.size() >= early.size());
  BOOST_TEST(rows[0] == std::string(mlcp::compare::kRecordKeys));
  BOOST_TEST(rows.size() % 2 == 1u);
  BOOST_TEST(rows.size() < 1u + 24u);
  std::set<std::string> problems;
  for (size_t k = 1; k < rows.size(); ++k) {
    BOOST_TEST_INFO(rows[k]);
    BOOST_TEST(rows[k].rfind(",true") == rows[k].size() - 5);  // whole: up to `applicable`
    BOOST_TEST(rows[k].find(k % 2 == 1 ? ",dantzig," : ",lemke,") != std::string::npos);
    BOOST_TEST(rows[k].find(",converged,") != std::string::npos);
    problems.insert(rows[k].substr(0, rows[k].find(',')));
  }
  BOOST_TEST(problems.size() == (rows.size() - 1) / 2);
  BOOST_TEST(*problems.begin() == "slow/p00.blcp");  // the first problem is always among them
  // No temporary file is left beside it.
  for (const auto& entry : fs::directory_iterator(dir))
    BOOST_TEST(entry.path().filename().string().find(".tmp-") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_solve_beyond_the_budget_is_time_limit) {
  // A budget of 0.1 us, less than any solve takes: each solver stops at its time limit, or is
  // marked time-limit after its solve; neither counts as solved, so the problem has no winner.
  const Run r = run(fmt::format("compare --json --solvers pgs,dantzig --max-seconds 1e-7 {}",
                                path("set/small.blcp")));
  BOOST_TEST(r.exitCode == 0);
  BOOST_REQUIRE(r.outLines().size() == 2u);
  for (const std::string& line : r.outLines()) {
    BOOST_TEST_INFO(line);
    const JsonValue row = mlcp::test::parseJson(line);
    BOOST_TEST(row["status"].string == "time-limit");
    BOOST_TEST(row["time_us"].number > 0.1);
    BOOST_TEST(!row["winner"].boolean);
  }
  for (const std::string& line : r.outLines())
    BOOST_TEST(mlcp::test::parseJson(line)["message"].string.find("1e-07 s") != std::string::npos);
  BOOST_TEST(summaryRow(r.err, "dantzig").at(0) == "0");  // solved: none
}

BOOST_AUTO_TEST_CASE(solver_chatter_stays_off_stdout) {
  // Whatever a solver library prints (Siconos prints diagnostics on stdout) goes to stderr:
  // with every registered solver, stdout still holds only JSON objects.
  // An MLCP whose equality block is zero: Siconos' MLCP-to-LCP reduction fails on it and says so.
  write("singular.blcp",
        "blcp 1\nn 3 nub 2\nA dense\n 0 0 1\n 0 0 -1\n -1 1 1\nb 1 -1 0\nlo -inf -inf 0\n"
        "hi inf inf inf\nfindex -1 -1 -1\n");
  const Run r = run(fmt::format("compare --json {} {}", path("set"), path("singular.blcp")));
  BOOST_TEST(r.exitCode == 0);
  // One row per problem and solver (the binary may register adapter solvers beyond ours).
  BOOST_TEST(r.outLines().size() % 4 == 0u);
  BOOST_TEST(r.outLines().size() >= 4 * 5u);
  for (const std::string& line : r.outLines()) {
    BOOST_TEST_INFO(line);
    BOOST_CHECK_NO_THROW(mlcp::test::parseJson(line));
  }
  // Nor on stderr: a peer's chatter is in its row's message (Siconos, when this build has it).
  BOOST_TEST(r.err.find("[Numerics]") == std::string::npos, r.err);
  for (const std::string& line : r.outLines()) {
    const JsonValue row = mlcp::test::parseJson(line);
    if (row["solver"].string == "siconos-mlcp-lemke" &&
        row["problem"].string.find("singular") != std::string::npos)
      BOOST_TEST(row["message"].string.find("the peer printed: \"[Numerics] ") != std::string::npos,
                 row["message"].string);
  }
}

BOOST_AUTO_TEST_CASE(siconos_folder_in_json, *utf::precondition([](utf::test_unit_id) {
                       return mlcp::test::sharedDataDir().has_value();
                     })) {
  const fs::path lcp = *mlcp::test::sharedDataDir() / "siconos" / "lcp";
  const Run r = run(fmt::format("compare --json --solvers dantzig,lemke {}", lcp.string()));
  BOOST_TEST(r.exitCode == 0);
  const std::vector<std::string> lines = r.outLines();
  BOOST_TEST(lines.size() == 40u);
  int solvedProblems = 0;
  for (const std::string& line : lines) {
    const JsonValue row = mlcp::test::parseJson(line);
    if (row["winner"].boolean) {
      ++solvedProblems;
      BOOST_TEST(row["residual_rel"].number <= 1e-8);
    }
  }
  BOOST_TEST(solvedProblems == 18);  // all but lcp_CPS_3 and lcp_Pang_isolated_sol_perturbed
}

BOOST_AUTO_TEST_SUITE_END()
