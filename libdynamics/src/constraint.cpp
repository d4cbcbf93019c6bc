#include <mlcp/dynamics/constraint.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace mlcp::dynamics {

Constraint::Constraint(int bodyA, int bodyB) : m_bodyA(bodyA), m_bodyB(bodyB) {
  setBodies(bodyA, bodyB);
}

void Constraint::setBodies(int bodyA, int bodyB) {
  if (bodyA < 0 && bodyB < 0)
    throw std::invalid_argument(
        "constraint: at least one of the two bodies must not be the world (-1)");
  if (bodyA == bodyB)
    throw std::invalid_argument(
        fmt::format("constraint: body {} cannot be joined to itself", bodyA));
  m_bodyA = bodyA;
  m_bodyB = bodyB;
}

Constraint::~Constraint() = default;

void Constraint::setSoftness(const RowSoftness& softness) {
  softness.validate();
  m_softness = softness;
}

}  // namespace mlcp::dynamics
