// OdeWorld: what it refuses (naming engine, scene and element), its options, the steppers, and
// ODE's library state across several worlds at a time.

#include <mlcp/adapters/ode_world/ode_world.hpp>
#include <mlcp/dynamics/scene_description.hpp>

#include <boost/test/unit_test.hpp>

#include <memory>
#include <stdexcept>
#include <string>

namespace dyn = mlcp::dynamics;
using mlcp::adapters::OdeStepper;
using mlcp::adapters::OdeWorld;
using mlcp::adapters::OdeWorldOptions;

namespace {

/// The message of the std::invalid_argument `make` throws ("" when it throws none).
template <typename F>
std::string invalidArgument(F make) {
  try {
    make();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(OdeWorldBuild)

BOOST_AUTO_TEST_CASE(an_axis_joint_is_refused_naming_engine_scene_and_joint) {
  const dyn::SceneDescription spring = dyn::describeScene("spring");
  const std::string message = invalidArgument([&] { OdeWorld world(spring); });
  BOOST_TEST_MESSAGE(message);
  BOOST_TEST(contains(message, "ode: scene spring: joint"));
  BOOST_TEST(contains(message, "axis"));
}

BOOST_AUTO_TEST_CASE(the_explicit_gyroscopic_term_is_refused_naming_the_body) {
  const dyn::SceneDescription box = dyn::describeScene("spinning-box", {"gyroscopic=explicit"});
  const std::string message = invalidArgument([&] { OdeWorld world(box); });
  BOOST_TEST_MESSAGE(message);
  BOOST_TEST(contains(message, "ode: scene spinning-box: body 'box'"));
  BOOST_TEST(contains(message, "explicit"));
}

BOOST_AUTO_TEST_CASE(bad_options_and_stepper_names_are_refused) {
  const dyn::SceneDescription drop = dyn::describeScene("sphere-drop");
  OdeWorldOptions options;
  options.quickStepIterations = 0;
  BOOST_TEST(
      contains(invalidArgument([&] { OdeWorld world(drop, options); }), "quickStepIterations = 0"));
  options = {};
  options.maxContactsPerPair = 17;
  BOOST_TEST(
      contains(invalidArgument([&] { OdeWorld world(drop, options); }), "maxContactsPerPair = 17"));
  BOOST_TEST(contains(invalidArgument([] { mlcp::adapters::odeStepperFromString("pgs"); }),
                      "unknown stepper 'pgs'"));
  BOOST_TEST(toString(mlcp::adapters::odeStepperFromString("quickstep")) == "quickstep");
  OdeWorld world(drop);
  BOOST_CHECK_THROW(world.body(1), std::out_of_range);
}

// A sphere dropped 1 m lands and rests on the plane with either stepper; several worlds live at
// once, and a world made after all others were destroyed (ODE closed and opened again) works.
BOOST_AUTO_TEST_CASE(both_steppers_land_the_sphere_and_worlds_coexist) {
  const dyn::SceneDescription drop = dyn::describeScene("sphere-drop", {"height=1"});
  OdeWorldOptions quick;
  quick.stepper = OdeStepper::QuickStep;
  for (int round = 0; round < 2; ++round) {
    auto dantzig = std::make_unique<OdeWorld>(drop);
    auto quickStep = std::make_unique<OdeWorld>(drop, quick);
    BOOST_TEST(dantzig->stepperName() == "ode dWorldStep (Dantzig)");
    BOOST_TEST(quickStep->stepperName() == "ode dWorldQuickStep (20 iterations)");
    for (int k = 0; k < 180; ++k) {
      dantzig->step();
      quickStep->step();
    }
    for (const OdeWorld* world : {dantzig.get(), quickStep.get()}) {
      BOOST_TEST(world->stepCount() == 180);
      BOOST_TEST(world->lastContactCount() == 1);
      // Resting: the centre one radius (0.5 m) above the plane, within the ERP/CFM steady
      // penetration (about 1e-5 m here).
      BOOST_TEST(std::abs(world->body(0).p_WB.z() - 0.5) < 1e-4);
      BOOST_TEST(world->body(0).v_WB.norm() < 1e-3);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
