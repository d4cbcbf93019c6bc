// The page of `mlcp compare --html` as text: self-contained, escaped, with every table and
// image in place (html_chromium_test loads it in a browser).

#include "base64.hpp"

#include <mlcp/compare/html_report.hpp>

#include <boost/test/unit_test.hpp>

#include <string>

namespace {

constexpr double kThreshold = 1e-6;

mlcp::compare::RunRecord record(const std::string& problem,
                                const std::string& solver,
                                mlcp::Status status,
                                double residual) {
  mlcp::compare::RunRecord r;
  r.problem = problem;
  r.solver = solver;
  r.status = status;
  r.timeMicroseconds = 12.5;
  r.residualRelative = residual;
  r.message = "because <reasons> & more";
  return r;
}

/// Two problems of two families (lcp/, captured/; one label needs escaping), three solvers: a
/// solves both, b fails one and cannot take the other, c did not run on the second
/// (matrix-free).
mlcp::compare::HtmlReport report() {
  mlcp::compare::HtmlReport r;
  r.title = "mlcp compare: 2 problems, 3 solvers";
  r.threshold = kThreshold;
  r.repeats = 3;
  mlcp::compare::RunRecord na = record("captured/p<2>&", "b", mlcp::Status::InvalidProblem, 0.0);
  na.notApplicable = "friction rows";
  r.batch = {{record("lcp/p1", "a", mlcp::Status::Converged, 1e-12),
              record("lcp/p1", "b", mlcp::Status::MaxIterations, 1e-2),
              record("lcp/p1", "c", mlcp::Status::Converged, 1e-9)},
             {record("captured/p<2>&", "a", mlcp::Status::Converged, 0.0), na}};
  r.batch[0][0].winner = r.batch[1][0].winner = true;
  mlcp::compare::CompareSummary summary(kThreshold, 3);
  mlcp::compare::ProblemShape shape;
  shape.n = 3;
  for (const auto& records : r.batch) {
    summary.add(records);
    r.outcomes.push_back(
        mlcp::compare::outcomeOf(records.front().problem, shape, records, kThreshold));
  }
  r.solvers = summary.solvers();
  r.profile = {"the profile", std::string("\x89PNG-profile", 12)};
  r.profileAll = {"every curve", "<svg/>", "", "image/svg+xml"};
  r.convergence = {{"Convergence on lcp/p1", "png-1", "lcp/p1"},
                   {"Convergence on captured/p<2>&", "png-2", "captured/p<2>&"}};
  r.notes = {"bad.dat:3: truncated (skipped)"};
  return r;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

/// The text of the element that starts at `open` (e.g. "<table id=\"x\"") up to `close`.
std::string element(const std::string& page, const std::string& open, const std::string& close) {
  const size_t begin = page.find(open);
  if (begin == std::string::npos) return "";
  return page.substr(begin, page.find(close, begin) - begin);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(HtmlReport)

BOOST_AUTO_TEST_CASE(every_table_has_a_row_per_item) {
  const std::string page = mlcp::compare::htmlReportPage(report());
  BOOST_TEST(page.rfind("<!DOCTYPE html>\n", 0) == 0u);
  BOOST_TEST(page.find("<meta charset=\"utf-8\">") != std::string::npos);
  // Header row + one row per solver, per problem of the family, per pair.
  const auto rows = [&](const std::string& id) {
    return count(element(page, "<table id=\"" + id + "\"", "</table>"), "<tr>");
  };
  BOOST_TEST(rows("summary") == 1u + 3u);
  BOOST_TEST(rows("family-0-solvers") == 1u + 3u);  // lcp/p1: a, b, c
  BOOST_TEST(rows("family-1-solvers") == 1u + 2u);  // captured/p<2>&: a, b
  BOOST_TEST(rows("family-0-problems") == 1u + 1u);
  BOOST_TEST(rows("family-1-problems") == 1u + 1u);
  BOOST_TEST(rows("family-0-matrix") == 1u + 1u);
  BOOST_TEST(rows("family-1-matrix") == 1u + 1u);
  BOOST_TEST(rows("runs") == 1u + 5u);
  // A section per problem family, in batch order.
  BOOST_TEST(page.find("<h2 id=\"family-0\">Problems: lcp (1 problem)</h2>") != std::string::npos);
  BOOST_TEST(page.find("<h2 id=\"family-1\">Problems: captured (1 problem)</h2>") <
             page.find("<table id=\"runs\""));
  // What the numbers mean.
  BOOST_TEST(page.find("scaled and relative residual of the solver's answer is at most 1e-06") !=
             std::string::npos);
  BOOST_TEST(page.find("median wall time of solve() over 3 runs") != std::string::npos);
  // Both residuals that decide "solved", in the problem and pair tables.
  BOOST_TEST(count(element(page, "<table id=\"family-0-problems\"", "</table>"),
                   "<th>res_scl</th>") == 1u);
  BOOST_TEST(count(element(page, "<table id=\"runs\"", "</table>"), "<th>res_scl</th>") == 1u);
}

BOOST_AUTO_TEST_CASE(the_verdict_comes_first) {
  const std::string page = mlcp::compare::htmlReportPage(report());
  const std::string verdict = element(page, "<p class=\"verdict\"", "</p>");
  BOOST_TEST(verdict.find("a solves the most problems (2 of 2); a is the fastest of the 1 that "
                          "solve every problem any solver solves") != std::string::npos);
  BOOST_TEST(page.find("<p class=\"verdict\"") < page.find("<h2>"));
}

BOOST_AUTO_TEST_CASE(every_table_sorts) {
  const std::string page = mlcp::compare::htmlReportPage(report());
  BOOST_TEST(count(page, "<table ") == 8u);
  BOOST_TEST(count(page, "class=\"sortable") == 8u);
  BOOST_TEST(count(page, "<thead><tr>") == 8u);
  BOOST_TEST(count(page, "<script>") == 1u);
  BOOST_TEST(page.find("table.sortable") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_matrix_tells_solved_failed_and_not_applicable_apart) {
  const std::string page = mlcp::compare::htmlReportPage(report());
  const std::string matrix = element(page, "<table id=\"family-0-matrix\"", "</table>") +
                             element(page, "<table id=\"family-1-matrix\"", "</table>");
  BOOST_TEST(count(matrix, "class=\"num win\"") == 2u);     // a on both problems
  BOOST_TEST(count(matrix, "class=\"num solved\"") == 1u);  // c on p1
  BOOST_TEST(count(matrix, "class=\"failed\"") == 1u);      // b on p1
  BOOST_TEST(matrix.find(">max-iterations</td>") != std::string::npos);
  BOOST_TEST(count(matrix, ">n/a</td>") == 1u);  // b on p2
  BOOST_TEST(matrix.find("title=\"friction rows\"") != std::string::npos);
  BOOST_TEST(matrix.find("title=\"not run (needs J, M^-1)\"") != std::string::npos);  // c on p2
}

BOOST_AUTO_TEST_CASE(images_are_embedded_as_data_uris) {
  const std::string page = mlcp::compare::htmlReportPage(report());
  const std::string profile = element(page, "<img id=\"profile\"", ">");
  BOOST_TEST(profile.find("src=\"data:image/png;base64," +
                          mlcp::compare::base64Encode(std::string("\x89PNG-profile", 12)) + "\"") !=
             std::string::npos);
  // Every solver's curve behind a switch.
  const std::string all = element(page, "<details><summary>every solver's curve", "</details>");
  BOOST_TEST(all.find("<img id=\"profile-all\"") != std::string::npos);
  BOOST_TEST(all.find("src=\"data:image/svg+xml;base64," + mlcp::compare::base64Encode("<svg/>")) !=
             std::string::npos);
  BOOST_TEST(count(page, "<img class=\"convergence\"") == 2u);
  // Each convergence plot in its family's section.
  BOOST_TEST(page.find(mlcp::compare::base64Encode("png-2")) > page.find("<h2 id=\"family-1\""));
  BOOST_TEST(page.find(mlcp::compare::base64Encode("png-1")) < page.find("<h2 id=\"family-1\""));
  // Self-contained: every src is a data: URI; no stylesheet link, no remote address.
  BOOST_TEST(count(page, "src=\"") == count(page, "src=\"data:image/"));
  BOOST_TEST(page.find("<script src") == std::string::npos);
  BOOST_TEST(page.find("<link") == std::string::npos);
  BOOST_TEST(page.find("http") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_page_stays_within_its_size) {
  mlcp::compare::HtmlReport r = report();
  r.convergence.clear();
  for (int k = 0; k < 40; ++k)  // 40 plots of 100 kB: 5.3 MB in base64
    r.convergence.push_back({"Convergence on lcp/p1", std::string(100'000, 'x'), "lcp/p1"});
  const std::string page = mlcp::compare::htmlReportPage(r);
  BOOST_TEST(page.size() <= mlcp::compare::kMaxHtmlBytes);
  const size_t shown = count(page, "<img class=\"convergence\"");
  BOOST_TEST(shown >= 10u);  // as many as fit
  BOOST_TEST(shown < 40u);
  BOOST_TEST(page.find(std::to_string(40 - shown) + " convergence plots left out to keep the "
                                                    "page within 2 MB") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(text_is_escaped) {
  const std::string page = mlcp::compare::htmlReportPage(report());
  BOOST_TEST(page.find("p<2>") == std::string::npos);
  BOOST_TEST(page.find("p&lt;2&gt;&amp;") != std::string::npos);
  BOOST_TEST(page.find("because &lt;reasons&gt; &amp; more") != std::string::npos);
  BOOST_TEST(page.find("bad.dat:3: truncated (skipped)") != std::string::npos);  // a note
  BOOST_TEST(mlcp::compare::htmlEscape("a'b\"c") == "a&#39;b&quot;c");
}

BOOST_AUTO_TEST_SUITE_END()
