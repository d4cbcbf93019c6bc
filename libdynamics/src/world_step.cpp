// World::step: ODE's dWorldStep in force form (ode/src/step.cpp; [ROS ODE Solvers];
// docs/dynamics.md, "One step", gyroscopic terms after docs/dynamics.md, "Gyroscopic modes"
// [Lacoursiere 2007].
//
//   per body:  M^-1 = diag(1/m I3, I_W^-1),  I_W^-1 = R I_B^-1 R^T
//              f_ext = f + m g,  tau_ext = tau + gyro(w)   (explicit: (I_W w) x w;
//              implicit: I_W I~^-1 (L/h + tau) - L/h - tau with L = I_W w, I~ = I_W - h [L]x)
//   rows:      J (n x 12), c, CFM, lo, hi, findex from every constraint and contact
//   MLCP:      A = J M^-1 J^T + diag(CFM / h),  b = c / h - J (v / h + M^-1 f_ext)
//   solve:     lambda (N, N m) from the MixedLCP the world was given
//   integrate: v' = v + h M^-1 (f_ext + J^T lambda),  p' = p + h v',
//              q' = normalise(q + h/2 (0, w') q)     (ODE's dxStepBody without finite rotation)

#include "detail/body_step_data.hpp"
#include "detail/warm_start_cache.hpp"

#include <mlcp/core/factors.hpp>
#include <mlcp/dynamics/contact_constraint.hpp>
#include <mlcp/dynamics/world.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <ctime>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <utility>

namespace mlcp::dynamics {

namespace {

constexpr int kMaxRowsPerConstraint = 6;

/// Resizes an Eigen array to `rows` (x its columns) with realloc, which keeps the memory and the
/// pages already touched when the size changes, and does nothing when it does not (Eigen's
/// conservativeResize() of a vector calls realloc even then).
template <typename Array>
void resizeInPlace(Array& array, Eigen::Index rows) {
  if (array.rows() != rows) array.conservativeResize(rows, array.cols());
}

Eigen::Matrix3d crossMatrix(const Eigen::Vector3d& v) {
  Eigen::Matrix3d m;
  m << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return m;
}

/// CPU time used by the calling thread so far (unit: s).
double threadSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

void requireTimeStep(double h, const char* function) {
  if (!(h > 0.0) || !std::isfinite(h))
    throw std::invalid_argument(
        fmt::format("{}: time step h = {} must be finite and > 0 s", function, h));
}

}  // namespace

void World::computeBodyTerms(double h) {
  m_bodyData.resize(m_bodies.size());
  for (size_t k = 0; k < m_bodies.size(); ++k) {
    const Body& body = m_bodies[k];
    BodyStepData& data = m_bodyData[k];
    const Eigen::Matrix3d R = body.R_WB();
    data.inverseInertia_W = R * body.I_Bcm_B.inverse() * R.transpose();
    Eigen::Vector3d force = body.f_B_W + body.f_constant_B_W;
    if (body.gravity) force += body.mass * m_gravity;
    Eigen::Vector3d torque = body.tau_B_W;
    if (body.gyroscopicMode != GyroscopicMode::None) {
      const Eigen::Matrix3d I_W = R * body.I_Bcm_B * R.transpose();
      const Eigen::Vector3d L = I_W * body.w_WB;
      if (body.gyroscopicMode == GyroscopicMode::Explicit) {
        torque += L.cross(body.w_WB);  // tau += (I w) x w
      } else {
        // docs/dynamics.md, "Gyroscopic modes": tau~ = I I~^-1 (L/h) + I I~^-1 tau - L/h, I~ = I -
        // h [L]x (invertible: its symmetric part is I_W, positive definite).
        const Eigen::Matrix3d Itilde = I_W - h * crossMatrix(L);
        torque = I_W * Itilde.partialPivLu().solve(L / h + torque) - L / h;
      }
    }
    data.externalForce << force, torque;
  }
}

void World::assembleRows(double h) {
  const RowContext context{h, m_erpCfm, m_bodies};
  std::vector<const Constraint*>& sources = m_sources;
  sources.clear();
  for (const auto& c : m_constraints) sources.push_back(c.get());
  for (size_t k = 0; k < m_contacts.size(); ++k) sources.push_back(m_contactConstraints[k].get());

  std::vector<int>& counts = m_sourceRows;
  counts.resize(sources.size());
  int n = 0;
  for (size_t s = 0; s < sources.size(); ++s) {
    counts[s] = sources[s]->rowCount(context);
    if (counts[s] < 0 || counts[s] > kMaxRowsPerConstraint)
      throw std::logic_error(fmt::format("{} constraint reports {} rows; 0 .. {} are allowed",
                                         sources[s]->kind(), counts[s], kMaxRowsPerConstraint));
    n += counts[s];
  }

  StepProblem& step = *m_problem;
  Factors& p = step.problem;
  p.name.clear();
  fmt::format_to(std::back_inserter(p.name), "{} step {}", m_name, m_stepCount);
  // Every row is written below.
  resizeInPlace(p.J, n);
  resizeInPlace(p.bodies, n);
  resizeInPlace(p.cfm, n);
  resizeInPlace(p.b, n);
  resizeInPlace(p.lo, n);
  resizeInPlace(p.hi, n);
  resizeInPlace(p.findex, n);
  p.nub = 0;
  resizeInPlace(m_c, n);
  step.rows.assign(static_cast<size_t>(n), RowLabel{});
  step.sources.resize(sources.size());
  step.contactCount = static_cast<int>(m_contacts.size());
  m_rowKeys.resize(static_cast<size_t>(n));

  std::array<ConstraintRow, kMaxRowsPerConstraint> scratch;
  int offset = 0;
  for (size_t s = 0; s < sources.size(); ++s) {
    const Constraint& constraint = *sources[s];
    labelSource(s, constraint);
    const std::string& label = step.sources[s].label;
    const int count = counts[s];
    const std::uint64_t key = sourceKey(static_cast<int>(s));
    for (int k = 0; k < count; ++k) scratch[static_cast<size_t>(k)] = ConstraintRow{};
    constraint.fillRows(context,
                        std::span<ConstraintRow>(scratch.data(), static_cast<size_t>(count)));
    for (int k = 0; k < count; ++k) {
      const ConstraintRow& row = scratch[static_cast<size_t>(k)];
      const int i = offset + k;
      if (!row.J_A.allFinite() || !row.J_B.allFinite() || !std::isfinite(row.c) ||
          !(row.cfm >= 0.0) || !std::isfinite(row.cfm))
        throw std::runtime_error(fmt::format(
            "{}: row {} ({}) has a non-finite J or c, or a bad CFM", label, k, row.name));
      if (row.findex >= count)
        throw std::logic_error(fmt::format("{}: row {} has local findex {} >= its {} rows", label,
                                           k, row.findex, count));
      p.J.row(i) << row.J_A.transpose(), row.J_B.transpose();
      p.bodies(i, 0) = constraint.bodyA();
      p.bodies(i, 1) = constraint.bodyB();
      p.cfm[i] = row.cfm / h;
      p.lo[i] = row.lo;
      p.hi[i] = row.hi;
      p.findex[i] = row.findex >= 0 ? offset + row.findex : -1;
      m_c[i] = row.c;
      step.rows[static_cast<size_t>(i)] =
          RowLabel{static_cast<int>(s), k, row.type, row.name, row.violation};
      m_rowKeys[static_cast<size_t>(i)] = key | static_cast<std::uint64_t>(k);
    }
    offset += count;
  }

  // M^-1 blocks and rhs_tmp = v / h + M^-1 f_ext per body; b = c / h - J rhs_tmp.
  p.inverseMass.resize(m_bodies.size());
  std::vector<Vector6d>& rhsTmp = m_bodyVectors;
  rhsTmp.resize(m_bodies.size());
  for (size_t k = 0; k < m_bodies.size(); ++k) {
    const Body& body = m_bodies[k];
    const BodyStepData& data = m_bodyData[k];
    Factors::Block6& block = p.inverseMass[k];
    block.setZero();
    block.topLeftCorner<3, 3>().diagonal().setConstant(1.0 / body.mass);
    block.bottomRightCorner<3, 3>() = data.inverseInertia_W;
    rhsTmp[k] << body.v_WB / h + data.externalForce.head<3>() / body.mass,
        body.w_WB / h + data.inverseInertia_W * data.externalForce.tail<3>();
  }
  for (int i = 0; i < n; ++i) {
    double value = m_c[i] / h;
    for (int side = 0; side < 2; ++side)
      if (const int body = p.bodies(i, side); body >= 0)
        value -= p.J.row(i).segment<6>(6 * side).dot(rhsTmp[static_cast<size_t>(body)].transpose());
    p.b[i] = value;
  }
}

void World::validateBodies() {
  for (Body& body : m_bodies) {
    body.validate();
    body.q_WB.normalize();
  }
}

const StepProblem& World::prepareStep(double h) {
  requireTimeStep(h, "World::prepareStep");
  m_prepared = false;
  // The solver keeps the factors of the last step it solved (its Operator shares them): this
  // step is assembled into the spare problem, a new one when something still holds that.
  std::swap(m_problem, m_spareProblem);
  if (!m_problem || m_problem.use_count() > 1) m_problem = std::make_shared<StepProblem>();
  validateBodies();
  const double start = threadSeconds();
  findContacts();
  const double found = threadSeconds();
  computeBodyTerms(h);
  assembleRows(h);
  m_prepareTimes.collision = found - start;
  m_prepareTimes.assembly = threadSeconds() - found;
  m_problem->step = m_stepCount;
  m_problem->h = h;
  m_prepared = true;
  return *m_problem;
}

void World::finishStep(const Eigen::VectorXd& lambda) {
  if (!m_prepared)
    throw std::logic_error("World::finishStep: call prepareStep() first (once per step)");
  const Factors& p = m_problem->problem;
  const int n = p.size();
  if (lambda.size() != n)
    throw std::invalid_argument(fmt::format(
        "World::finishStep: lambda has {} entries but the step has {} rows", lambda.size(), n));
  if (!lambda.allFinite())
    throw std::invalid_argument("World::finishStep: lambda has NaN or Inf entries");
  const double h = m_problem->h;

  std::vector<Vector6d>& force = m_bodyVectors;
  force.resize(m_bodies.size());
  for (size_t k = 0; k < m_bodies.size(); ++k) force[k] = m_bodyData[k].externalForce;
  for (int i = 0; i < n; ++i)
    for (int side = 0; side < 2; ++side)
      if (const int body = p.bodies(i, side); body >= 0)
        force[static_cast<size_t>(body)] += lambda[i] * p.J.row(i).segment<6>(6 * side).transpose();

  for (size_t k = 0; k < m_bodies.size(); ++k) {
    Body& body = m_bodies[k];
    body.v_WB += (h / body.mass) * force[k].head<3>();
    body.w_WB += h * (m_bodyData[k].inverseInertia_W * force[k].tail<3>());
    body.p_WB += h * body.v_WB;
    const Eigen::Quaterniond w(0.0, body.w_WB.x(), body.w_WB.y(), body.w_WB.z());
    const Eigen::Quaterniond dq = w * body.q_WB;
    body.q_WB.coeffs() += (0.5 * h) * dq.coeffs();
    body.q_WB.normalize();
    body.f_B_W.setZero();
    body.tau_B_W.setZero();
  }

  m_previousLambda->store(m_rowKeys, lambda);
  m_lambda = lambda;
  m_prepared = false;
  ++m_stepCount;
  m_time += h;
}

void World::applyWarmStart(MixedLCP& solver) {
  if (!m_warmStart || !solver.capabilities().usesInitialGuess) return;
  m_previousLambda->lookup(m_rowKeys, m_initialGuess);
  solver.setInitialGuess(m_initialGuess);
}

void World::step(double h) {
  requireTimeStep(h, "World::step");
  prepareStep(h);
  const int n = m_problem->size();
  // A fresh record, keeping the capacity of its strings.
  std::string solverName = std::move(m_statistics.solverName);
  std::string worstRow = std::move(m_statistics.worstRow);
  m_statistics = StepStatistics{};
  m_statistics.solverName = std::move(solverName);
  m_statistics.solverName.clear();
  m_statistics.worstRow = std::move(worstRow);
  m_statistics.worstRow.clear();
  m_statistics.rows = n;
  m_statistics.contacts = m_problem->contactCount;
  StepTimes& times = m_statistics.times;
  times = m_prepareTimes;
  if (n == 0) {
    m_statistics.status = Status::Converged;
    const double start = threadSeconds();
    finishStep(Eigen::VectorXd());
    times.integration = threadSeconds() - start;
    return;
  }
  if (m_solver == nullptr)
    throw std::logic_error(
        fmt::format("World::step: {} has {} constraint rows but no solver; call "
                    "setSolver() first",
                    m_name, n));
  MixedLCP& solver = *m_solver;
  if (solver.capabilities().denseA && n > m_maxDenseRows)
    throw std::runtime_error(fmt::format(
        "{}: {} rows exceed World's dense limit of {} for {}, which works on a dense A ({:.0f} "
        "MB); raise it with setMaxDenseRows() or use a solver that works on the factors (pgs, "
        "apgd)",
        m_problem->problem.name, n, m_maxDenseRows, solver.name(),
        8e-6 * n * static_cast<double>(n)));
  double clock = threadSeconds();
  auto lap = [&clock] {
    const double now = threadSeconds();
    return now - std::exchange(clock, now);
  };
  // The solver reads the factors in place, through a pointer that shares the ownership of the
  // step problem (see prepareStep()); toProblem(factors) in reused vectors.
  const std::shared_ptr<const Factors> factors(m_problem, &m_problem->problem);
  m_solverInput.name = factors->name;
  m_solverInput.A = Operator(factors);
  m_solverInput.b = factors->b;
  m_solverInput.lo = factors->lo;
  m_solverInput.hi = factors->hi;
  m_solverInput.findex = factors->findex;
  m_solverInput.nub = factors->nub;
  solver.setProblem(m_solverInput);
  m_solverInput.A = Operator();
  applyWarmStart(solver);
  times.assembly += lap();
  const SolveReport& report = solver.solve();
  times.solve = lap();
  m_statistics.solverName.assign(solver.name());
  m_statistics.status = report.status;
  m_statistics.iterations = report.iterations;
  m_statistics.relativeResidual = report.relativeResidual;
  m_statistics.solveSeconds = report.solveSeconds;
  if (report.status == Status::InvalidProblem || report.status == Status::NumericalFailure)
    throw std::runtime_error(fmt::format("{}: solver {} returned {}: {}", factors->name,
                                         solver.name(), report.status, report.message));
  if (report.status != Status::Converged && report.worstRow >= 0 && report.worstRow < n)
    m_problem->rowLabel(report.worstRow, m_statistics.worstRow);
  finishStep(solver.getLambda());
  times.integration = lap();
}

}  // namespace mlcp::dynamics
