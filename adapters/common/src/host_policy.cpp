#include <mlcp/adapters/common/host_policy.hpp>

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace mlcp::adapters {

bool HostPolicy::isValid(std::string* why) const {
  auto fail = [why](std::string message) {
    if (why != nullptr) *why = std::move(message);
    return false;
  };
  if (!(infiniteBound > 0.0))
    return fail(
        fmt::format("HostPolicy::infiniteBound = {}. Violated constraint: "
                    "infiniteBound > 0",
                    infiniteBound));
  if (!(acceptRelativeResidual >= 0.0))
    return fail(
        fmt::format("HostPolicy::acceptRelativeResidual = {}. Violated constraint: "
                    "acceptRelativeResidual >= 0",
                    acceptRelativeResidual));
  return true;
}

bool acceptedByHost(const SolveReport& report, const HostPolicy& policy) {
  switch (report.status) {
    case Status::Converged:
      return true;
    case Status::MaxIterations:
    case Status::TimeLimit:
    case Status::Inaccurate:
      return report.relativeResidual <= policy.acceptRelativeResidual;
    default:
      return false;
  }
}

double hostBound(double value, double infiniteBound) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (value >= infiniteBound) return kInf;
  if (value <= -infiniteBound) return -kInf;
  return value;
}

int leadingUnboundedRows(const Eigen::VectorXd& lo,
                         const Eigen::VectorXd& hi,
                         const Eigen::VectorXi& findex) {
  int nub = 0;
  const auto n = lo.size();
  while (nub < n && findex[nub] < 0 && std::isinf(lo[nub]) && lo[nub] < 0.0 &&
         std::isinf(hi[nub]) && hi[nub] > 0.0)
    ++nub;
  return nub;
}

}  // namespace mlcp::adapters
