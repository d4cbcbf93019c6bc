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
  ma::BulletSceneOptions scene;
  scene.kind = ma::SceneKind::BoxStack;
  ma::RecorderOptions recorder;
  recorder.directory = dir;
  recorder.prefix = "stack";
  const ma::CaptureResult result = ma::captureBulletScene(scene, 5, recorder);
  BOOST_TEST(result.steps == 5);
  BOOST_TEST(result.assembled == 5);
  BOOST_REQUIRE(result.files.size() == 5u);
  for (const fs::path& file : result.files) {
    const mlcp::Problem p = mlcp::test::expectRecordedProblemSolves(file);
    BOOST_TEST(p.size() == 120);  // 10 manifolds x 4 points x (normal + 2 friction rows)
    BOOST_TEST(p.frictionRows() == 80);
    BOOST_TEST(p.nub == 0);
    BOOST_TEST(p.name.find("bullet 3.24 box-stack") == 0u);
  }
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(chain_joint_rows_become_nub) {
  const fs::path dir = mlcp::test::freshTempFolder("bullet_chain");
  ma::BulletSceneOptions scene;
  scene.kind = ma::SceneKind::PendulumChain;
  ma::RecorderOptions recorder;
  recorder.directory = dir;
  recorder.maxFiles = 1;
  const ma::CaptureResult result = ma::captureBulletScene(scene, 2, recorder);
  BOOST_REQUIRE(result.files.size() == 1u);
  const mlcp::Problem p = mlcp::readBlcp(result.files.front());
  BOOST_TEST(p.nub == 60);     // 20 point-to-point joints x 3 rows, Bullet's +-1e18 read as inf
  BOOST_TEST(p.size() == 60);  // still in the air: no contact yet
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(an_unwritable_folder_is_an_error_after_the_run) {
  const fs::path dir = mlcp::test::freshTempFolder("bullet_blocked");
  fs::create_directories(dir);
  std::ofstream(dir / "file") << "x";
  ma::RecorderOptions recorder;
  recorder.directory = dir / "file" / "sub";
  ma::BulletSceneOptions scene;
  scene.kind = ma::SceneKind::Slope;
  BOOST_CHECK_THROW(ma::captureBulletScene(scene, 2, recorder), std::runtime_error);
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()
