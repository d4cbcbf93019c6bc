#pragma once

#include <mlcp/dynamics/constraint_row.hpp>
#include <mlcp/dynamics/world.hpp>

#include <Eigen/Core>

namespace mlcp::dynamics {

/// Per-body terms of one step, computed by World::prepareStep() and used by finishStep().
struct World::BodyStepData {
  Eigen::Matrix3d inverseInertia_W = Eigen::Matrix3d::Identity();  ///< R I_B^-1 R^T (1/(kg m^2))
  Vector6d externalForce = Vector6d::Zero();  ///< f_ext (N) and tau_ext incl. gyroscopic (N m)
};

}  // namespace mlcp::dynamics
