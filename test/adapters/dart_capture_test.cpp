#include "adapter_test_support.hpp"

#include <mlcp/adapters/dart/dart_capture.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <filesystem>

namespace fs = std::filesystem;
namespace ma = mlcp::adapters;

BOOST_AUTO_TEST_SUITE(DartCapture)

BOOST_AUTO_TEST_CASE(records_the_problems_of_a_box_stack) {
  const fs::path dir = mlcp::test::freshTempFolder("dart_stack");
  const mlcp::dynamics::SceneDescription scene = mlcp::dynamics::describeScene("box-stack");
  ma::RecorderOptions recorder;
  recorder.directory = dir;
  recorder.every = 2;
  const ma::CaptureResult result = ma::captureDartScene(scene, 6, recorder);
  BOOST_TEST(result.steps == 6);
  // One problem per constrained group and step: the stack may split into groups early on.
  BOOST_TEST(result.assembled >= 6);
  BOOST_TEST(result.failures == 0);
  BOOST_REQUIRE(static_cast<int>(result.files.size()) == (result.assembled + 1) / 2);
  for (const fs::path& file : result.files) {
    const mlcp::Problem p = mlcp::test::expectRecordedProblemSolves(file);
    BOOST_TEST(p.size() % 3 == 0);  // a normal and two friction rows per contact point
    BOOST_TEST(p.frictionRows() == 2 * p.size() / 3);
    BOOST_TEST(p.name.find("dart 6.12 box-stack (dart collider)") == 0u);
  }
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()
