// A whole time step, collision and solve and integration, of libdynamics against ODE's
// dWorldQuickStep on the same scene at the same iteration count: the libdynamics scene `pile`
// (1000 cubes of 0.2 m dropped into a walled bin, about ten layers) is built once, and an ODE
// world is made from it (same bodies, poses, masses and inertias, same planes, a hash space,
// dContactApprox1 contacts with mu and at most 4 points per pair, ERP 0.2 and CFM 1e-5).
// libdynamics steps with the matrix-free PGS (pgs-matrix-free: ODE's quickstep algorithm on J and
// M^-1), ODE with dWorldQuickStep; both run K sweeps of SOR with omega = 1.3 (ODE's defaults,
// K = 20) and no tolerance. Prints the median CPU time per step over the steps of each phase
// (falling, landing, resting), the rows of the MLCP and the residual libdynamics reached, then
// where each step's time goes: libdynamics' phases (StepStatistics::times: collision, assembly,
// solve, integration) beside ODE's collision (dSpaceCollide and the contact joints) and
// dWorldQuickStep. All times are CPU times of the thread.
//
//   ./build/apps/bench/mlcp_bench_whole_step [--count 1000] [--steps 180] [--iterations 20]

#include "bench_timing.hpp"

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <ode/ode.h>

#include <algorithm>
#include <string>
#include <vector>

namespace md = mlcp::dynamics;

namespace {

/// ODE's twin of a libdynamics world: one dBody per body, one geom per geometry.
class OdeTwin {
 public:
  OdeTwin(const md::World& source, int iterations, double mu) : m_mu(mu) {
    dInitODE2(0);
    m_world = dWorldCreate();
    m_space = dHashSpaceCreate(nullptr);
    m_contacts = dJointGroupCreate(0);
    const Eigen::Vector3d& g = source.gravity();
    dWorldSetGravity(m_world, g.x(), g.y(), g.z());
    dWorldSetERP(m_world, source.erpCfm().erp);
    dWorldSetCFM(m_world, source.erpCfm().cfm);
    dWorldSetQuickStepNumIterations(m_world, iterations);
    dWorldSetQuickStepW(m_world, 1.3);
    std::vector<dBodyID> bodies;
    for (const md::Body& b : source.bodies()) {
      dBodyID body = dBodyCreate(m_world);
      dMass mass;
      const Eigen::Matrix3d& I = b.I_Bcm_B;
      dMassSetParameters(&mass, b.mass, 0, 0, 0, I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2),
                         I(1, 2));
      dBodySetMass(body, &mass);
      dBodySetPosition(body, b.p_WB.x(), b.p_WB.y(), b.p_WB.z());
      const dQuaternion q = {b.q_WB.w(), b.q_WB.x(), b.q_WB.y(), b.q_WB.z()};
      dBodySetQuaternion(body, q);
      dBodySetLinearVel(body, b.v_WB.x(), b.v_WB.y(), b.v_WB.z());
      dBodySetAngularVel(body, b.w_WB.x(), b.w_WB.y(), b.w_WB.z());
      bodies.push_back(body);
    }
    for (const md::Geometry& geometry : source.geometries()) {
      dGeomID geom = nullptr;
      if (const auto* box = std::get_if<md::Box>(&geometry.shape))
        geom = dCreateBox(m_space, box->size.x(), box->size.y(), box->size.z());
      else if (const auto* sphere = std::get_if<md::Sphere>(&geometry.shape))
        geom = dCreateSphere(m_space, sphere->radius);
      else if (const auto* plane = std::get_if<md::Plane>(&geometry.shape))
        geom = dCreatePlane(m_space, plane->normal_W.x(), plane->normal_W.y(), plane->normal_W.z(),
                            plane->offset);
      else
        throw std::runtime_error("OdeTwin: capsules are not mirrored");
      if (geometry.body >= 0) dGeomSetBody(geom, bodies[static_cast<size_t>(geometry.body)]);
    }
  }
  ~OdeTwin() {
    dJointGroupDestroy(m_contacts);
    dSpaceDestroy(m_space);
    dWorldDestroy(m_world);
  }
  OdeTwin(const OdeTwin&) = delete;
  OdeTwin& operator=(const OdeTwin&) = delete;

  /// Collision (dSpaceCollide), dWorldQuickStep, then the contact joints are dropped.
  void step(double h) {
    m_rows = 0;
    dSpaceCollide(m_space, this, &OdeTwin::nearCallback);
    const double start = mlcp::bench::threadSeconds();
    dWorldQuickStep(m_world, h);
    m_quickStepSeconds = mlcp::bench::threadSeconds() - start;
    dJointGroupEmpty(m_contacts);
  }
  /// Rows of the last step's MLCP (3 per contact).
  int rows() const { return m_rows; }
  /// CPU time of the last dWorldQuickStep (unit: s), collision excluded.
  double quickStepSeconds() const { return m_quickStepSeconds; }

 private:
  static void nearCallback(void* data, dGeomID a, dGeomID b) {
    auto* self = static_cast<OdeTwin*>(data);
    dBodyID bodyA = dGeomGetBody(a);
    dBodyID bodyB = dGeomGetBody(b);
    if (bodyA == nullptr && bodyB == nullptr) return;
    constexpr int kMaxPoints = 4;  // libdynamics' OdeCollision keeps 4 points per pair
    dContact contacts[kMaxPoints];
    const int count = dCollide(a, b, kMaxPoints, &contacts[0].geom, sizeof(dContact));
    for (int k = 0; k < count; ++k) {
      contacts[k].surface.mode = dContactApprox1;
      contacts[k].surface.mu = self->m_mu;
      dJointID joint = dJointCreateContact(self->m_world, self->m_contacts, &contacts[k]);
      dJointAttach(joint, bodyA, bodyB);
      self->m_rows += 3;
    }
  }

  double m_mu;
  dWorldID m_world = nullptr;
  dSpaceID m_space = nullptr;
  dJointGroupID m_contacts = nullptr;
  int m_rows = 0;
  double m_quickStepSeconds = 0.0;
};

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const size_t m = v.size();
  return m % 2 == 1 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
}

}  // namespace

int main(int argc, char** argv) {
  int count = 1000;
  int steps = 180;
  int iterations = 20;
  CLI::App app{"mlcp_bench_whole_step: libdynamics step() against ODE's dWorldQuickStep"};
  app.add_option("--count", count, "Cubes in the pile")->check(CLI::Range(1, 100000));
  app.add_option("--steps", steps, "Steps of 1/60 s")->check(CLI::Range(3, 100000));
  app.add_option("--iterations", iterations, "SOR sweeps per step (ODE's default 20)")
      ->check(CLI::Range(1, 100000));
  CLI11_PARSE(app, argc, argv);

  md::Scene scene = md::makeScene("pile", {fmt::format("count={}", count), "shape=box"});
  const double mu = scene.world.defaultContactMaterial().mu;
  OdeTwin ode(scene.world, iterations, mu);
  mlcp::PgsOptions options;
  options.maxIterations = iterations;
  options.relaxation = 1.3;
  options.relativeTolerance = 0.0;
  options.residualInterval = iterations;
  mlcp::PgsSolver solver(options);
  scene.world.setSolver(solver);

  struct Sample {
    double ours = 0.0;
    double ode = 0.0;
    double solve = 0.0;
    double collision = 0.0;
    double assembly = 0.0;
    double integration = 0.0;
    double quickStep = 0.0;
    double odeCollision = 0.0;
    double rows = 0.0;
    double odeRows = 0.0;
    double residual = 0.0;
  };
  std::vector<Sample> samples;
  for (int k = 0; k < steps; ++k) {
    Sample s;
    double start = mlcp::bench::threadSeconds();
    scene.world.step(scene.timeStep);
    s.ours = mlcp::bench::threadSeconds() - start;
    start = mlcp::bench::threadSeconds();
    ode.step(scene.timeStep);
    s.ode = mlcp::bench::threadSeconds() - start;
    const md::StepStatistics& stats = scene.world.lastStatistics();
    s.solve = stats.times.solve;
    s.collision = stats.times.collision;
    s.assembly = stats.times.assembly;
    s.integration = stats.times.integration;
    s.quickStep = ode.quickStepSeconds();
    s.odeCollision = s.ode - s.quickStep;
    s.rows = stats.rows;
    s.odeRows = ode.rows();
    s.residual = stats.relativeResidual;
    samples.push_back(s);
  }

  fmt::print(
      "Pile of {} cubes, h = {:.4g} s, {} SOR sweeps (omega 1.3) per step; median CPU time "
      "per step.\n\n",
      count, scene.timeStep, iterations);
  fmt::print(
      "| steps | rows (libdynamics / ODE) | libdynamics step() | of which solve | "
      "ODE collision + dWorldQuickStep | of which dWorldQuickStep | ratio | "
      "libdynamics residual |\n|---|--:|--:|--:|--:|--:|--:|--:|\n");
  const int third = steps / 3;
  // Median over the steps of window `phase` (falling, landing, resting) of one figure.
  auto windowMedian = [&](int phase, double Sample::*field) {
    const int first = phase * third;
    const int last = phase == 2 ? steps : first + third;
    std::vector<double> values;
    for (int k = first; k < last; ++k) values.push_back(samples[static_cast<size_t>(k)].*field);
    return median(values);
  };
  auto window = [&](int phase) {
    return fmt::format("{}-{}", phase * third + 1, phase == 2 ? steps : (phase + 1) * third);
  };
  for (int phase = 0; phase < 3; ++phase) {
    const double ours = windowMedian(phase, &Sample::ours);
    const double odeTime = windowMedian(phase, &Sample::ode);
    fmt::print(
        "| {} | {:.0f} / {:.0f} | {:.2f} ms | {:.2f} ms | {:.2f} ms | {:.2f} ms | "
        "{:.2f}× | {:.1e} |\n",
        window(phase), windowMedian(phase, &Sample::rows), windowMedian(phase, &Sample::odeRows),
        1e3 * ours, 1e3 * windowMedian(phase, &Sample::solve), 1e3 * odeTime,
        1e3 * windowMedian(phase, &Sample::quickStep), ours / odeTime,
        windowMedian(phase, &Sample::residual));
  }

  fmt::print(
      "\nWhere the time goes (median CPU time per step of each phase; ODE's collision is "
      "dSpaceCollide with the contact joints, its step time minus dWorldQuickStep).\n\n"
      "| steps | collision | assembly | solve | integration | ODE collision | "
      "ODE dWorldQuickStep |\n|---|--:|--:|--:|--:|--:|--:|\n");
  for (int phase = 0; phase < 3; ++phase)
    fmt::print("| {} | {:.2f} ms | {:.2f} ms | {:.2f} ms | {:.2f} ms | {:.2f} ms | {:.2f} ms |\n",
               window(phase), 1e3 * windowMedian(phase, &Sample::collision),
               1e3 * windowMedian(phase, &Sample::assembly),
               1e3 * windowMedian(phase, &Sample::solve),
               1e3 * windowMedian(phase, &Sample::integration),
               1e3 * windowMedian(phase, &Sample::odeCollision),
               1e3 * windowMedian(phase, &Sample::quickStep));
  return 0;
}
