#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <stdexcept>

namespace ma = mlcp::adapters;

namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(AdapterRegistry)

BOOST_AUTO_TEST_CASE(registers_the_peers_of_the_adapters_built) {
  ma::registerAdapterSolvers();
  const auto names = mlcp::solverNames();
  const auto frameworks = ma::captureFrameworks();
  BOOST_TEST(contains(names, "dantzig"));
  BOOST_TEST(contains(names, "bullet-dantzig") == contains(frameworks, "bullet"));
  BOOST_TEST(contains(names, "dart-dantzig") == contains(frameworks, "dart"));
  BOOST_TEST_MESSAGE("registered: " << names.size() << " solvers; capture from "
                                    << frameworks.size() << " frameworks");
}

BOOST_AUTO_TEST_CASE(captures_by_framework_name_in_memory) {
  for (const std::string& framework : ma::captureFrameworks()) {
    ma::CaptureRequest request;
    request.framework = framework;
    request.scene = mlcp::dynamics::describeScene("slope");
    request.steps = 4;
    const ma::CaptureResult result = ma::captureScene(request);
    BOOST_TEST(result.files.empty());
    BOOST_TEST(static_cast<int>(result.captured.size()) == result.assembled);
    BOOST_TEST(result.assembled >= 3);  // DART finds no contact in the first step (exact touch)
    for (const mlcp::Problem& p : result.captured) BOOST_TEST(p.size() > 0);
  }
  ma::CaptureRequest unknown;
  unknown.framework = "havok";
  try {
    ma::captureScene(unknown);
    BOOST_FAIL("expected std::invalid_argument");
  } catch (const std::invalid_argument& e) {
    BOOST_TEST(std::string(e.what()).find("cannot capture from 'havok'") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(live_problems_load_and_solve) {
  const auto live = ma::liveCapturedProblems();
  BOOST_TEST(live.size() == 2 * ma::captureFrameworks().size() +
                                (contains(ma::captureFrameworks(), "bullet") ? 1u : 0u));
  for (const ma::LiveProblem& entry : live) {
    if (entry.label.find("slope") == std::string::npos) continue;  // the quick ones
    const mlcp::Problem p = entry.load();
    mlcp::DantzigSolver solver;
    solver.setProblem(p);
    const mlcp::SolveReport& report = solver.solve();
    BOOST_TEST_MESSAGE(entry.label << ": n " << p.size() << ", " << report.status);
    BOOST_TEST(report.succeeded(), entry.label << ": " << report.message);
    BOOST_TEST(p.name.find(entry.label) == 0u);
  }
}

BOOST_AUTO_TEST_SUITE_END()
