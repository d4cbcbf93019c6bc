#include "adapter_test_support.hpp"

#include <mlcp/adapters/bullet/bullet_capture.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace fs = std::filesystem;
namespace ma = mlcp::adapters;

BOOST_AUTO_TEST_SUITE(BulletCapture)

BOOST_AUTO_TEST_CASE(records_every_problem_of_a_box_stack) {
  const fs::path dir = mlcp::test::freshTempFolder("bullet_stack");
  const mlcp::dynamics::SceneDescription scene = mlcp::dynamics::describeScene("box-stack");
  ma::RecorderOptions recorder;
  recorder.directory = dir;
  recorder.prefix = "stack";
  const ma::CaptureResult result = ma::captureBulletScene(scene, 5, recorder);
  BOOST_TEST(result.steps == 5);
  BOOST_TEST(result.assembled == 5);
  BOOST_REQUIRE(result.files.size() == 5u);
  for (size_t k = 0; k < result.files.size(); ++k) {
    const mlcp::Problem p = mlcp::test::expectRecordedProblemSolves(result.files[k]);
    // 10 manifolds x 4 points x (normal + 2 friction rows); in the first step the ground plane's
    // manifold holds 3 points (Bullet's perturbed plane/convex test), 4 from the next one on.
    const int points = k == 0 ? 39 : 40;
    BOOST_TEST(p.size() == 3 * points);
    BOOST_TEST(p.frictionRows() == 2 * points);
    BOOST_TEST(p.nub == 0);
    BOOST_TEST(p.name.find("bullet 3.24 box-stack") == 0u);
  }
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(chain_joint_rows_become_nub) {
  const fs::path dir = mlcp::test::freshTempFolder("bullet_chain");
  // The chain of the earlier Bullet captures: 20 links of 0.5 m.
  const mlcp::dynamics::SceneDescription scene =
      mlcp::dynamics::describeScene("pendulum-chain", {"count=20", "length=0.5"});
  ma::RecorderOptions recorder;
  recorder.directory = dir;
  recorder.maxFiles = 1;
  const ma::CaptureResult result = ma::captureBulletScene(scene, 2, recorder);
  BOOST_REQUIRE(result.files.size() == 1u);
  const mlcp::Problem p = mlcp::readBlcp(result.files.front());
  BOOST_TEST(p.nub == 60);     // 20 point-to-point joints x 3 rows, Bullet's +-1e18 read as inf
  BOOST_TEST(p.size() == 60);  // joints only: the scene has no ground
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(an_unwritable_folder_is_an_error_after_the_run) {
  const fs::path dir = mlcp::test::freshTempFolder("bullet_blocked");
  fs::create_directories(dir);
  std::ofstream(dir / "file") << "x";
  ma::RecorderOptions recorder;
  recorder.directory = dir / "file" / "sub";
  BOOST_CHECK_THROW(ma::captureBulletScene(mlcp::dynamics::describeScene("slope"), 2, recorder),
                    std::runtime_error);
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()
