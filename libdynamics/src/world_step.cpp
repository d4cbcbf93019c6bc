// World::step: ODE's dWorldStep in force form (ode/src/step.cpp; shared/reference/solvers.md 1.9;
// seed 004), gyroscopic terms after seed 001 [Lacoursiere 2006].
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

#include <mlcp/dynamics/contact_constraint.hpp>
#include <mlcp/dynamics/world.hpp>
#include <mlcp/matrix_free_problem.hpp>
#include <mlcp/residual.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <set>
#include <stdexcept>

namespace mlcp::dynamics {

namespace {

constexpr int kMaxRowsPerConstraint = 6;

Eigen::Matrix3d crossMatrix(const Eigen::Vector3d& v) {
  Eigen::Matrix3d m;
  m << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return m;
}

void requireTimeStep(double h, const char* function) {
  if (!(h > 0.0) || !std::isfinite(h))
    throw std::invalid_argument(
        fmt::format("{}: time step h = {} must be finite and > 0 s", function, h));
}

}  // namespace

void World::findContacts() {
  std::set<std::pair<int, int>> connected;
  if (!m_collideConnected)
    for (const auto& constraint : m_constraints)
      connected.insert({std::min(constraint->bodyA(), constraint->bodyB()),
                        std::max(constraint->bodyA(), constraint->bodyB())});
  BodyPairFilter filter;
  if (!connected.empty())
    filter = [&connected](int a, int b) {
      return connected.count({std::min(a, b), std::max(a, b)}) == 0;
    };
  m_detector->findContacts(m_bodies, m_geometries, filter, m_contacts);
  m_contactConstraints.clear();
  for (const ContactPoint& contact : m_contacts) {
    if (!contact.p_W.allFinite() || !contact.n_W.allFinite() || !std::isfinite(contact.depth))
      throw std::runtime_error(
          fmt::format("{} collision detector returned a non-finite contact between '{}' and '{}'",
                      m_detector->name(), m_geometries[static_cast<size_t>(contact.geometryA)].name,
                      m_geometries[static_cast<size_t>(contact.geometryB)].name));
    m_contactConstraints.push_back(std::make_unique<ContactConstraint>(
        contact, contactMaterial(contact.geometryA, contact.geometryB)));
  }
}

void World::computeBodyTerms(double h) {
  m_bodyData.resize(m_bodies.size());
  for (size_t k = 0; k < m_bodies.size(); ++k) {
    const Body& body = m_bodies[k];
    BodyStepData& data = m_bodyData[k];
    const Eigen::Matrix3d R = body.R_WB();
    data.inverseInertia_W = R * body.I_Bcm_B.inverse() * R.transpose();
    Eigen::Vector3d force = body.f_B_W;
    if (body.gravity) force += body.mass * m_gravity;
    Eigen::Vector3d torque = body.tau_B_W;
    if (body.gyroscopicMode != GyroscopicMode::None) {
      const Eigen::Matrix3d I_W = R * body.I_Bcm_B * R.transpose();
      const Eigen::Vector3d L = I_W * body.w_WB;
      if (body.gyroscopicMode == GyroscopicMode::Explicit) {
        torque += L.cross(body.w_WB);  // tau += (I w) x w
      } else {
        // seed 001: tau~ = I I~^-1 (L/h) + I I~^-1 tau - L/h, I~ = I - h [L]x (invertible: its
        // symmetric part is I_W, positive definite).
        const Eigen::Matrix3d Itilde = I_W - h * crossMatrix(L);
        torque = I_W * Itilde.partialPivLu().solve(L / h + torque) - L / h;
      }
    }
    data.externalForce << force, torque;
  }
}

std::uint64_t World::rowKey(int source, int localRow) const {
  const int constraints = constraintCount();
  if (source < constraints)
    return (static_cast<std::uint64_t>(source) << 8) | static_cast<std::uint64_t>(localRow);
  // Contacts: geometry pair, index of the point within the pair, row.
  const ContactPoint& contact = m_contacts[static_cast<size_t>(source - constraints)];
  int withinPair = 0;
  for (int k = source - constraints - 1; k >= 0; --k) {
    const ContactPoint& other = m_contacts[static_cast<size_t>(k)];
    if (other.geometryA != contact.geometryA || other.geometryB != contact.geometryB) break;
    ++withinPair;
  }
  return (std::uint64_t{1} << 63) | (static_cast<std::uint64_t>(contact.geometryA) << 38) |
         (static_cast<std::uint64_t>(contact.geometryB) << 14) |
         (static_cast<std::uint64_t>(withinPair) << 4) | static_cast<std::uint64_t>(localRow);
}

void World::assembleRows(double h) {
  const RowContext context{h, m_erpCfm, m_bodies};
  std::vector<const Constraint*> sources;
  sources.reserve(m_constraints.size() + m_contactConstraints.size());
  for (const auto& c : m_constraints) sources.push_back(c.get());
  for (const auto& c : m_contactConstraints) sources.push_back(c.get());

  std::vector<int> counts(sources.size());
  int n = 0;
  for (size_t s = 0; s < sources.size(); ++s) {
    counts[s] = sources[s]->rowCount(context);
    if (counts[s] < 0 || counts[s] > kMaxRowsPerConstraint)
      throw std::logic_error(fmt::format("{} constraint reports {} rows; 0 .. {} are allowed",
                                         sources[s]->kind(), counts[s], kMaxRowsPerConstraint));
    n += counts[s];
  }

  StepProblem& step = m_problem;
  MatrixFreeProblem& p = step.problem;
  p.name = fmt::format("{} step {}", m_name, m_stepCount);
  p.J.setZero(n, 12);
  p.bodies.resize(n, 2);
  p.cfm.resize(n);
  p.b.resize(n);
  p.lo.resize(n);
  p.hi.resize(n);
  p.findex.resize(n);
  p.nub = 0;
  m_c.resize(n);
  step.rows.assign(static_cast<size_t>(n), RowLabel{});
  step.sources.clear();
  step.contactCount = static_cast<int>(m_contactConstraints.size());
  m_rowKeys.resize(static_cast<size_t>(n));

  std::array<ConstraintRow, kMaxRowsPerConstraint> scratch;
  int offset = 0;
  for (size_t s = 0; s < sources.size(); ++s) {
    const Constraint& constraint = *sources[s];
    const bool isContact = s >= m_constraints.size();
    std::string label;
    if (isContact) {
      const auto& contact = static_cast<const ContactConstraint&>(constraint).contact();
      label =
          fmt::format("contact {}/{}", m_geometries[static_cast<size_t>(contact.geometryA)].name,
                      m_geometries[static_cast<size_t>(contact.geometryB)].name);
    } else {
      label = fmt::format("{}{}{} {}/{}", constraint.kind(), constraint.name().empty() ? "" : " ",
                          constraint.name(), bodyName(constraint.bodyA()),
                          bodyName(constraint.bodyB()));
    }
    step.sources.push_back(
        {std::string(constraint.kind()), label, constraint.bodyA(), constraint.bodyB()});
    const int count = counts[s];
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
      m_rowKeys[static_cast<size_t>(i)] = rowKey(static_cast<int>(s), k);
    }
    offset += count;
  }

  // M^-1 blocks and rhs_tmp = v / h + M^-1 f_ext per body; b = c / h - J rhs_tmp.
  p.inverseMass.resize(m_bodies.size());
  std::vector<Vector6d> rhsTmp(m_bodies.size());
  for (size_t k = 0; k < m_bodies.size(); ++k) {
    const Body& body = m_bodies[k];
    const BodyStepData& data = m_bodyData[k];
    MatrixFreeProblem::Block6& block = p.inverseMass[k];
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
  validateBodies();
  findContacts();
  computeBodyTerms(h);
  assembleRows(h);
  m_problem.step = m_stepCount;
  m_problem.h = h;
  m_prepared = true;
  return m_problem;
}

void World::finishStep(const Eigen::VectorXd& lambda) {
  if (!m_prepared)
    throw std::logic_error("World::finishStep: call prepareStep() first (once per step)");
  const MatrixFreeProblem& p = m_problem.problem;
  const int n = p.size();
  if (lambda.size() != n)
    throw std::invalid_argument(fmt::format(
        "World::finishStep: lambda has {} entries but the step has {} rows", lambda.size(), n));
  if (!lambda.allFinite())
    throw std::invalid_argument("World::finishStep: lambda has NaN or Inf entries");
  const double h = m_problem.h;

  std::vector<Vector6d> force(m_bodies.size());
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

  m_previousLambda.clear();
  for (int i = 0; i < n; ++i) m_previousLambda[m_rowKeys[static_cast<size_t>(i)]] = lambda[i];
  m_lambda = lambda;
  m_prepared = false;
  ++m_stepCount;
  m_time += h;
}

void World::applyWarmStart(MixedLCP& solver) {
  if (!m_warmStart || !solver.capabilities().usesInitialGuess) return;
  const int n = m_problem.size();
  Eigen::VectorXd x0 = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < n; ++i)
    if (const auto found = m_previousLambda.find(m_rowKeys[static_cast<size_t>(i)]);
        found != m_previousLambda.end())
      x0[i] = found->second;
  solver.setInitialGuess(x0);
}

void World::step(double h) {
  requireTimeStep(h, "World::step");
  prepareStep(h);
  const int n = m_problem.size();
  m_statistics = StepStatistics{};
  m_statistics.rows = n;
  m_statistics.contacts = m_problem.contactCount;
  if (n == 0) {
    m_statistics.status = Status::Converged;
    finishStep(Eigen::VectorXd());
    return;
  }
  if (m_solver == nullptr)
    throw std::logic_error(
        fmt::format("World::step: {} has {} constraint rows but no solver; call "
                    "setSolver() first",
                    m_name, n));
  MixedLCP& solver = *m_solver;
  // Matrix-free solvers take the factors J, M^-1, CFM/h; the others also get the dense A.
  const bool dense = !solver.capabilities().requiresMatrixFree;
  if (dense && n > m_maxDenseRows)
    throw std::runtime_error(fmt::format(
        "{}: {} rows exceed World's dense limit of {} (A would take {:.0f} MB); raise it with "
        "setMaxDenseRows() or use a matrix-free solver (pgs-matrix-free, apgd-matrix-free)",
        m_problem.problem.name, n, m_maxDenseRows, 8e-6 * n * static_cast<double>(n)));
  const auto factors = std::make_shared<const MatrixFreeProblem>(m_problem.problem);
  solver.setProblem(toProblem(factors, dense));
  applyWarmStart(solver);
  const SolveReport& report = solver.solve();
  m_statistics.solverName = std::string(solver.name());
  m_statistics.status = report.status;
  m_statistics.iterations = report.iterations;
  m_statistics.relativeResidual = report.relativeResidual;
  m_statistics.solveSeconds = report.solveSeconds;
  if (report.status == Status::InvalidProblem || report.status == Status::NumericalFailure)
    throw std::runtime_error(fmt::format("{}: solver {} returned {}: {}", factors->name,
                                         solver.name(), report.status, report.message));
  if (report.status != Status::Converged) {
    const Eigen::VectorXd& x = solver.getLambda();
    Eigen::VectorXd w;
    factors->multiply(x, w);
    w -= factors->b;
    const Residuals residuals = computeResiduals(x, w, factors->lo, factors->hi, factors->findex,
                                                 factors->b.cwiseAbs().maxCoeff());
    if (residuals.worstRow >= 0) m_statistics.worstRow = m_problem.rowLabel(residuals.worstRow);
  }
  finishStep(solver.getLambda());
}

}  // namespace mlcp::dynamics
