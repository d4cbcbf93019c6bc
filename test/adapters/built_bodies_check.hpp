#pragma once

// Compares the bodies an engine built (read back from its own objects) with the scene
// description they were built from (test code, header-only).

#include <mlcp/dynamics/scene_description.hpp>

#include <boost/test/unit_test.hpp>

#include <variant>
#include <vector>

namespace mlcp::test {

/// The catalogue scenes every engine builds, with the parameters the comparison uses.
inline std::vector<mlcp::dynamics::SceneDescription> scenesEveryEngineBuilds() {
  namespace dyn = mlcp::dynamics;
  return {dyn::describeScene("box-stack"),      dyn::describeScene("box-pyramid"),
          dyn::describeScene("pendulum-chain"), dyn::describeScene("slope", {"angle=30"}),
          dyn::describeScene("sphere-drop"),    dyn::describeScene("pushed-box")};
}

/// Largest difference between two shapes' sizes (m); +inf for different kinds or a missing one.
inline double shapeDifference(const std::optional<mlcp::dynamics::Shape>& a,
                              const std::optional<mlcp::dynamics::Shape>& b) {
  namespace dyn = mlcp::dynamics;
  constexpr double kDifferent = std::numeric_limits<double>::infinity();
  if (!a || !b) return a.has_value() == b.has_value() ? 0.0 : kDifferent;
  if (a->index() != b->index()) return kDifferent;
  if (const auto* box = std::get_if<dyn::Box>(&*a))
    return (box->size - std::get<dyn::Box>(*b).size).cwiseAbs().maxCoeff();
  if (const auto* sphere = std::get_if<dyn::Sphere>(&*a))
    return std::abs(sphere->radius - std::get<dyn::Sphere>(*b).radius);
  const auto& capsule = std::get<dyn::Capsule>(*a);
  const auto& other = std::get<dyn::Capsule>(*b);
  return std::max(std::abs(capsule.radius - other.radius), std::abs(capsule.length - other.length));
}

/// Checks that `built` has the description's bodies, in order: same count, shapes and sizes,
/// masses, inertia diagonals (relative), start poses and velocities, each within `tolerance`.
inline void checkBuiltBodies(const mlcp::dynamics::SceneDescription& scene,
                             const std::vector<mlcp::dynamics::BodyDescription>& built,
                             double tolerance) {
  BOOST_TEST_CONTEXT("scene " << scene.name << " " << scene.parameters) {
    BOOST_TEST_REQUIRE(built.size() == scene.bodies.size());
    for (size_t k = 0; k < built.size(); ++k) {
      const mlcp::dynamics::BodyDescription& want = scene.bodies[k];
      const mlcp::dynamics::BodyDescription& got = built[k];
      BOOST_TEST_CONTEXT("body " << want.name) {
        BOOST_TEST(std::abs(got.mass - want.mass) <= tolerance * want.mass);
        BOOST_TEST((got.I_Bcm_B.diagonal() - want.I_Bcm_B.diagonal()).cwiseAbs().maxCoeff() <=
                   tolerance * want.I_Bcm_B.diagonal().maxCoeff());
        BOOST_TEST(shapeDifference(got.shape, want.shape) <= tolerance);
        BOOST_TEST((got.p_WB - want.p_WB).cwiseAbs().maxCoeff() <= tolerance);
        // Rotation matrices, not quaternions: q and -q are the same orientation.
        BOOST_TEST(
            (got.q_WB.toRotationMatrix() - want.q_WB.toRotationMatrix()).cwiseAbs().maxCoeff() <=
            tolerance);
        BOOST_TEST((got.v_WB - want.v_WB).cwiseAbs().maxCoeff() <= tolerance);
        BOOST_TEST((got.w_WB - want.w_WB).cwiseAbs().maxCoeff() <= tolerance);
      }
    }
  }
}

}  // namespace mlcp::test
