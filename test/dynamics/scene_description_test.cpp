// SceneDescription: the catalogue's scenes as plain data, their validation, and the World
// buildWorld() makes of them.

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

namespace dyn = mlcp::dynamics;

namespace {

/// True when `call` throws std::invalid_argument whose message contains every one of `parts`.
template <class Call>
bool throwsNaming(Call call, std::initializer_list<std::string> parts) {
  try {
    call();
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    for (const std::string& part : parts)
      if (message.find(part) == std::string::npos) return false;
    return true;
  }
  return false;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(SceneDescriptionTests)

BOOST_AUTO_TEST_CASE(box_stack_is_described_once_and_built_as_described) {
  const dyn::SceneDescription scene = dyn::describeScene("box-stack", {"count=3", "mu=0.7"});
  BOOST_TEST(scene.name == "box-stack");
  BOOST_TEST(scene.parameters == "count=3 size=1 mass=1 mu=0.7");
  BOOST_TEST(scene.bodies.size() == 3u);
  BOOST_TEST(scene.statics.size() == 1u);
  BOOST_TEST(scene.material.mu == 0.7);
  BOOST_TEST(scene.bodies[2].p_WB.z() == 2.5);
  BOOST_TEST(std::holds_alternative<dyn::Box>(*scene.bodies[2].shape));
  // A 1 kg unit cube: I = m/12 (1 + 1) = 1/6 kg m^2 about each axis.
  BOOST_TEST(std::abs(scene.bodies[0].I_Bcm_B(0, 0) - 1.0 / 6.0) < 1e-15);

  const dyn::World world = dyn::buildWorld(scene);
  BOOST_TEST(world.bodyCount() == 3);
  BOOST_TEST(world.geometries().size() == 4u);  // the ground and one box per body
  BOOST_TEST(world.defaultContactMaterial().mu == 0.7);
  BOOST_TEST(world.name() == "box-stack count=3 size=1 mass=1 mu=0.7");
  BOOST_TEST(world.body(1).p_WB == scene.bodies[1].p_WB);
}

BOOST_AUTO_TEST_CASE(make_scene_keeps_the_description_it_built) {
  const dyn::Scene scene = dyn::makeScene("pendulum-chain", {"count=4"});
  BOOST_TEST(scene.description.bodies.size() == 4u);
  BOOST_TEST(scene.description.joints.size() == 4u);
  BOOST_TEST(scene.world.constraintCount() == 4);
  BOOST_TEST(scene.description.joints[0].body0 == -1);
  BOOST_TEST(scene.watchedBodies == scene.description.watchedBodies);
}

BOOST_AUTO_TEST_CASE(sphere_drop_starts_at_rest_height_above_the_ground) {
  const dyn::SceneDescription scene =
      dyn::describeScene("sphere-drop", {"radius=0.2", "height=2", "mass=3"});
  BOOST_TEST(scene.bodies.size() == 1u);
  BOOST_TEST(scene.bodies[0].p_WB.z() == 2.2);  // lowest point at height
  BOOST_TEST(scene.bodies[0].mass == 3.0);
  BOOST_TEST(std::get<dyn::Sphere>(*scene.bodies[0].shape).radius == 0.2);
  BOOST_TEST(scene.bodies[0].v_WB.isZero());
}

BOOST_AUTO_TEST_CASE(the_pushed_box_keeps_its_force_from_step_to_step) {
  // Frictionless, so the force alone accelerates it: v = F t / m after the steps, whatever the
  // contact does (its normal row is vertical). Summing h F / m over 30 steps rounds at 1e-15.
  dyn::Scene scene = dyn::makeScene("pushed-box", {"mu=0", "force=4", "mass=2", "v0=0.5"});
  mlcp::DantzigSolver solver;
  scene.world.setSolver(solver);
  for (int k = 0; k < 30; ++k) scene.world.step(scene.timeStep);
  const double expected = 0.5 + 4.0 / 2.0 * 30 * scene.timeStep;
  BOOST_TEST(std::abs(scene.world.body(0).v_WB.x() - expected) < 1e-12);
  BOOST_TEST(scene.world.body(0).f_constant_B_W.x() == 4.0);
}

BOOST_AUTO_TEST_CASE(bad_descriptions_are_rejected_naming_the_scene_element_and_field) {
  dyn::SceneDescription scene = dyn::describeScene("box-stack", {"count=2"});
  scene.bodies[1].mass = -1.0;
  BOOST_TEST(throwsNaming([&] { scene.validate(); }, {"box-stack", "box1", "mass"}));
  BOOST_TEST(throwsNaming([&] { dyn::buildWorld(scene); }, {"box1", "mass"}));

  scene = dyn::describeScene("box-stack", {"count=2"});
  scene.bodies[1].name = "box0";
  BOOST_TEST(throwsNaming([&] { scene.validate(); }, {"box0", "twice"}));

  scene = dyn::describeScene("box-stack", {"count=2"});
  scene.bodies[0].shape = dyn::Box{Eigen::Vector3d(1.0, 0.0, 1.0)};
  BOOST_TEST(throwsNaming([&] { scene.validate(); }, {"box0", "size y"}));

  scene = dyn::describeScene("pendulum-chain", {"count=2"});
  scene.joints[1].body1 = 5;
  BOOST_TEST(throwsNaming([&] { scene.validate(); }, {"pendulum-chain", "joint 1", "body1"}));

  scene = dyn::describeScene("spring");
  scene.timeStep = 0.0;
  BOOST_TEST(throwsNaming([&] { scene.validate(); }, {"spring", "time step"}));
  scene = dyn::describeScene("spring");
  scene.erp = 1.5;
  BOOST_TEST(throwsNaming([&] { scene.validate(); }, {"ERP"}));

  scene = dyn::describeScene("slope");
  scene.statics[0].shape = dyn::Sphere{1.0};
  BOOST_TEST(throwsNaming([&] { scene.validate(); }, {"slope", "sphere"}));
}

BOOST_AUTO_TEST_CASE(bad_scene_input_is_named) {
  BOOST_TEST(throwsNaming([] { dyn::describeScene("box-tower"); }, {"box-tower", "box-stack"}));
  BOOST_TEST(throwsNaming([] { dyn::describeScene("box-stack", {"mass=-2"}); }, {"mass", "-2"}));
  BOOST_TEST(throwsNaming([] { dyn::describeScene("sphere-drop", {"height=-1"}); }, {"height"}));
  BOOST_TEST(throwsNaming([] { dyn::describeScene("pushed-box", {"push=3"}); }, {"push", "force"}));
}

BOOST_AUTO_TEST_SUITE_END()
