// The performance profile of `mlcp compare --profile` [Dolan & More 2002]: its curves on a
// batch worked out by hand, and the figure gnuplot draws.

#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/performance_profile.hpp>
#include <mlcp/compare/profile_selection.hpp>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <unistd.h>

namespace utf = boost::unit_test;
namespace fs = std::filesystem;

namespace {

constexpr double kThreshold = 1e-6;

mlcp::compare::RunRecord record(const std::string& solver, double time, double residual) {
  mlcp::compare::RunRecord r;
  r.solver = solver;
  r.status = mlcp::Status::Converged;
  r.timeMicroseconds = time;
  r.residualRelative = residual;
  return r;
}

/// Four problems, three solvers:
///   p1: a 10 us, b 20 us, c 40 us           -> ratios a 1, b 2, c 4
///   p2: a 30 us, b 10 us, c residual 1e-3   -> a 3, b 1, c unsolved
///   p3: a 5 us, b n/a, c 50 us              -> a 1, c 10 (b's denominator is 3)
///   p4: a residual 1, b residual 1, c 8 us  -> c 1
mlcp::compare::CompareBatch batch() {
  mlcp::compare::RunRecord na = record("b", 1.0, 0.0);
  na.notApplicable = "boxes";
  mlcp::compare::CompareBatch b = {
      {record("a", 10, 0), record("b", 20, 0), record("c", 40, 0)},
      {record("a", 30, 1e-9), record("b", 10, 1e-7), record("c", 5, 1e-3)},
      {record("a", 5, 0), na, record("c", 50, 0)},
      {record("a", 1, 1.0), record("b", 1, 1.0), record("c", 8, 0)}};
  for (auto& problem : b) mlcp::compare::markWinner(problem, kThreshold);
  return b;
}

struct GnuplotPresent {
  boost::test_tools::assertion_result operator()(utf::test_unit_id) const {
    boost::test_tools::assertion_result result(std::system("gnuplot --version > /dev/null 2>&1") ==
                                               0);
    result.message() << "gnuplot is not installed";
    return result;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(PerformanceProfile)

BOOST_AUTO_TEST_CASE(curves_of_a_batch_worked_out_by_hand) {
  const std::vector<mlcp::compare::ProfileCurve> curves =
      mlcp::compare::performanceProfile(batch(), kThreshold);
  BOOST_REQUIRE(curves.size() == 3u);
  const mlcp::compare::ProfileCurve& a = curves[0];
  const mlcp::compare::ProfileCurve& b = curves[1];
  const mlcp::compare::ProfileCurve& c = curves[2];
  BOOST_TEST(a.problems == 4);
  BOOST_TEST((a.ratios == std::vector<double>{1.0, 1.0, 3.0}));
  BOOST_TEST(b.problems == 3);  // p3 is n/a for b
  BOOST_TEST((b.ratios == std::vector<double>{1.0, 2.0}));
  BOOST_TEST((c.ratios == std::vector<double>{1.0, 4.0, 10.0}));  // p2's answer is not solved
  // rho(1): the fraction won; rho(large): the fraction solved.
  BOOST_TEST(a.fraction(1.0) == 0.5);
  BOOST_TEST(a.fraction(2.9) == 0.5);
  BOOST_TEST(a.fraction(3.0) == 0.75);
  BOOST_TEST(a.fraction(1e9) == 0.75);
  BOOST_TEST(b.fraction(1.0) == 1.0 / 3.0);
  BOOST_TEST(b.fraction(2.0) == 2.0 / 3.0);
  BOOST_TEST(c.fraction(1.0) == 0.25);
  BOOST_TEST(c.fraction(9.99) == 0.5);
  BOOST_TEST(c.fraction(10.0) == 0.75);
  BOOST_TEST(mlcp::compare::ProfileCurve{}.fraction(2.0) == 0.0);  // applies to nothing
}

BOOST_AUTO_TEST_CASE(the_figure_states_the_threshold_and_the_time_measure) {
  const auto curves = mlcp::compare::performanceProfile(batch(), kThreshold);
  const std::string script =
      mlcp::compare::performanceProfileScript(curves, "/tmp/profile.png", {4, kThreshold, 5});
  BOOST_TEST(script.find("on 4 problems") != std::string::npos);
  BOOST_TEST(script.find("solved: scaled and relative residual <= 1e-06") != std::string::npos);
  BOOST_TEST(script.find("time: median wall time of solve() over 5 runs") != std::string::npos);
  BOOST_TEST(script.find("set logscale x 2") != std::string::npos);
  BOOST_TEST(script.find("set xlabel 'tau = time / fastest solver''s time") != std::string::npos);
  BOOST_TEST(script.find("set ylabel 'fraction of its applicable problems") != std::string::npos);
  BOOST_TEST(script.find("title 'b (2 of 3)'") != std::string::npos);  // solved of applicable
  // c's steps: 1/4 at tau = 1, 2/4 at 4, 3/4 at 10, held to the right end (12.5 = 1.25 x 10).
  const size_t begin = script.find("$profile2 << EOD\n");
  BOOST_REQUIRE(begin != std::string::npos);
  const std::string data = script.substr(begin + 17, script.find("EOD", begin + 17) - begin - 17);
  BOOST_TEST(data == "1 0.25\n4 0.5\n10 0.75\n12.5 0.75\n");
}

BOOST_AUTO_TEST_CASE(solvers_that_apply_to_nothing_have_no_curve) {
  mlcp::compare::ProfileCurve none{"siconos-mlcp-pgs", 0, {}};
  BOOST_CHECK_THROW(mlcp::compare::performanceProfileScript({none}, "x.png", {1, kThreshold, 1}),
                    std::runtime_error);
  auto curves = mlcp::compare::performanceProfile(batch(), kThreshold);
  curves.push_back(none);
  const std::string script =
      mlcp::compare::performanceProfileScript(curves, "x.png", {4, kThreshold, 1});
  BOOST_TEST(script.find("siconos-mlcp-pgs") == std::string::npos);
}

/// A curve that solved `solved` of 10 problems, each at time ratio `ratio`.
mlcp::compare::ProfileCurve curve(const std::string& solver, int solved, double ratio) {
  return {solver, 10, std::vector<double>(static_cast<size_t>(solved), ratio)};
}

/// The 26 solvers of the main job with made-up results: 15 of ours in 5 families, 11 peers in 3.
std::vector<mlcp::compare::ProfileCurve> mainJobCurves() {
  return {curve("dantzig", 8, 1.5),
          curve("dantzig-sparse", 8, 3.0),
          curve("dantzig-ode", 6, 1.2),
          curve("lemke", 9, 4.0),
          curve("pgs", 7, 2.0),
          curve("apgd", 7, 5.0),
          curve("newton", 10, 3.0),
          curve("newton-fb", 10, 2.0),
          curve("nsgs", 9, 1.1),
          curve("nncg", 7, 4.0),
          curve("pgs-sm", 9, 1.5),
          curve("jacobi", 5, 6.0),
          curve("blocked-jacobi", 6, 5.0),
          curve("auto", 10, 1.8),
          curve("fallback", 10, 1.9),
          curve("siconos-lemke", 4, 2.0),
          curve("siconos-pgs", 3, 9.0),
          curve("siconos-enum", 4, 30.0),
          curve("siconos-mlcp-pgs", 2, 2.0),
          curve("siconos-mlcp-enum", 2, 27.0),
          curve("siconos-mlcp-lemke", 2, 3.0),
          curve("bullet-dantzig", 6, 1.3),
          curve("bullet-pgs", 5, 25.0),
          curve("bullet-lemke", 6, 2.5),
          curve("dart-dantzig", 6, 1.4),
          curve("dart-pgs", 1, 3.0)};
}

/// The titles of the curves a profile script draws.
std::vector<std::string> plottedTitles(const std::string& script) {
  std::vector<std::string> titles;
  const std::regex title("with steps [^,\n]* title '([^']*)'");
  for (auto it = std::sregex_iterator(script.begin(), script.end(), title);
       it != std::sregex_iterator(); ++it)
    titles.push_back((*it)[1]);
  return titles;
}

BOOST_AUTO_TEST_CASE(the_default_profile_draws_the_best_of_each_family) {
  const auto all = mainJobCurves();
  const mlcp::compare::ProfileSelection selection = mlcp::compare::selectProfileCurves(all);
  std::vector<std::string> chosen;
  for (const auto& c : selection.curves) chosen.push_back(c.solver);
  // Most solved (lemke's 9 beats dantzig's 8), ties to the smaller mean ratio (newton-fb's 2.0
  // beats newton's 3.0, nsgs' 1.1 pgs-sm's 1.5); in the order of the batch.
  const std::vector<std::string> expected = {"lemke",          "newton-fb",   "nsgs",
                                             "nncg",           "auto",        "siconos-lemke",
                                             "bullet-dantzig", "dart-dantzig"};
  BOOST_TEST(chosen == expected, boost::test_tools::per_element());
  BOOST_TEST(selection.rule.find("8 of 26 solvers drawn") != std::string::npos);
  BOOST_TEST(selection.rule.find("--profile-all") != std::string::npos);
  // The figure draws those 8, each in its own colour, the peers dashed, the rule underneath.
  const std::string script = mlcp::compare::performanceProfileScript(
      selection.curves, "x.png", {10, kThreshold, 1}, selection.rule);
  const auto titles = plottedTitles(script);
  BOOST_TEST(titles.size() == 8u);
  std::set<std::string> colours;
  const std::regex colour("linecolor rgb '(#[0-9A-F]{6})' dashtype ([0-9])");
  int dashed = 0;
  for (auto it = std::sregex_iterator(script.begin(), script.end(), colour);
       it != std::sregex_iterator(); ++it) {
    colours.insert((*it)[1]);
    dashed += (*it)[2] == "2" ? 1 : 0;
  }
  BOOST_TEST(colours.size() == 8u);
  BOOST_TEST(dashed == 3);  // siconos, bullet, dart
  const size_t label = script.find("set label 1 \"Curves: per family");
  BOOST_REQUIRE(label != std::string::npos);
  const std::string line = script.substr(label, script.find('\n', label) - label);
  BOOST_TEST(line.find("\\n") != std::string::npos);  // the rule in two lines
  BOOST_TEST(line.find("--profile-all") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(profile_all_draws_every_solver) {
  auto curves = mainJobCurves();
  curves.push_back({"siconos-enum-never", 0, {}});  // applies to nothing: no curve
  const mlcp::compare::ProfileSelection all = mlcp::compare::allProfileCurves(curves);
  BOOST_TEST(all.curves.size() == 26u);
  const std::string script =
      mlcp::compare::performanceProfileScript(all.curves, "x.png", {10, kThreshold, 1}, all.rule);
  BOOST_TEST(plottedTitles(script).size() == 26u);
  BOOST_TEST(all.rule == "Curves: every solver (26).");
}

BOOST_AUTO_TEST_CASE(writes_a_png, *utf::precondition(GnuplotPresent())) {
  const fs::path png =
      fs::temp_directory_path() / fmt::format("mlcp_profile_test_{}.png", getpid());
  mlcp::compare::writePerformanceProfile(mlcp::compare::performanceProfile(batch(), kThreshold),
                                         png, {4, kThreshold, 1});
  std::ifstream in(png, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove(png);
  BOOST_TEST(bytes.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  BOOST_TEST(bytes.size() > 15000u);  // axes, title, legend and three curves
}

BOOST_AUTO_TEST_SUITE_END()
