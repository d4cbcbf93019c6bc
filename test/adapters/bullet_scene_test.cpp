// BulletScene builds libdynamics' scene descriptions: the bodies Bullet holds are the described
// ones, and what Bullet cannot build is refused by name.

#include "built_bodies_check.hpp"

#include <mlcp/adapters/bullet/bullet_mlcp_interface.hpp>
#include <mlcp/adapters/bullet/bullet_scene.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>

namespace ma = mlcp::adapters;
namespace dyn = mlcp::dynamics;

BOOST_AUTO_TEST_SUITE(BulletSceneDescription)

BOOST_AUTO_TEST_CASE(bullet_builds_the_described_bodies) {
  // Debian's Bullet is the double-precision build (bullet-float64, BT_USE_DOUBLE_PRECISION), so
  // what it stores differs from the description by rounding only: mass and inertia are kept as
  // inverses (1/(1/m): 1 ulp), box extents as half extents minus the collision margin (a sum and
  // a difference: 1 ulp), orientations as a matrix read back as a quaternion (a few ulp); 1e-12
  // bounds all of these for sizes of order 1 m and masses of order 1 kg.
  const double tolerance = 1e-12;
  for (const dyn::SceneDescription& scene : mlcp::test::scenesEveryEngineBuilds()) {
    ma::BulletMlcpInterface solver(mlcp::makeSolver("dantzig"));
    const ma::BulletScene built(scene, solver);
    mlcp::test::checkBuiltBodies(scene, built.builtBodies(), tolerance);
  }
}

BOOST_AUTO_TEST_CASE(the_pushed_box_is_pushed_in_every_step) {
  // Frictionless and pushed by 4 N, a 2 kg box gains F h / m = 2 h m/s per step: after 30 steps
  // of h = 1/60 s, v = 1 m/s (Bullet's normal rows are vertical, so they take no x momentum).
  ma::BulletMlcpInterface solver(mlcp::makeSolver("dantzig"));
  ma::BulletScene scene(dyn::describeScene("pushed-box", {"mu=0", "force=4", "mass=2"}), solver);
  for (int k = 0; k < 30; ++k) scene.step();
  BOOST_TEST(std::abs(scene.builtBodies()[0].v_WB.x() - 1.0) < 1e-9);
}

BOOST_AUTO_TEST_CASE(an_element_bullet_cannot_build_is_named) {
  ma::BulletMlcpInterface solver(mlcp::makeSolver("dantzig"));
  try {
    ma::BulletScene scene(dyn::describeScene("spring"), solver);
    BOOST_FAIL("expected std::invalid_argument");
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    BOOST_TEST(message.find("bullet") != std::string::npos);
    BOOST_TEST(message.find("'spring'") != std::string::npos);
    BOOST_TEST(message.find("axis") != std::string::npos);
  }
  dyn::SceneDescription bad = dyn::describeScene("box-stack", {"count=2"});
  bad.bodies[1].mass = -1.0;
  BOOST_CHECK_THROW(ma::BulletScene(bad, solver), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
