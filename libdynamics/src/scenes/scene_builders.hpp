#pragma once

#include <mlcp/dynamics/scene.hpp>

namespace mlcp::dynamics::detail {

/// Scene builders: each adds the scene's bodies, joints and geometry to scene.world (empty on
/// entry) and may set timeStep and watchedBodies. The catalog (scene_catalog.cpp) documents
/// their parameters.
void buildPendulumChain(const SceneParameters& parameters, Scene& scene);
void buildBoxStack(const SceneParameters& parameters, Scene& scene);
void buildBoxPyramid(const SceneParameters& parameters, Scene& scene);
void buildMassRatio(const SceneParameters& parameters, Scene& scene);
void buildSlope(const SceneParameters& parameters, Scene& scene);
void buildSpinningBox(const SceneParameters& parameters, Scene& scene);
void buildSpring(const SceneParameters& parameters, Scene& scene);
void buildPile(const SceneParameters& parameters, Scene& scene);

/// Adds the ground plane z = 0 (static geometry "ground"); returns its index.
int addGround(World& world);

/// Adds a box body of the given size and mass at p_WB with a matching Box geometry.
int addBox(World& world,
           const std::string& name,
           const Eigen::Vector3d& size,
           double mass,
           const Eigen::Vector3d& p_WB);

}  // namespace mlcp::dynamics::detail
