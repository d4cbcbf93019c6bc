#include "degenerate_problems.hpp"

#include "test_data.hpp"

#include <mlcp/core/factors.hpp>
#include <mlcp/generators/random_problem.hpp>
#include <mlcp/io/problem_file.hpp>

#include <Eigen/Geometry>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <utility>

namespace mlcp::test {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kGravity = 9.81;  // (unit: m/s^2), along -z

/// `count` contacts (normal + 2 friction rows) on one body pair's random SPD Delassus matrix.
Problem contacts(int count, double mu, double scale, std::uint64_t seed) {
  RandomProblemOptions options;
  options.n = 3 * count;
  options.nub = 0;
  options.contacts = count;
  options.mu = mu;
  options.seed = seed;
  Problem p = randomProblem(options);
  p.A = scale * p.A.dense();
  p.b *= scale;
  return p;
}

/// A rigid body of the small systems below (world axes).
struct RigidBody {
  Eigen::Vector3d p_WB;  ///< centre of mass (unit: m)
  double mass;           ///< (unit: kg); 0 gives 1 / m = inf; inf a kinematic body (M^-1 = 0)
  Eigen::Matrix3d I_W;   ///< inertia about the CM (unit: kg m^2)
};

/// One constraint row between body a and body b (-1: the world): J v = J_A . (v_a, w_a) +
/// J_B . (v_b, w_b).
struct Row {
  int a, b;
  Eigen::Matrix<double, 6, 1> J_A, J_B;
  double lo = -kInf, hi = kInf;
  int findex = -1;
  double bias = 0.0;  ///< c / h of the row, added to b (unit: m/s^2)
};

/// Point row along e at the world point P: J_A = [-e, -(r_A x e)], J_B = [e, r_B x e].
Row pointRow(const std::vector<RigidBody>& bodies,
             int a,
             int b,
             const Eigen::Vector3d& P,
             const Eigen::Vector3d& e) {
  Row row{a, b, {}, {}};
  const Eigen::Vector3d r_A =
      a >= 0 ? Eigen::Vector3d(P - bodies[static_cast<size_t>(a)].p_WB) : Eigen::Vector3d::Zero();
  const Eigen::Vector3d r_B =
      b >= 0 ? Eigen::Vector3d(P - bodies[static_cast<size_t>(b)].p_WB) : Eigen::Vector3d::Zero();
  row.J_A << -e, -r_A.cross(e);
  row.J_B << e, r_B.cross(e);
  return row;
}

/// Angular row about d: J_A = [0, -d], J_B = [0, d].
Row angularRow(int a, int b, const Eigen::Vector3d& d) {
  Row row{a, b, {}, {}};
  row.J_A << Eigen::Vector3d::Zero(), -d;
  row.J_B << Eigen::Vector3d::Zero(), d;
  return row;
}

/// Hinge about the world y axis at P: three point rows and two swing rows (about x and z).
void addHinge(const std::vector<RigidBody>& bodies,
              int a,
              int b,
              const Eigen::Vector3d& P,
              std::vector<Row>& rows) {
  for (int i = 0; i < 3; ++i) rows.push_back(pointRow(bodies, a, b, P, Eigen::Vector3d::Unit(i)));
  rows.push_back(angularRow(a, b, Eigen::Vector3d::UnitX()));
  rows.push_back(angularRow(a, b, Eigen::Vector3d::UnitZ()));
}

/// ODE's force form at rest under gravity (libdynamics World::step): A = J M^-1 J^T + cfm I,
/// b = c/h - J M^-1 f_ext with f_ext = m g and c/h the rows' bias; the first `nub` rows are
/// unbounded. A is held as its factors J, M^-1, cfm (Operator(factors)), as libdynamics hands
/// it over. A body of infinite mass is kinematic: M^-1 = 0, no weight.
Problem assemble(const std::vector<RigidBody>& bodies,
                 const std::vector<Row>& rows,
                 double cfm,
                 int nub) {
  const int n = static_cast<int>(rows.size());
  const int dofs = 6 * static_cast<int>(bodies.size());
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(n, dofs);
  for (int i = 0; i < n; ++i) {
    const Row& row = rows[static_cast<size_t>(i)];
    if (row.a >= 0) J.row(i).segment<6>(6 * row.a) += row.J_A.transpose();
    if (row.b >= 0) J.row(i).segment<6>(6 * row.b) += row.J_B.transpose();
  }
  Eigen::MatrixXd inverseMass = Eigen::MatrixXd::Zero(dofs, dofs);
  Eigen::VectorXd f = Eigen::VectorXd::Zero(dofs);
  for (size_t k = 0; k < bodies.size(); ++k) {
    if (std::isinf(bodies[k].mass)) continue;  // kinematic
    const int o = 6 * static_cast<int>(k);
    inverseMass.block<3, 3>(o, o) = Eigen::Matrix3d::Identity() / bodies[k].mass;
    inverseMass.block<3, 3>(o + 3, o + 3) = bodies[k].I_W.inverse();
    f[o + 2] = -bodies[k].mass * kGravity;
  }
  Problem p;
  p.b = -J * (inverseMass * f);
  for (int i = 0; i < n; ++i) p.b[i] += rows[static_cast<size_t>(i)].bias;
  p.lo.resize(n);
  p.hi.resize(n);
  p.findex.resize(n);
  for (int i = 0; i < n; ++i) {
    const Row& row = rows[static_cast<size_t>(i)];
    p.lo[i] = row.lo;
    p.hi[i] = row.hi;
    p.findex[i] = row.findex;
  }
  p.nub = nub;
  auto factors = std::make_shared<Factors>();
  for (size_t k = 0; k < bodies.size(); ++k)
    factors->inverseMass.push_back(
        inverseMass.block<6, 6>(6 * static_cast<int>(k), 6 * static_cast<int>(k)));
  factors->bodies.resize(n, 2);
  factors->J.resize(n, 12);
  for (int i = 0; i < n; ++i) {
    const Row& row = rows[static_cast<size_t>(i)];
    factors->bodies(i, 0) = row.a;
    factors->bodies(i, 1) = row.b;
    factors->J.row(i) << row.J_A.transpose(), row.J_B.transpose();
  }
  factors->cfm = Eigen::VectorXd::Constant(n, cfm);
  factors->b = p.b;
  factors->lo = p.lo;
  factors->hi = p.hi;
  factors->findex = p.findex;
  factors->nub = nub;
  p.A = Operator(std::move(factors));
  return p;
}

/// Slender rod of 1 kg from P to Q: I = m L^2 / 12 (1 - u u^T) + 1e-3 u u^T.
RigidBody rod(const Eigen::Vector3d& P, const Eigen::Vector3d& Q) {
  const Eigen::Vector3d u = (Q - P).normalized();
  const double length = (Q - P).norm();
  const Eigen::Matrix3d along = u * u.transpose();
  return {(P + Q) / 2.0, 1.0,
          length * length / 12.0 * (Eigen::Matrix3d::Identity() - along) + 1e-3 * along};
}

/// Closed planar 4-bar loop in the x-z plane: crank G1-A, coupler A-B, rocker B-G2, four hinges
/// about y. Three moving bodies (18 velocities) under 20 bilateral rows: the loop closure makes
/// 3 of them redundant, so A = J M^-1 J^T (20 x 20) has rank 17 (ODE's closed-loop case). With
/// `support`, a frictionless contact under the coupler's centre follows the hinge rows.
Problem fourBarLoop(double cfm, bool support) {
  const Eigen::Vector3d G1(0.0, 0.0, 0.0), A(0.0, 0.0, 1.0), B(1.5, 0.0, 1.4), G2(2.0, 0.0, 0.0);
  const std::vector<RigidBody> bodies = {rod(G1, A), rod(A, B), rod(B, G2)};
  std::vector<Row> rows;
  addHinge(bodies, -1, 0, G1, rows);
  addHinge(bodies, 0, 1, A, rows);
  addHinge(bodies, 1, 2, B, rows);
  addHinge(bodies, 2, -1, G2, rows);
  const int nub = static_cast<int>(rows.size());
  if (support) {
    rows.push_back(pointRow(bodies, 1, -1, bodies[1].p_WB, Eigen::Vector3d::UnitZ()));
    rows.back().lo = 0.0;
  }
  return assemble(bodies, rows, cfm, nub);
}

/// A chain hanging from the world by ball joints (world - 0 - 1 - 2), the middle body of mass
/// `middleMass` (1 kg for the others), the bottom one resting on the ground with friction 0.5:
/// 9 bilateral rows, then a contact (normal, two friction rows). middleMass = 0 puts
/// 1 / m = inf into A.
Problem chainWithLightBody(double middleMass) {
  std::vector<RigidBody> bodies;
  for (int k = 0; k < 3; ++k) {
    const double mass = k == 1 ? middleMass : 1.0;
    bodies.push_back({Eigen::Vector3d(0.0, 0.0, -1.0 - k), mass,
                      Eigen::Matrix3d::Identity() * (0.1 * (mass > 0.0 ? mass : 1.0))});
  }
  std::vector<Row> rows;
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 3; ++i)
      rows.push_back(pointRow(bodies, k - 1, k, Eigen::Vector3d(0.0, 0.0, -0.5 - k),
                              Eigen::Vector3d::Unit(i)));
  const Eigen::Vector3d contact(0.0, 0.0, -3.5);
  const int normal = static_cast<int>(rows.size());
  rows.push_back(pointRow(bodies, 2, -1, contact, Eigen::Vector3d::UnitZ()));
  rows.back().lo = 0.0;
  for (int i = 0; i < 2; ++i) {
    rows.push_back(pointRow(bodies, 2, -1, contact, Eigen::Vector3d::Unit(i)));
    rows.back().lo = -0.5;
    rows.back().hi = 0.5;
    rows.back().findex = normal;
  }
  return assemble(bodies, rows, 0.0, 9);
}

/// Four contact points of a unit box resting on the ground (each point `copies` times), three
/// rows each (or the normal only when frictionless), without CFM: more rows than the six
/// velocities, so A = J M^-1 J^T is rank-deficient.
Problem redundantContacts(int copies, bool friction) {
  const RigidBody box{Eigen::Vector3d(0.0, 0.0, 0.5), 1.0, Eigen::Matrix3d::Identity()};
  const std::vector<RigidBody> bodies = {box};
  const double corners[4][2] = {{0.5, 0.5}, {-0.5, 0.5}, {-0.5, -0.5}, {0.5, -0.5}};
  std::vector<Row> rows;
  for (int copy = 0; copy < copies; ++copy)
    for (const auto& corner : corners) {
      const Eigen::Vector3d P(corner[0], corner[1], 0.0);
      const int normal = static_cast<int>(rows.size());
      rows.push_back(pointRow(bodies, 0, -1, P, Eigen::Vector3d::UnitZ()));
      rows.back().lo = 0.0;
      if (!friction) continue;
      for (int i = 0; i < 2; ++i) {
        rows.push_back(pointRow(bodies, 0, -1, P, Eigen::Vector3d::Unit(i)));
        rows.back().lo = -0.5;
        rows.back().hi = 0.5;
        rows.back().findex = normal;
      }
    }
  return assemble(bodies, rows, 0.0, 0);
}

/// A dense problem with the given rows (lo, hi, findex per row) and, when known, its solution.
Problem dense(const Eigen::MatrixXd& A,
              const Eigen::VectorXd& b,
              const Eigen::VectorXd& lo,
              const Eigen::VectorXd& hi,
              const Eigen::VectorXi& findex,
              int nub = 0) {
  Problem p;
  p.A = A;
  p.b = b;
  p.lo = lo;
  p.hi = hi;
  p.findex = findex;
  p.nub = nub;
  return p;
}

/// A box resting on the ground (one contact under its centre, with friction) beside a
/// kinematic box (M^-1 = 0) touching the ground: the kinematic box's contact row of A = J M^-1
/// J^T is zero. Its bias c/h = `kinematicBias`: < 0 (separating) gives w = -c/h > 0 and x = 0,
/// the unique solution x = (g, 0, 0, 0); > 0 (closing) would need an infinite force.
Problem contactOnKinematicBody(double kinematicBias) {
  const Eigen::Matrix3d I = Eigen::Matrix3d::Identity() / 6.0;  // unit cube, 1 kg
  const std::vector<RigidBody> bodies = {{Eigen::Vector3d(0.0, 0.0, 0.5), 1.0, I},
                                         {Eigen::Vector3d(2.0, 0.0, 0.5), kInf, I}};
  std::vector<Row> rows;
  rows.push_back(pointRow(bodies, -1, 0, Eigen::Vector3d(0.0, 0.0, 0.0), Eigen::Vector3d::UnitZ()));
  rows.back().lo = 0.0;
  for (int i = 0; i < 2; ++i) {
    rows.push_back(pointRow(bodies, -1, 0, Eigen::Vector3d::Zero(), Eigen::Vector3d::Unit(i)));
    rows.back().lo = -0.5;
    rows.back().hi = 0.5;
    rows.back().findex = 0;
  }
  rows.push_back(pointRow(bodies, -1, 1, Eigen::Vector3d(2.0, 0.0, 0.0), Eigen::Vector3d::UnitZ()));
  rows.back().lo = 0.0;
  rows.back().bias = kinematicBias;
  Problem p = assemble(bodies, rows, 0.0, 0);
  p.x = Eigen::Vector4d(kGravity, 0.0, 0.0, 0.0);
  return p;
}

/// The singular-degenerate family: zero rows of A (w_i = -b_i whatever x).
void addZeroRowCases(std::vector<DegenerateCase>& list) {
  // The known solution goes to DegenerateCase::solution (a problem's x is a warm start).
  auto unique = [&list](const char* name, Problem p) {
    DegenerateCase c{name, std::move(p), false};
    c.zeroRows = true;
    c.solution = c.problem.x;
    c.problem.x.reset();
    list.push_back(std::move(c));
  };
  auto withoutSolution = [&list](const char* name, Problem p, int row) {
    p.x.reset();
    DegenerateCase c{name, std::move(p), false};
    c.zeroRows = true;
    c.noFiniteSolution = true;
    c.zeroRow = row;
    list.push_back(std::move(c));
  };
  // Rows 0, 1: the spec's worked example, x = (1/11, 7/11); row 2 zero.
  Eigen::Matrix3d A = Eigen::Matrix3d::Zero();
  A.topLeftCorner<2, 2>() << 4, 1, 1, 3;
  const Eigen::Vector3i free = Eigen::Vector3i::Constant(-1);
  Problem upper = dense(A, Eigen::Vector3d(1, 2, 1), Eigen::Vector3d(0, 0, -0.25),
                        Eigen::Vector3d(kInf, kInf, 0.5), free);
  upper.x = Eigen::Vector3d(1.0 / 11.0, 7.0 / 11.0, 0.5);  // w_2 = -1 < 0: x_2 at hi
  unique("zero row, w < 0: x at its upper bound", upper);
  Problem lower = upper;
  lower.b[2] = -1.0;  // w_2 = 1 > 0: x_2 at lo
  lower.x = Eigen::Vector3d(1.0 / 11.0, 7.0 / 11.0, -0.25);
  unique("zero row, w > 0: x at its lower bound", lower);
  // A friction row that moves nothing (its tangent Jacobian vanishes): x_1 = mu x_0. Rows 0, 2:
  // 2 x_0 + x_2 / 2 = 1, x_0 / 2 + x_2 = 1/10 with |x_2| < mu x_0: x_0 = 19/35, x_2 = -6/35.
  Eigen::Matrix3d F = Eigen::Matrix3d::Zero();
  F(0, 0) = 2.0;
  F(0, 2) = F(2, 0) = 0.5;
  F(2, 2) = 1.0;
  Problem friction = dense(F, Eigen::Vector3d(1, 0.3, 0.1), Eigen::Vector3d(0, -0.5, -0.5),
                           Eigen::Vector3d(kInf, 0.5, 0.5), Eigen::Vector3i(-1, 0, 0));
  friction.x = Eigen::Vector3d(19.0 / 35.0, 19.0 / 70.0, -6.0 / 35.0);
  unique("zero friction row: x at mu x_normal", friction);
  unique("contact on a kinematic body (M^-1 = 0), separating", contactOnKinematicBody(-0.2));
  // No finite solution: the zero row's w pushes x toward an infinite bound.
  Problem unbounded = upper;
  unbounded.hi[2] = kInf;
  withoutSolution("zero row, w < 0, hi = inf: no finite solution", unbounded, 2);
  withoutSolution("inconsistent zero free row (nub = 1, b != 0)",
                  dense(Eigen::Vector2d(0, 2).asDiagonal().toDenseMatrix(), Eigen::Vector2d(1, 1),
                        Eigen::Vector2d(-kInf, 0), Eigen::Vector2d(kInf, kInf),
                        Eigen::Vector2i::Constant(-1), 1),
                  0);
  withoutSolution("contact on a kinematic body (M^-1 = 0), closing: no finite force",
                  contactOnKinematicBody(0.2), 3);
}

/// Siconos' LCP and MLCP test problems that its own test lists expect solvers to fail on (Lemke
/// and ENUM on lcp_CPS_3, lcp_Pang_isolated_sol_perturbed, Buck2, deltasigma2) and the ones on
/// which our solvers or the peers' fail (test/mlcp/siconos_conformance_test.cpp,
/// docs/performance.md): non-symmetric, rank-deficient, secondary rays.
constexpr const char* kSiconosHard[] = {
    "lcp/lcp_CPS_2.dat",
    "lcp/lcp_CPS_3.dat",
    "lcp/lcp_CPS_4.dat",
    "lcp/lcp_Pang_isolated_sol_perturbed.dat",
    "lcp/lcp_enum_fails.dat",
    "lcp/lcp_exp_murty2.dat",
    "lcp/lcp_inf_sol_perturbed.dat",
    "lcp/lcp_tobenna.dat",
    "mlcp/Buck2_mlcp.dat",
    "mlcp/deltasigma2_mlcp.dat",
    "mlcp/PD_mlcp.dat",
    "mlcp/diodeBridge40_mlcp.dat",
};

}  // namespace

std::vector<DegenerateCase> degenerateCases() {
  std::vector<DegenerateCase> list;
  list.push_back({"mu = 0", contacts(10, 0.0, 1.0, 11), true});
  list.push_back({"mu = 1e6", contacts(10, 1e6, 1.0, 12), true});
  const std::pair<double, const char*> scales[] = {
      {1e-9, "scale 1e-9"}, {1e-3, "scale 1e-3"}, {1e3, "scale 1e3"}, {1e9, "scale 1e9"}};
  for (const auto& [scale, name] : scales)
    list.push_back({name, contacts(8, 0.5, scale, 13), true});
  {
    Problem p;
    p.A = Eigen::MatrixXd::Constant(1, 1, 2.0);
    p.b = Eigen::VectorXd::Constant(1, -1.0);
    p.lo = Eigen::VectorXd::Zero(1);
    p.hi = Eigen::VectorXd::Constant(1, kInf);
    p.findex = Eigen::VectorXi::Constant(1, -1);
    list.push_back({"n = 1", p, true});
  }
  {
    // Every row ends at a bound: b pushes every boxed row beyond its box.
    Problem p = contacts(6, 0.5, 1.0, 15);
    p.findex.setConstant(-1);
    p.lo.setConstant(-0.1);
    p.hi.setConstant(0.1);
    p.b = p.A.dense() * Eigen::VectorXd::Constant(p.size(), 10.0);
    list.push_back({"all rows at bounds", p, true});
  }
  list.push_back({"redundant contacts (rank-deficient A)", redundantContacts(1, true), false});
  list.push_back({"duplicated frictionless contacts (rank-deficient LCP)",
                  redundantContacts(2, false), false});
  {
    // Two identical bilateral rows (a closed loop's redundant joint row), consistent.
    Problem p;
    p.A = Eigen::MatrixXd::Constant(2, 2, 1.0);
    p.b = Eigen::VectorXd::Constant(2, 1.0);
    p.lo = Eigen::VectorXd::Constant(2, -kInf);
    p.hi = Eigen::VectorXd::Constant(2, kInf);
    p.findex = Eigen::VectorXi::Constant(2, -1);
    p.nub = 2;
    list.push_back({"redundant bilateral rows", p, false});
  }
  list.push_back({"closed 4-bar loop, CFM = 0", fourBarLoop(0.0, false), false});
  list.push_back({"closed 4-bar loop, CFM = 1e-5 / h", fourBarLoop(1e-5 * 60.0, false), true});
  list.push_back({"closed 4-bar loop on a support, CFM = 0", fourBarLoop(0.0, true), false});
  list.push_back({"chain with a 1e-9 kg body", chainWithLightBody(1e-9), false});
  list.push_back({"chain with a zero-mass body (1/m = inf)", chainWithLightBody(0.0), false, true});
  addZeroRowCases(list);
  if (const auto root = sharedDataDir())
    for (const char* file : kSiconosHard)
      list.push_back({std::string("Siconos ") + file, readProblem(*root / "siconos" / file), false,
                      false, true});
  for (DegenerateCase& c : list) c.problem.name = c.name;
  return list;
}

std::vector<std::pair<std::string, Problem>> everyForm(const Problem& problem) {
  std::vector<std::pair<std::string, Problem>> forms;
  forms.emplace_back(std::string(toString(problem.A.form())), problem);
  if (!problem.A.check().empty()) return forms;  // bad factors cannot be assembled
  for (const MatrixForm form : {MatrixForm::Dense, MatrixForm::Sparse}) {
    if (form == problem.A.form()) continue;
    Problem p = problem;
    if (form == MatrixForm::Dense)
      p.A = problem.A.toDense();
    else
      p.A = problem.A.toSparse();
    forms.emplace_back(std::string(toString(form)), std::move(p));
  }
  return forms;
}

void checkDegenerateResult(const DegenerateCase& degenerate,
                           const std::string& solverName,
                           const MixedLCP& solver,
                           const SolveReport& report,
                           bool mayRefuse) {
  BOOST_TEST_CONTEXT(degenerate.name << ", " << solverName << ": " << report.status << " "
                                     << report.message) {
    BOOST_TEST(report.status != Status::NotSolved);
    BOOST_TEST(solver.getLambda().allFinite());
    BOOST_TEST(solver.ref_w().allFinite());
    if (degenerate.invalid) {
      BOOST_TEST(report.status == Status::InvalidProblem);
    } else if (report.status == Status::Unsupported) {
      BOOST_TEST(mayRefuse);
      BOOST_TEST(!report.message.empty());
    } else {
      BOOST_TEST(report.status != Status::InvalidProblem);  // valid input is never "invalid"
      BOOST_TEST(std::isfinite(report.relativeResidual));
      if (report.status == Status::Converged) {
        BOOST_TEST(report.relativeResidual <= 1e-5);
        BOOST_TEST(report.scaledResidual <= 1e-5);
      }
      if (degenerate.noFiniteSolution) BOOST_TEST(report.status != Status::Converged);
      const std::optional<Eigen::VectorXd>& solution = degenerate.solution;
      if (solution && report.status == Status::Converged)
        BOOST_TEST((solver.getLambda() - *solution).lpNorm<Eigen::Infinity>() <=
                   1e-4 * std::max(1.0, solution->lpNorm<Eigen::Infinity>()));
    }
  }
}

}  // namespace mlcp::test
