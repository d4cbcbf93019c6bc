#pragma once

#include <Eigen/Core>

namespace mlcp::dynamics {

/// One point of contact between geometry A and geometry B, as a collision detector reports it.
/// Convention (ODE's dContactGeom): moving A by `depth` along n_W (or B by `depth` against it)
/// separates the two, so n_W points from B towards A.
struct ContactPoint {
  int geometryA = -1;                              ///< index in World::geometries()
  int geometryB = -1;                              ///< index in World::geometries()
  int bodyA = -1;                                  ///< body of geometry A, -1 = static world
  int bodyB = -1;                                  ///< body of geometry B, -1 = static world
  Eigen::Vector3d p_W = Eigen::Vector3d::Zero();   ///< contact position (unit: m)
  Eigen::Vector3d n_W = Eigen::Vector3d::UnitZ();  ///< unit normal, from B towards A (unit: 1)
  double depth = 0.0;                              ///< penetration, >= 0 (unit: m)
};

}  // namespace mlcp::dynamics
