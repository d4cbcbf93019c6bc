#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <ostream>
#include <string_view>

namespace mlcp::app {

/// Header of the trajectory CSV `mlcp simulate --csv` writes, the same for every engine.
inline constexpr std::string_view kTrajectoryCsvHeader =
    "step,time,body,px,py,pz,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz,wbx,wby,wbz\n";

/// One body's state in a trajectory row (world frame, SI units).
struct BodySample {
  std::string_view name;    ///< the body's name
  Eigen::Vector3d p_WB;     ///< centre of mass (unit: m)
  Eigen::Quaterniond q_WB;  ///< maps body to world axes (normalised when written)
  Eigen::Vector3d v_WB;     ///< centre-of-mass velocity (unit: m/s)
  Eigen::Vector3d w_WB;     ///< angular velocity (unit: rad/s)
};

/// Writes one row of kTrajectoryCsvHeader: the state after `step` steps at `time` (unit: s);
/// q scalar first, wb* the angular velocity in body axes (R^T w).
void writeTrajectoryRow(std::ostream& out, int step, double time, const BodySample& body);

}  // namespace mlcp::app
