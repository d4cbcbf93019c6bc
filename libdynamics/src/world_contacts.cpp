// World: the contacts of a step (collision detector to ContactConstraints) and the bookkeeping of
// the rows' sources (labels, warm-start keys); the assembly and integration are in world_step.cpp.

#include <mlcp/dynamics/contact_constraint.hpp>
#include <mlcp/dynamics/world.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <set>
#include <stdexcept>

namespace mlcp::dynamics {

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
  // The constraint objects of earlier steps are reused: reset() to this step's points.
  for (size_t k = 0; k < m_contacts.size(); ++k) {
    const ContactPoint& contact = m_contacts[k];
    if (!contact.p_W.allFinite() || !contact.n_W.allFinite() || !std::isfinite(contact.depth))
      throw std::runtime_error(
          fmt::format("{} collision detector returned a non-finite contact between '{}' and '{}'",
                      m_detector->name(), m_geometries[static_cast<size_t>(contact.geometryA)].name,
                      m_geometries[static_cast<size_t>(contact.geometryB)].name));
    const ContactMaterial& material = contactMaterial(contact.geometryA, contact.geometryB);
    if (k < m_contactConstraints.size())
      m_contactConstraints[k]->reset(contact, material);
    else
      m_contactConstraints.push_back(std::make_unique<ContactConstraint>(contact, material));
  }
}

std::uint64_t World::sourceKey(int source) const {
  const int constraints = constraintCount();
  if (source < constraints) return static_cast<std::uint64_t>(source) << 8;
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
         (static_cast<std::uint64_t>(withinPair) << 4);
}

void World::labelSource(size_t source, const Constraint& constraint) {
  RowSource& entry = m_problem->sources[source];
  if (source >= m_constraints.size()) {
    // A contact: its label changes only with its geometry pair, which often persists.
    const ContactPoint& contact = m_contacts[source - m_constraints.size()];
    if (entry.geometryA == contact.geometryA && entry.geometryB == contact.geometryB &&
        !entry.label.empty())
      return;
    // "contact A/B" by appends (no formatting), into the string's capacity.
    entry.kind.assign(constraint.kind());
    entry.label.assign("contact ");
    entry.label.append(m_geometries[static_cast<size_t>(contact.geometryA)].name);
    entry.label.push_back('/');
    entry.label.append(m_geometries[static_cast<size_t>(contact.geometryB)].name);
    entry.geometryA = contact.geometryA;
    entry.geometryB = contact.geometryB;
  } else {
    entry.kind.assign(constraint.kind());
    entry.label.clear();
    fmt::format_to(std::back_inserter(entry.label), "{}{}{} {}/{}", constraint.kind(),
                   constraint.name().empty() ? "" : " ", constraint.name(),
                   bodyName(constraint.bodyA()), bodyName(constraint.bodyB()));
    entry.geometryA = entry.geometryB = -1;
  }
  entry.bodyA = constraint.bodyA();
  entry.bodyB = constraint.bodyB();
}

}  // namespace mlcp::dynamics
