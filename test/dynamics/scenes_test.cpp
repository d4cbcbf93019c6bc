// The named scenes: each builds from its documented defaults, steps, and rejects bad parameters.

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <stdexcept>

namespace bdata = boost::unit_test::data;
namespace dyn = mlcp::dynamics;

namespace {

const std::vector<std::string> kNames = {
    "pendulum-chain", "box-stack",    "box-pyramid", "mass-ratio", "slope",   "sphere-drop",
    "pushed-box",     "spinning-box", "spring",      "pile",       "columns", "ground-chain"};

/// Scenes whose boxes touch each other need ODE's box/box test.
bool needsOde(const std::string& name) {
  return name == "box-stack" || name == "box-pyramid" || name == "mass-ratio" || name == "columns";
}

/// Precondition: box/box contacts need ODE's collision functions (libode-dev).
boost::test_tools::assertion_result odeAvailable(boost::unit_test::test_unit_id) {
  boost::test_tools::assertion_result result(mlcp::dynamics::hasOdeCollision());
  result.message() << "libdynamics was built without ODE: no box/box contacts";
  return result;
}

double topDrift(const dyn::Scene& scene, const Eigen::Vector3d& start) {
  return (scene.world.body(scene.watchedBodies.front()).p_WB - start).norm();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Scenes)

BOOST_AUTO_TEST_CASE(the_catalog_lists_the_issue_names_in_order) {
  BOOST_TEST(dyn::sceneNames() == kNames, boost::test_tools::per_element());
  for (const dyn::SceneInfo& info : dyn::sceneCatalog()) {
    BOOST_TEST(!info.description.empty());
    BOOST_TEST(!info.parameters.empty());
    for (const auto& parameter : info.parameters) BOOST_TEST(!parameter.description.empty());
  }
}

BOOST_DATA_TEST_CASE(every_scene_steps_with_dantzig, bdata::make(kNames), name) {
  if (needsOde(name) && !dyn::hasOdeCollision()) {
    BOOST_TEST_MESSAGE(name << " needs ODE's box/box contacts: skipped (built without ODE)");
    return;
  }
  // pile at its default 1000 bodies is for matrix-free solvers; 60 bodies here.
  dyn::Scene scene = name == "pile" ? dyn::makeScene(name, {"count=60"}) : dyn::makeScene(name);
  BOOST_TEST(scene.name == name);
  BOOST_TEST(scene.world.bodyCount() > 0);
  BOOST_TEST(!scene.watchedBodies.empty());
  mlcp::DantzigSolver solver;
  scene.world.setSolver(solver);
  for (int k = 0; k < 10; ++k) scene.world.step(scene.timeStep);
  for (const dyn::Body& body : scene.world.bodies()) {
    BOOST_TEST(body.p_WB.allFinite());
    BOOST_TEST(body.v_WB.allFinite());
  }
  BOOST_TEST(scene.world.stepCount() == 10);
}

BOOST_AUTO_TEST_CASE(parameters_change_the_scene) {
  BOOST_TEST(dyn::makeScene("box-stack").world.bodyCount() == 10);
  BOOST_TEST(dyn::makeScene("box-stack", {"count=3"}).world.bodyCount() == 3);
  BOOST_TEST(dyn::makeScene("box-pyramid").world.bodyCount() == 15);
  BOOST_TEST(dyn::makeScene("pendulum-chain", {"count=3"}).world.constraintCount() == 3);
  const dyn::Scene heavy = dyn::makeScene("mass-ratio", {"ratio=1000"});
  BOOST_TEST(heavy.world.body(heavy.watchedBodies.front()).mass == 1000.0);
  BOOST_TEST(dyn::makeScene("box-stack", {"count=3"}).parameters == "count=3 size=1 mass=1 mu=0.5");
  if (dyn::hasOdeCollision())
    BOOST_TEST(dyn::makeScene("pile", {"count=20", "shape=box"}).world.bodyCount() == 20);
}

BOOST_AUTO_TEST_CASE(bad_names_and_parameters_are_rejected) {
  auto messageHas = [](const char* text) {
    return [text](const std::invalid_argument& e) {
      return std::string(e.what()).find(text) != std::string::npos;
    };
  };
  BOOST_CHECK_EXCEPTION(dyn::makeScene("box-tower"), std::invalid_argument,
                        messageHas("box-stack"));
  BOOST_CHECK_EXCEPTION(dyn::makeScene("box-stack", {"boxes=3"}), std::invalid_argument,
                        messageHas("count"));
  BOOST_CHECK_THROW(dyn::makeScene("box-stack", {"count"}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::makeScene("box-stack", {"count=ten"}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::makeScene("box-stack", {"count=0"}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::makeScene("box-stack", {"count=2", "count=3"}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::makeScene("slope", {"angle=95"}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::makeScene("spring", {"kp=100"}), std::invalid_argument);
  BOOST_CHECK_THROW(dyn::makeScene("pile", {"shape=cone"}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(step_problem_of_a_scene, *boost::unit_test::precondition(odeAvailable)) {
  dyn::Scene scene = dyn::makeScene("box-stack", {"count=2"});
  mlcp::DantzigSolver solver;
  const dyn::StepProblem step = dyn::sceneStepProblem(scene, 3, solver);
  BOOST_TEST(step.step == 3);
  BOOST_TEST(scene.world.stepCount() == 3);
  BOOST_TEST(step.problem.name == "box-stack count=2 size=1 mass=1 mu=0.5 step 3");
  BOOST_TEST(step.contactCount == 8);  // box/ground and box/box, four points each
  BOOST_CHECK_THROW(dyn::sceneStepProblem(scene, 1, solver), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_stepper_is_exact_while_small_and_reports_progress,
                     *boost::unit_test::precondition(odeAvailable)) {
  dyn::Scene exact = dyn::makeScene("box-stack", {"count=2"});
  mlcp::DantzigSolver dantzig;
  const dyn::StepProblem reference = dyn::sceneStepProblem(exact, 5, dantzig);
  std::vector<dyn::SteppingProgress> seen;
  dyn::SceneStepper stepper([&seen](const dyn::SteppingProgress& p) { seen.push_back(p); });
  dyn::Scene scene = dyn::makeScene("box-stack", {"count=2"});
  const dyn::StepProblem step = stepper.problemAt(scene, 5);
  BOOST_TEST(step.problem.b == reference.problem.b);  // every step Dantzig: the same state
  BOOST_TEST(step.problem.name == reference.problem.name);
  BOOST_TEST_REQUIRE(seen.size() == 5u);
  for (size_t k = 0; k < seen.size(); ++k) {
    BOOST_TEST(seen[k].step == static_cast<int>(k) + 1);
    BOOST_TEST(seen[k].steps == 5);
    BOOST_TEST((seen[k].rows == 0 || seen[k].solver == "dantzig"));
  }
  BOOST_CHECK_THROW(stepper.problemAt(scene, 4), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_stepper_switches_to_real_time_pgs_above_the_exact_size) {
  std::vector<dyn::SteppingProgress> seen;
  dyn::SceneStepper stepper([&seen](const dyn::SteppingProgress& p) { seen.push_back(p); });
  dyn::Scene scene = dyn::makeScene("pile", {"count=300"});
  const dyn::StepProblem step = stepper.problemAt(scene, 40);
  BOOST_TEST_REQUIRE(step.size() > dyn::SceneStepper::kExactRows);
  int previousRows = 0;
  for (const dyn::SteppingProgress& p : seen) {
    if (p.rows > 0)
      BOOST_TEST(p.solver == (previousRows <= dyn::SceneStepper::kExactRows ? "dantzig" : "pgs"));
    previousRows = p.rows;
  }
  BOOST_TEST(seen.back().solver == "pgs");
}

BOOST_AUTO_TEST_CASE(heavy_plank_on_light_boxes_rests,
                     *boost::unit_test::precondition(odeAvailable)) {
  for (const char* ratio : {"ratio=100", "ratio=1000"}) {
    dyn::Scene scene = dyn::makeScene("mass-ratio", {ratio});
    mlcp::DantzigSolver solver;
    scene.world.setSolver(solver);
    const Eigen::Vector3d start = scene.world.body(scene.watchedBodies.front()).p_WB;
    double worstResidual = 0.0;
    for (int k = 0; k < 300; ++k) {
      scene.world.step(scene.timeStep);
      worstResidual = std::max(worstResidual, scene.world.lastStatistics().relativeResidual);
    }
    BOOST_TEST_MESSAGE("mass-ratio " << ratio << ": plank drift " << topDrift(scene, start)
                                     << " m after 300 steps, worst residual " << worstResidual);
    BOOST_TEST(topDrift(scene, start) < 1e-2);
    BOOST_TEST(worstResidual < 1e-6);
  }
}

BOOST_AUTO_TEST_SUITE_END()
