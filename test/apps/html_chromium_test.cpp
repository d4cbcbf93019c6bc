// The page of `mlcp compare --html` as a browser shows it: the built binary writes the page,
// headless Chromium loads a copy with a probe script added, and the rendered DOM must hold
// every table with its rows and every image decoded at its size. Exits with 77 (CTest: skipped)
// when chromium or gnuplot is not installed.

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

bool installed(const char* program) {
  return std::system(fmt::format("command -v {} > /dev/null 2>&1", program).c_str()) == 0;
}

/// Skips the whole file (exit code 77) without chromium to load the page or gnuplot to draw
/// its images.
struct RequireChromiumAndGnuplot {
  RequireChromiumAndGnuplot() {
    for (const char* program : {"chromium", "gnuplot"}) {
      if (installed(program)) continue;
      std::printf("%s is not installed: skipped\n", program);
      std::fflush(stdout);
      std::exit(77);
    }
  }
};
BOOST_TEST_GLOBAL_FIXTURE(RequireChromiumAndGnuplot);

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// Appended to a copy of the page: after the load event it opens every <details> and writes,
/// into <pre id="probe">, one line per table ("table ID ROWS") and per image ("img
/// ID-OR-CLASS NATURAL-WxH SHOWN-WxH"; natural 0x0 when the image did not decode); then it
/// clicks the header "n" of the first family's problems twice, the page's own script sorting
/// the rows, and writes the problems' order after each click ("sorted up|down LABEL...").
constexpr const char* kProbe = R"(<script>
window.addEventListener('load', () => {
  const lines = [];
  for (const d of document.querySelectorAll('details')) d.open = true;
  for (const t of document.querySelectorAll('table')) lines.push(`table ${t.id} ${t.rows.length}`);
  for (const i of document.images) {
    const box = i.getBoundingClientRect();
    lines.push(`img ${i.id || i.className} ${i.naturalWidth}x${i.naturalHeight} ` +
               `${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  const problems = document.getElementById('family-0-problems');
  const header = Array.from(problems.tHead.rows[0].cells).find((th) => th.textContent === 'n');
  for (const order of ['up', 'down']) {
    header.click();
    const labels = Array.from(problems.tBodies[0].rows).map((row) => row.cells[0].textContent);
    lines.push(`sorted ${order} ${labels.join(' ')}`);
  }
  const pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = lines.join('\n');
  document.body.appendChild(pre);
});
</script>
)";

/// A scratch folder with three small problems, the page and Chromium's fresh profile.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / fmt::format("mlcp_html_test_{}", getpid());

  Scratch() {
    fs::remove_all(dir);
    fs::create_directories(dir / "set");
    // A friction row (Siconos' LCP methods cannot take it), a non-symmetric A (Dantzig cannot),
    // a boxed LCP.
    write("set/small.blcp",
          "blcp 1\nn 3 nub 0\nA dense\n  4 1 0\n  1 4 1\n  0 1 4\nb 1 2 3\nlo 0 -inf 0\n"
          "hi inf inf 0.5\nfindex -1 -1 0\n");
    write("set/ortiz.dat", "4\n0\n4\n4\n4 4\n3 -1 0 0\n1 2 1 0\n0 1 3 1\n-1 1 -1 2\n-2 1 -1 1\n");
    write("set/box_relay.dat", "2\n0\n2\n2\n2 2\n2 0 0 2\n-5 1\n-1 -1\n1 1\n");
  }
  ~Scratch() { fs::remove_all(dir); }

  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
  }
};

/// Runs `command`, returning its exit code (-1 when it did not exit).
int run(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// The probe's lines, by first two words ("table summary" -> "5"; images keep every line).
std::multimap<std::string, std::string> probeLines(const std::string& dom) {
  std::multimap<std::string, std::string> lines;
  const size_t begin = dom.find("<pre id=\"probe\">");
  if (begin == std::string::npos) return lines;
  std::istringstream in(dom.substr(begin + 16, dom.find("</pre>", begin) - begin - 16));
  for (std::string kind, name, rest; in >> kind >> name && std::getline(in, rest);)
    lines.emplace(kind + " " + name, rest.substr(rest.find_first_not_of(' ')));
  return lines;
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(HtmlChromium, Scratch)

BOOST_AUTO_TEST_CASE(tables_and_images_render_in_chromium) {
  const fs::path page = dir / "report.html";
  const int compare = run(fmt::format(
      "'{}' compare --solvers dantzig,lemke,pgs,apgd --html '{}' '{}' > '{}' 2>&1", MLCP_CLI_PATH,
      page.string(), (dir / "set").string(), (dir / "compare.txt").string()));
  BOOST_TEST_INFO(slurp(dir / "compare.txt"));
  BOOST_REQUIRE(compare == 0);
  std::string html = slurp(page);
  BOOST_REQUIRE(html.find("</body>") != std::string::npos);
  write("probe.html", html.insert(html.find("</body>"), kProbe));

  const int chromium = run(fmt::format(
      "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
      "--disable-background-networking --disable-component-update --disable-sync "
      "--user-data-dir='{}' --dump-dom 'file://{}' > '{}' 2> '{}'",
      (dir / "profile").string(), (dir / "probe.html").string(), (dir / "dom.html").string(),
      (dir / "chromium.txt").string()));
  BOOST_TEST_INFO(slurp(dir / "chromium.txt"));
  BOOST_REQUIRE(chromium == 0);
  const auto lines = probeLines(slurp(dir / "dom.html"));
  BOOST_REQUIRE(!lines.empty());  // the probe ran: the page loaded

  // Header row + 4 solvers (twice: the batch and its one family, set/); + 3 problems; + 3
  // problems; + 3 x 4 pairs.
  BOOST_TEST(lines.find("table summary")->second == "5");
  BOOST_TEST(lines.find("table family-0-solvers")->second == "5");
  BOOST_TEST(lines.find("table family-0-problems")->second == "4");
  BOOST_TEST(lines.find("table family-0-matrix")->second == "4");
  BOOST_TEST(lines.find("table runs")->second == "13");
  // A click on "n" sorts the problems by size (2, 3, 4 rows), a second click reverses.
  BOOST_TEST(lines.find("sorted up")->second == "set/box_relay.dat set/small.blcp set/ortiz.dat");
  BOOST_TEST(lines.find("sorted down")->second == "set/ortiz.dat set/small.blcp set/box_relay.dat");
  // The profiles and the convergence plots decode at gnuplot's size and take room on the page.
  BOOST_REQUIRE(lines.count("img profile") == 1u);
  BOOST_TEST(lines.find("img profile")->second.rfind("1100x700 ", 0) == 0u);
  BOOST_REQUIRE(lines.count("img profile-all") == 1u);  // 4 solvers, 3 families: 3 curves
  BOOST_TEST(lines.find("img profile-all")->second.rfind("1100x700 ", 0) == 0u);
  const auto [first, last] = lines.equal_range("img convergence");
  BOOST_TEST(std::distance(first, last) >= 1);  // pgs and apgd record a history
  for (auto it = first; it != last; ++it) {
    BOOST_TEST_INFO(it->second);
    BOOST_TEST(it->second.rfind("640x400 ", 0) == 0u);
    BOOST_TEST(it->second.find(" 0x") == std::string::npos);  // shown with a width
  }
}

BOOST_AUTO_TEST_CASE(every_solver_fits_in_a_readable_page) {
  // Every registered solver (ours and the peers the binary was built with): the page stays
  // within 2 MB and its default profile draws at most 8 curves, the rule under it saying so.
  const fs::path page = dir / "all.html";
  const int compare =
      run(fmt::format("'{}' compare --html '{}' '{}' > '{}' 2>&1", MLCP_CLI_PATH, page.string(),
                      (dir / "set").string(), (dir / "compare.txt").string()));
  BOOST_TEST_INFO(slurp(dir / "compare.txt"));
  BOOST_REQUIRE(compare == 0);
  const std::string html = slurp(page);
  BOOST_TEST(html.size() <= 2'000'000u);
  const std::regex rule("([0-9]+) of ([0-9]+) solvers drawn, --profile-all draws all");
  std::smatch drawn;
  BOOST_REQUIRE(std::regex_search(html, drawn, rule));
  BOOST_TEST(std::stoi(drawn[1]) <= 8);
  BOOST_TEST(std::stoi(drawn[1]) >= 3);  // at least our pivoting, splitting and gradient
  BOOST_TEST(html.find("<img id=\"profile-all\"") != std::string::npos);
  std::string probe = html;
  write("all-probe.html", probe.insert(probe.find("</body>"), kProbe));
  const int chromium = run(fmt::format(
      "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
      "--disable-background-networking --disable-component-update --disable-sync "
      "--user-data-dir='{}' --dump-dom 'file://{}' > '{}' 2> '{}'",
      (dir / "profile").string(), (dir / "all-probe.html").string(),
      (dir / "all-dom.html").string(), (dir / "chromium.txt").string()));
  BOOST_REQUIRE(chromium == 0);
  const auto lines = probeLines(slurp(dir / "all-dom.html"));
  BOOST_REQUIRE(lines.count("img profile") == 1u);
  for (const auto& [name, size] : lines)
    if (name.rfind("img ", 0) == 0) BOOST_TEST(size.rfind("0x0", 0) != 0u);  // every one decoded
}

BOOST_AUTO_TEST_SUITE_END()
