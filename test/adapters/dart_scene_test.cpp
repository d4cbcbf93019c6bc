// DartScene builds libdynamics' scene descriptions: the bodies DART holds are the described
// ones, and what DART cannot build is refused by name.

#include "built_bodies_check.hpp"

#include <mlcp/adapters/dart/dart_boxed_lcp_solver.hpp>
#include <mlcp/adapters/dart/dart_scene.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <memory>
#include <stdexcept>
#include <string>

namespace ma = mlcp::adapters;
namespace dyn = mlcp::dynamics;

namespace {

std::shared_ptr<ma::DartBoxedLcpSolver> dantzig() {
  return std::make_shared<ma::DartBoxedLcpSolver>(mlcp::makeSolver("dantzig"));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(DartSceneDescription)

BOOST_AUTO_TEST_CASE(dart_builds_the_described_bodies) {
  // DART works in double precision; a chain link's pose is composed from its joints' transforms
  // (parent pose times joint offsets), which rounds at a few ulp of the 5 m chain: 1e-12 bounds
  // that, and the masses, inertias and sizes DART keeps as given.
  const double tolerance = 1e-12;
  for (const dyn::SceneDescription& scene : mlcp::test::scenesEveryEngineBuilds()) {
    const ma::DartScene built(scene, dantzig());
    mlcp::test::checkBuiltBodies(scene, built.builtBodies(), tolerance);
  }
}

BOOST_AUTO_TEST_CASE(an_element_dart_cannot_build_is_named) {
  try {
    ma::DartScene scene(dyn::describeScene("spring"), dantzig());
    BOOST_FAIL("expected std::invalid_argument");
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    BOOST_TEST(message.find("dart") != std::string::npos);
    BOOST_TEST(message.find("'spring'") != std::string::npos);
    BOOST_TEST(message.find("axis") != std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()
