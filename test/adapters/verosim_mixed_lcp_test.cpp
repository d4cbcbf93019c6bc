#include "adapter_test_support.hpp"

#include <mlcp/adapters/verosim/verosim_mixed_lcp.hpp>

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>

namespace ma = mlcp::adapters;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kGravity = 9.81;  // (unit: m/s^2)

// One step of the VEROSIM pipeline (docs/adapters.md) pipeline for a point mass m resting on the
// ground (normal z) and pushed along x by a force F, with friction coefficient mu, h = 0.01 s:
//   A = J M^-1 J^T,  b = J (v_old + M^-1 h f_ext),  VEROSIM calls setValuesInRightSide(-b),
//   lambda = getLambda(),  v_new = v_old + M^-1 h f_ext + M^-1 J^T lambda.
// Rows: 0 the contact normal (lambda_n >= 0), 1 and 2 the friction directions x, y
// (findex = 0, hi = mu).
struct ParticleStep {
  Eigen::Vector3d vNew;
  Eigen::Vector3d lambda;
  Eigen::Vector3d w;
  bool solved = false;
  bool valid = false;
};

ParticleStep stepParticle(double pushForce, double mu) {
  const double m = 2.0;
  const double h = 0.01;
  Eigen::Matrix3d J;  // rows: normal z, tangent x, tangent y (acting on the velocity x, y, z)
  J << 0, 0, 1, 1, 0, 0, 0, 1, 0;
  const Eigen::Matrix3d Minv = Eigen::Matrix3d::Identity() / m;
  const Eigen::Vector3d vOld = Eigen::Vector3d::Zero();
  const Eigen::Vector3d fExt(pushForce, 0.0, -m * kGravity);
  const Eigen::Vector3d vFree = vOld + Minv * h * fExt;

  ma::VerosimMixedLcp lcp("dantzig");
  lcp.setValuesInMatrix(J * Minv * J.transpose());
  lcp.setValuesInRightSide(-(J * vFree));
  lcp.setLowVector(Eigen::Vector3d(0.0, -mu, -mu));
  lcp.setHighVector(Eigen::Vector3d(kInf, mu, mu));
  lcp.setFrictionIndex(mlcp::test::indexVector({-1, 0, 0}));
  lcp.setNumberFrictionConstraints(2);
  lcp.setAddFriction(Eigen::Vector3d::Zero());
  ParticleStep out;
  out.solved = lcp.solve();
  out.lambda = lcp.getLambda();
  out.w = lcp.ref_w();
  out.vNew = vFree + Minv * J.transpose() * out.lambda;
  out.valid = lcp.validSolution(1e-12);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(VerosimMixedLcp)

BOOST_AUTO_TEST_CASE(seed_call_order_holds_a_particle_by_static_friction) {
  const double m = 2.0, h = 0.01, mu = 0.5;
  const double push = 0.5 * mu * m * kGravity;  // half of what friction can hold
  const ParticleStep s = stepParticle(push, mu);
  BOOST_TEST(s.solved);
  BOOST_TEST(s.valid);
  BOOST_TEST(std::abs(s.lambda[0] - m * kGravity * h) <= 1e-12);  // normal impulse m g h (N s)
  BOOST_TEST(std::abs(s.lambda[1] + push * h) <= 1e-12);          // friction cancels the push
  BOOST_TEST(s.vNew.norm() <= 1e-12);                             // stays at rest
  BOOST_TEST((s.w - Eigen::Vector3d(s.vNew.z(), s.vNew.x(), s.vNew.y())).norm() <= 1e-12);
}

BOOST_AUTO_TEST_CASE(seed_call_order_lets_a_particle_slide_under_a_strong_push) {
  const double m = 2.0, h = 0.01, mu = 0.5;
  const double push = 2.0 * mu * m * kGravity;  // twice what friction can hold
  const ParticleStep s = stepParticle(push, mu);
  BOOST_TEST(s.solved);
  BOOST_TEST(s.valid);
  BOOST_TEST(std::abs(s.lambda[1] + mu * s.lambda[0]) <= 1e-12);  // friction at the cone
  // Coulomb sliding: v_x = h (F - mu m g) / m.
  BOOST_TEST(std::abs(s.vNew.x() - h * (push - mu * m * kGravity) / m) <= 1e-12);
  BOOST_TEST(std::abs(s.vNew.z()) <= 1e-12);
}

BOOST_AUTO_TEST_CASE(undocumented_setters_are_checked_not_ignored) {
  ma::VerosimMixedLcp lcp;
  lcp.setValuesInMatrix(Eigen::Matrix3d::Identity());
  lcp.setValuesInRightSide(Eigen::Vector3d(1, 0, 0));
  lcp.setLowVector(Eigen::Vector3d(0, -1, -1));
  lcp.setHighVector(Eigen::Vector3d(kInf, 1, 1));
  lcp.setFrictionIndex(mlcp::test::indexVector({-1, 0, 0}));
  lcp.setNumberFrictionConstraints(1);  // one contact with friction: accepted
  BOOST_TEST(lcp.solve());
  lcp.setNumberFrictionConstraints(3);  // neither 2 rows nor 1 contact
  BOOST_TEST(!lcp.solve());
  BOOST_TEST(lcp.message().find("setNumberFrictionConstraints(3)") != std::string::npos);
  BOOST_TEST(!lcp.validSolution());
  lcp.setNumberFrictionConstraints(2);
  lcp.setAddFriction(Eigen::Vector3d(0, 0.1, 0));
  BOOST_TEST(!lcp.solve());
  BOOST_TEST(lcp.message().find("setAddFriction: entry 1") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_data_is_false_with_a_reason) {
  ma::VerosimMixedLcp lcp;
  lcp.setValuesInMatrix(Eigen::Matrix2d::Identity());
  lcp.setValuesInRightSide(Eigen::Vector3d(1, 2, 3));  // wrong size
  lcp.setLowVector(Eigen::Vector2d::Zero());
  lcp.setHighVector(Eigen::Vector2d::Constant(kInf));
  BOOST_TEST(!lcp.solve());
  BOOST_TEST(lcp.message().find("b has 3 entries") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
