// World: bodies, geometry, joints and the bookkeeping around a step; the step itself (assembly
// and integration) is in world_step.cpp, its contacts and row sources in world_contacts.cpp.

#include "detail/body_step_data.hpp"
#include "detail/warm_start_cache.hpp"

#include <mlcp/dynamics/contact_constraint.hpp>
#include <mlcp/dynamics/world.hpp>

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace mlcp::dynamics {

World::World()
    : m_detector(makeDefaultCollisionDetector()),
      m_problem(std::make_shared<StepProblem>()),
      m_previousLambda(std::make_unique<detail::WarmStartCache>()) {}
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

int World::addBody(Body body) {
  const int index = bodyCount();
  if (body.name.empty()) body.name = fmt::format("body{}", index);
  body.validate();
  body.q_WB.normalize();
  m_bodies.push_back(std::move(body));
  return index;
}

int World::findBody(std::string_view name) const {
  for (int i = 0; i < bodyCount(); ++i)
    if (m_bodies[static_cast<size_t>(i)].name == name) return i;
  return -1;
}

std::string World::bodyName(int index) const {
  return index < 0 ? std::string("world") : m_bodies[static_cast<size_t>(index)].name;
}

int World::addGeometry(Geometry geometry) {
  const int index = static_cast<int>(m_geometries.size());
  if (geometry.name.empty())
    geometry.name = geometry.body >= 0 && geometry.body < bodyCount()
                        ? bodyName(geometry.body)
                        : fmt::format("static{}", index);
  geometry.validate(bodyCount());
  geometry.q_BG.normalize();
  m_geometries.push_back(std::move(geometry));
  return index;
}

Constraint& World::addConstraint(std::unique_ptr<Constraint> constraint) {
  if (!constraint) throw std::invalid_argument("World::addConstraint: null constraint");
  for (int index : {constraint->bodyA(), constraint->bodyB()})
    if (index < -1 || index >= bodyCount())
      throw std::invalid_argument(
          fmt::format("World::addConstraint: {} joint body index {} is "
                      "outside -1 .. {}",
                      constraint->kind(), index, bodyCount() - 1));
  m_constraints.push_back(std::move(constraint));
  return *m_constraints.back();
}

void World::setGravity(const Eigen::Vector3d& gravity_W) {
  if (!gravity_W.allFinite())
    throw std::invalid_argument(
        fmt::format("World::setGravity: gravity = ({}, {}, {}) must be "
                    "finite (m/s^2)",
                    gravity_W.x(), gravity_W.y(), gravity_W.z()));
  m_gravity = gravity_W;
}

void World::setErpCfm(const ErpCfm& erpCfm) {
  RowSoftness::fromErpCfm(erpCfm.erp, erpCfm.cfm);  // validates
  m_erpCfm = erpCfm;
}

void World::setDefaultContactMaterial(const ContactMaterial& material) {
  material.validate();
  m_defaultMaterial = material;
}

void World::setContactMaterial(int geometryA, int geometryB, const ContactMaterial& material) {
  const int count = static_cast<int>(m_geometries.size());
  if (geometryA < 0 || geometryA >= count || geometryB < 0 || geometryB >= count)
    throw std::invalid_argument(
        fmt::format("World::setContactMaterial: geometry indices {} and {} must be in 0 .. {}",
                    geometryA, geometryB, count - 1));
  material.validate();
  m_pairMaterials[{std::min(geometryA, geometryB), std::max(geometryA, geometryB)}] = material;
}

const ContactMaterial& World::contactMaterial(int geometryA, int geometryB) const {
  const auto found =
      m_pairMaterials.find({std::min(geometryA, geometryB), std::max(geometryA, geometryB)});
  return found == m_pairMaterials.end() ? m_defaultMaterial : found->second;
}

void World::setCollisionDetector(std::unique_ptr<CollisionDetector> detector) {
  if (!detector) throw std::invalid_argument("World::setCollisionDetector: null detector");
  m_detector = std::move(detector);
}

void World::setMaxDenseRows(int rows) {
  if (rows < 1) throw std::invalid_argument(fmt::format("World::setMaxDenseRows: {} < 1", rows));
  m_maxDenseRows = rows;
}

double World::kineticEnergy() const {
  double energy = 0.0;
  for (const Body& body : m_bodies) energy += body.kineticEnergy();
  return energy;
}

double World::potentialEnergy() const {
  double energy = 0.0;
  for (const Body& body : m_bodies)
    if (body.gravity) energy -= body.mass * m_gravity.dot(body.p_WB);
  return energy;
}

}  // namespace mlcp::dynamics
