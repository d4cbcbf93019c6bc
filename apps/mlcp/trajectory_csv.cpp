#include "trajectory_csv.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace mlcp::app {

void writeTrajectoryRow(std::ostream& out, int step, double time, const BodySample& body) {
  const Eigen::Quaterniond q = body.q_WB.normalized();
  const Eigen::Vector3d& p = body.p_WB;
  const Eigen::Vector3d& v = body.v_WB;
  const Eigen::Vector3d& w = body.w_WB;
  const Eigen::Vector3d wb = q.toRotationMatrix().transpose() * w;
  fmt::print(out, "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", step, time,
             body.name, p.x(), p.y(), p.z(), q.w(), q.x(), q.y(), q.z(), v.x(), v.y(), v.z(), w.x(),
             w.y(), w.z(), wb.x(), wb.y(), wb.z());
}

}  // namespace mlcp::app
