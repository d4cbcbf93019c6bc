#pragma once

#include "simulation_engine.hpp"

#include <memory>
#include <vector>

namespace mlcp::app {

/// A SimulationEngine over an adapter's scene class built from a description (BulletScene,
/// DartScene: step(), steps(), bodyCount(), builtBodies(), description()). The bodies' states
/// are read back with builtBodies() once per step, when first asked for. The derived class
/// makes the scene (after the solver objects the scene refers to) and sets m_scene.
template <typename Scene>
class AdapterSceneEngine : public SimulationEngine {
 public:
  void step() override {
    m_scene->step();
    m_bodies.clear();
  }
  int stepCount() const override { return m_scene->steps(); }
  double time() const override { return m_scene->steps() * m_scene->description().timeStep; }
  int bodyCount() const override { return m_scene->bodyCount(); }
  BodySample body(int index) const override {
    if (m_bodies.empty()) m_bodies = m_scene->builtBodies();
    const dynamics::BodyDescription& b = m_bodies.at(static_cast<size_t>(index));
    return {m_scene->description().bodies[static_cast<size_t>(index)].name, b.p_WB, b.q_WB, b.v_WB,
            b.w_WB};
  }

 protected:
  std::unique_ptr<Scene> m_scene;  ///< set by the derived class's constructor

 private:
  mutable std::vector<dynamics::BodyDescription> m_bodies;  ///< this step's states, or empty
};

}  // namespace mlcp::app
