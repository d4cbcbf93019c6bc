#include <mlcp/core/option_check.hpp>
#include <mlcp/generators/box_problem_generator.hpp>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include <array>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

namespace mlcp {

namespace {

using Vector3 = Eigen::Vector3d;
using Vector6 = Eigen::Matrix<double, 6, 1>;

/// One body of the scene: centre c (m), velocity (linear, angular) after gravity, M^-1.
struct Body {
  Vector3 centre;
  Vector6 velocity;
  MatrixFreeProblem::Block6 inverseMass;
};

/// Collects bodies and rows, then writes the MatrixFreeProblem.
class SceneBuilder {
 public:
  SceneBuilder(double timeStep, double gravity, double cfm, double slideSpeed, std::uint64_t seed)
      : m_timeStep(timeStep),
        m_gravity(gravity),
        m_cfm(cfm),
        m_slideSpeed(slideSpeed),
        m_rng(seed) {}

  /// Adds a cube of edge `size` and `mass` at `centre` with a random horizontal velocity, then
  /// one step of gravity (v + h M^-1 f). Returns its index.
  int addCube(const Vector3& centre, double size, double mass) {
    Body body;
    body.centre = centre;
    body.velocity.setZero();
    body.velocity[0] = m_slideSpeed * (2.0 * uniform() - 1.0);
    body.velocity[1] = m_slideSpeed * (2.0 * uniform() - 1.0);
    body.velocity[2] = -m_timeStep * m_gravity;
    const double inertia = mass * size * size / 6.0;  // solid cube about its centre
    body.inverseMass.setZero();
    body.inverseMass.topLeftCorner<3, 3>() = Eigen::Matrix3d::Identity() / mass;
    body.inverseMass.bottomRightCorner<3, 3>() = Eigen::Matrix3d::Identity() / inertia;
    m_bodies.push_back(body);
    return static_cast<int>(m_bodies.size()) - 1;
  }

  /// Adds the row of direction d at point p between body1 and body2 (-1 = the world).
  int addRow(
      int body1, int body2, const Vector3& p, const Vector3& d, double lo, double hi, int findex) {
    Eigen::Matrix<double, 1, 12> row = Eigen::Matrix<double, 1, 12>::Zero();
    double velocity = 0.0;
    if (body1 >= 0) {
      row.segment<3>(0) = d.transpose();
      row.segment<3>(3) = (p - m_bodies[body1].centre).cross(d).transpose();
      velocity += row.segment<6>(0).dot(m_bodies[body1].velocity.transpose());
    }
    if (body2 >= 0) {
      row.segment<3>(6) = -d.transpose();
      row.segment<3>(9) = -(p - m_bodies[body2].centre).cross(d).transpose();
      velocity += row.segment<6>(6).dot(m_bodies[body2].velocity.transpose());
    }
    m_rows.push_back(row);
    m_pairs.push_back({body1, body2});
    m_b.push_back(-velocity);
    m_lo.push_back(lo);
    m_hi.push_back(hi);
    m_findex.push_back(findex);
    return static_cast<int>(m_rows.size()) - 1;
  }

  /// A contact at p with normal +z into body1: a normal row and friction rows along x and y.
  void addContact(int body1, int body2, const Vector3& p, double mu) {
    const double inf = std::numeric_limits<double>::infinity();
    const int normal = addRow(body1, body2, p, Vector3::UnitZ(), 0.0, inf, -1);
    addRow(body1, body2, p, Vector3::UnitX(), -mu, mu, normal);
    addRow(body1, body2, p, Vector3::UnitY(), -mu, mu, normal);
  }

  /// The contacts of the face of body1 at height z resting on body2 (or the ground).
  void addFace(int body1, int body2, double size, int contactsPerFace, double mu) {
    const Vector3& c = m_bodies[body1].centre;
    const double z = c.z() - 0.5 * size;
    if (contactsPerFace == 1) {
      addContact(body1, body2, Vector3(c.x(), c.y(), z), mu);
      return;
    }
    for (const double sx : {-0.5, 0.5})
      for (const double sy : {-0.5, 0.5})
        addContact(body1, body2, Vector3(c.x() + sx * size, c.y() + sy * size, z), mu);
  }

  /// A ball joint at p between body1 and body2: three unbounded rows.
  void addBallJoint(int body1, int body2, const Vector3& p) {
    const double inf = std::numeric_limits<double>::infinity();
    for (int axis = 0; axis < 3; ++axis)
      addRow(body1, body2, p, Vector3::Unit(axis), -inf, inf, -1);
  }

  MatrixFreeProblem build(std::string name, int nub) const {
    const int n = static_cast<int>(m_rows.size());
    MatrixFreeProblem f;
    f.name = std::move(name);
    for (const Body& body : m_bodies) f.inverseMass.push_back(body.inverseMass);
    f.bodies.resize(n, 2);
    f.J.resize(n, 12);
    for (int i = 0; i < n; ++i) {
      f.bodies(i, 0) = m_pairs[i][0];
      f.bodies(i, 1) = m_pairs[i][1];
      f.J.row(i) = m_rows[i];
    }
    f.cfm.setConstant(n, m_cfm);
    f.b = Eigen::Map<const Eigen::VectorXd>(m_b.data(), n);
    f.lo = Eigen::Map<const Eigen::VectorXd>(m_lo.data(), n);
    f.hi = Eigen::Map<const Eigen::VectorXd>(m_hi.data(), n);
    f.findex = Eigen::Map<const Eigen::VectorXi>(m_findex.data(), n);
    f.nub = nub;
    return f;
  }

 private:
  double uniform() { return static_cast<double>(m_rng() >> 11) * 0x1.0p-53; }

  double m_timeStep, m_gravity, m_cfm, m_slideSpeed;
  std::mt19937_64 m_rng;
  std::vector<Body> m_bodies;
  std::vector<Eigen::Matrix<double, 1, 12>> m_rows;
  std::vector<std::array<int, 2>> m_pairs;
  std::vector<double> m_b, m_lo, m_hi;
  std::vector<int> m_findex;
};

template <typename Options>
void requireCommon(OptionCheck& check, const Options& o) {
  check.require(o.contactsPerFace == 1 || o.contactsPerFace == 4, "contactsPerFace",
                o.contactsPerFace, "contactsPerFace is 1 or 4");
  check.require(o.size > 0.0, "size", o.size, "size > 0");
  check.require(o.mass > 0.0, "mass", o.mass, "mass > 0");
  check.require(o.timeStep > 0.0, "timeStep", o.timeStep, "timeStep > 0");
  check.require(o.mu >= 0.0, "mu", o.mu, "mu >= 0");
  check.require(o.cfm >= 0.0, "cfm", o.cfm, "cfm >= 0");
}

}  // namespace

MatrixFreeProblem boxStacks(const BoxStackOptions& o) {
  OptionCheck check("BoxStackOptions", nullptr);
  requireCommon(check, o);
  check.require(o.columnsX >= 1, "columnsX", o.columnsX, "columnsX >= 1");
  check.require(o.columnsY >= 1, "columnsY", o.columnsY, "columnsY >= 1");
  check.require(o.layers >= 1, "layers", o.layers, "layers >= 1");
  check.require(o.topMassRatio > 0.0, "topMassRatio", o.topMassRatio, "topMassRatio > 0");
  check.throwIfViolated();
  SceneBuilder scene(o.timeStep, o.gravity, o.cfm, o.slideSpeed, o.seed);
  const double spacing = 2.0 * o.size;  // columns stand one edge apart
  for (int cx = 0; cx < o.columnsX; ++cx) {
    for (int cy = 0; cy < o.columnsY; ++cy) {
      int below = -1;
      for (int layer = 0; layer < o.layers; ++layer) {
        const double mass = layer + 1 == o.layers ? o.mass * o.topMassRatio : o.mass;
        const Vector3 centre(cx * spacing, cy * spacing, (layer + 0.5) * o.size);
        const int body = scene.addCube(centre, o.size, mass);
        scene.addFace(body, below, o.size, o.contactsPerFace, o.mu);
        below = body;
      }
    }
  }
  return scene.build(fmt::format("box-stacks {}x{}x{} contacts/face={} top-mass-ratio={} mu={} "
                                 "cfm={} seed={}",
                                 o.columnsX, o.columnsY, o.layers, o.contactsPerFace,
                                 o.topMassRatio, o.mu, o.cfm, o.seed),
                     0);
}

MatrixFreeProblem boxChain(const BoxChainOptions& o) {
  OptionCheck check("BoxChainOptions", nullptr);
  requireCommon(check, o);
  check.require(o.links >= 1, "links", o.links, "links >= 1");
  check.require(o.endMassRatio > 0.0, "endMassRatio", o.endMassRatio, "endMassRatio > 0");
  check.throwIfViolated();
  SceneBuilder scene(o.timeStep, o.gravity, o.cfm, o.slideSpeed, o.seed);
  std::vector<int> cubes;
  for (int k = 0; k < o.links; ++k) {
    const double mass = k + 1 == o.links ? o.mass * o.endMassRatio : o.mass;
    cubes.push_back(scene.addCube(Vector3(k * o.size, 0.0, 0.5 * o.size), o.size, mass));
  }
  for (int k = 0; k + 1 < o.links; ++k)
    scene.addBallJoint(cubes[k + 1], cubes[k], Vector3((k + 0.5) * o.size, 0.0, 0.5 * o.size));
  for (const int cube : cubes) scene.addFace(cube, -1, o.size, o.contactsPerFace, o.mu);
  return scene.build(fmt::format("box-chain links={} contacts/face={} end-mass-ratio={} mu={} "
                                 "cfm={} seed={}",
                                 o.links, o.contactsPerFace, o.endMassRatio, o.mu, o.cfm, o.seed),
                     3 * (o.links - 1));
}

}  // namespace mlcp
