// Collision detection: the built-in tests, ODE's dCollide through OdeCollision, and their
// agreement on the pairs both cover.

#include <mlcp/dynamics/dynamics.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <memory>

namespace dyn = mlcp::dynamics;

namespace {

struct Fixture {
  std::vector<dyn::Body> bodies;
  std::vector<dyn::Geometry> geometries;

  int body(const Eigen::Vector3d& p, const Eigen::Quaterniond& q = Eigen::Quaterniond::Identity()) {
    dyn::Body b;
    b.name = "b" + std::to_string(bodies.size());
    b.p_WB = p;
    b.q_WB = q;
    bodies.push_back(b);
    return static_cast<int>(bodies.size()) - 1;
  }
  int geometry(const dyn::Shape& shape, int body) {
    dyn::Geometry g;
    g.name = "g" + std::to_string(geometries.size());
    g.shape = shape;
    g.body = body;
    geometries.push_back(g);
    return static_cast<int>(geometries.size()) - 1;
  }
  std::vector<dyn::ContactPoint> contacts(dyn::CollisionDetector& detector,
                                          const dyn::BodyPairFilter& filter = {}) {
    std::vector<dyn::ContactPoint> out;
    detector.findContacts(bodies, geometries, filter, out);
    return out;
  }
};

double maxDepth(const std::vector<dyn::ContactPoint>& contacts) {
  double depth = 0.0;
  for (const auto& c : contacts) depth = std::max(depth, c.depth);
  return depth;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(Collision)

BOOST_AUTO_TEST_CASE(sphere_on_plane) {
  Fixture f;
  f.geometry(dyn::Plane{}, -1);
  f.geometry(dyn::Sphere{0.5}, f.body({1.0, 2.0, 0.45}));
  dyn::BuiltInCollision detector;
  const auto contacts = f.contacts(detector);
  BOOST_TEST_REQUIRE(contacts.size() == 1u);
  const dyn::ContactPoint& c = contacts[0];
  BOOST_TEST(c.geometryA == 1);  // the body's geometry is A, the static plane B
  BOOST_TEST(c.geometryB == 0);
  BOOST_TEST(c.bodyA == 0);
  BOOST_TEST(c.bodyB == -1);
  BOOST_TEST(c.depth == 0.05, boost::test_tools::tolerance(1e-12));
  BOOST_TEST((c.n_W - Eigen::Vector3d::UnitZ()).norm() == 0.0);  // from B (plane) towards A
  BOOST_TEST((c.p_W - Eigen::Vector3d(1.0, 2.0, -0.05)).norm() < 1e-12);
}

BOOST_AUTO_TEST_CASE(resting_box_on_plane_touches_at_four_corners) {
  Fixture f;
  f.geometry(dyn::Plane{}, -1);
  f.geometry(dyn::Box{Eigen::Vector3d(1.0, 2.0, 0.5)}, f.body({0.0, 0.0, 0.25 - 0.01}));
  dyn::BuiltInCollision detector;
  const auto contacts = f.contacts(detector);
  BOOST_TEST(contacts.size() == 4u);
  for (const auto& c : contacts) {
    BOOST_TEST(c.depth == 0.01, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(std::abs(c.p_W.x()) == 0.5);
    BOOST_TEST(std::abs(c.p_W.y()) == 1.0);
  }
  // Lifted by 1 mm: no contact.
  f.bodies[0].p_WB.z() = 0.251;
  BOOST_TEST(f.contacts(detector).empty());
}

BOOST_AUTO_TEST_CASE(sphere_sphere_and_capsule_plane) {
  Fixture f;
  f.geometry(dyn::Sphere{0.5}, f.body({0.0, 0.0, 0.0}));
  f.geometry(dyn::Sphere{0.25}, f.body({0.0, 0.7, 0.0}));
  dyn::BuiltInCollision detector;
  auto contacts = f.contacts(detector);
  BOOST_TEST_REQUIRE(contacts.size() == 1u);
  BOOST_TEST(contacts[0].depth == 0.05, boost::test_tools::tolerance(1e-12));
  // n from B (index 1, at +y) towards A (index 0).
  BOOST_TEST((contacts[0].n_W + Eigen::Vector3d::UnitY()).norm() < 1e-12);
  BOOST_TEST(std::abs(contacts[0].p_W.y() - 0.475) < 1e-12);

  Fixture g;
  g.geometry(dyn::Plane{}, -1);
  const Eigen::Quaterniond lying(
      Eigen::AngleAxisd(0.5 * 3.141592653589793, Eigen::Vector3d::UnitX()));
  g.geometry(dyn::Capsule{0.1, 1.0}, g.body({0.0, 0.0, 0.09}, lying));
  contacts = g.contacts(detector);
  BOOST_TEST(contacts.size() == 2u);
  for (const auto& c : contacts) BOOST_TEST(c.depth == 0.01, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(pairs_are_filtered) {
  Fixture f;
  f.geometry(dyn::Plane{}, -1);
  f.geometry(dyn::Plane{Eigen::Vector3d::UnitX(), -5.0}, -1);  // static/static: never a pair
  f.geometry(dyn::Sphere{0.5}, f.body({0.0, 0.0, 0.4}));
  f.geometry(dyn::Sphere{0.5}, f.body({0.0, 0.0, 1.2}));
  dyn::BuiltInCollision detector;
  BOOST_TEST(f.contacts(detector).size() == 2u);  // sphere 0 / ground, sphere 0 / sphere 1
  const auto onlyWithWorld = [](int a, int b) { return a < 0 || b < 0; };
  BOOST_TEST(f.contacts(detector, onlyWithWorld).size() == 1u);
  // Far apart: the broad phase drops the pair.
  f.bodies[1].p_WB = {10.0, 10.0, 10.0};
  BOOST_TEST(f.contacts(detector).size() == 1u);
}

BOOST_AUTO_TEST_CASE(built_in_detector_names_the_pair_it_cannot_test) {
  Fixture f;
  f.geometry(dyn::Box{}, f.body({0.0, 0.0, 0.0}));
  f.geometry(dyn::Box{}, f.body({0.0, 0.0, 0.9}));
  dyn::BuiltInCollision detector;
  BOOST_CHECK_EXCEPTION(f.contacts(detector), std::invalid_argument, [](const auto& e) {
    return std::string(e.what()).find("box/box") != std::string::npos;
  });
}

BOOST_AUTO_TEST_CASE(ode_box_on_box) {
  if (!dyn::hasOdeCollision()) {
    BOOST_TEST_MESSAGE("built without ODE: OdeCollision is not available, skipped");
    return;
  }
  Fixture f;
  f.geometry(dyn::Box{}, f.body({0.0, 0.0, 1.5}));   // A above
  f.geometry(dyn::Box{}, f.body({0.0, 0.0, 0.51}));  // B below, overlapping by 0.01
  dyn::OdeCollision detector;
  const auto contacts = f.contacts(detector);
  BOOST_TEST(contacts.size() == 4u);
  for (const auto& c : contacts) {
    BOOST_TEST(c.depth == 0.01, boost::test_tools::tolerance(1e-6));
    BOOST_TEST((c.n_W - Eigen::Vector3d::UnitZ()).norm() < 1e-9);  // from B (below) towards A
    BOOST_TEST(std::abs(c.p_W.z() - 1.0) < 0.011);
  }
}

BOOST_AUTO_TEST_CASE(ode_and_built_in_agree) {
  if (!dyn::hasOdeCollision()) {
    BOOST_TEST_MESSAGE("built without ODE: OdeCollision is not available, skipped");
    return;
  }
  Fixture f;
  f.geometry(dyn::Plane{Eigen::Vector3d(0.0, 0.6, 0.8), 0.1}, -1);
  const Eigen::Quaterniond tilt(Eigen::AngleAxisd(0.3, Eigen::Vector3d(1, 1, 0).normalized()));
  f.geometry(dyn::Sphere{0.3}, f.body({0.2, 0.1, 0.2}));
  f.geometry(dyn::Box{Eigen::Vector3d(0.4, 0.6, 0.8)}, f.body({2.0, 0.0, 0.3}, tilt));
  f.geometry(dyn::Sphere{0.4}, f.body({0.5, 0.3, 0.7}));
  dyn::BuiltInCollision builtIn;
  dyn::OdeCollision ode(false);  // dCollide for every pair
  const auto a = f.contacts(builtIn);
  const auto b = f.contacts(ode);
  BOOST_TEST_REQUIRE(!a.empty());
  for (int geometry : {1, 2, 3}) {
    std::vector<dyn::ContactPoint> fromA, fromB;
    std::copy_if(a.begin(), a.end(), std::back_inserter(fromA),
                 [&](const auto& c) { return c.geometryA == geometry || c.geometryB == geometry; });
    std::copy_if(b.begin(), b.end(), std::back_inserter(fromB),
                 [&](const auto& c) { return c.geometryA == geometry || c.geometryB == geometry; });
    BOOST_TEST_INFO("geometry " << geometry);
    BOOST_TEST(std::abs(maxDepth(fromA) - maxDepth(fromB)) < 1e-9);
  }
  for (const auto& ca : a)
    for (const auto& cb : b)
      if (ca.geometryA == cb.geometryA && ca.geometryB == cb.geometryB)
        BOOST_TEST((ca.n_W - cb.n_W).norm() < 1e-9);
}

BOOST_AUTO_TEST_CASE(jointed_bodies_do_not_collide_unless_asked) {
  dyn::World world;
  world.setCollisionDetector(std::make_unique<dyn::BuiltInCollision>());
  dyn::Body a, b;
  b.p_WB = {0.0, 0.0, 0.9};
  world.addBody(a);
  world.addBody(b);
  world.addGeometry({"a", dyn::Sphere{0.5}, 0});
  world.addGeometry({"b", dyn::Sphere{0.5}, 1});
  world.emplaceConstraint<dyn::BallJoint>(0, 1, Eigen::Vector3d(0.0, 0.0, 0.45));
  world.setGravity(Eigen::Vector3d::Zero());
  BOOST_TEST(world.prepareStep(0.01).contactCount == 0);
  world.setCollideConnected(true);
  BOOST_TEST(world.prepareStep(0.01).contactCount == 1);
}

BOOST_AUTO_TEST_SUITE_END()
