#include <mlcp/adapters/common/host_policy.hpp>
#include <mlcp/core/option_check.hpp>

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace mlcp::adapters {

bool HostPolicy::isValid(std::string* why) const {
  OptionCheck check("HostPolicy", why);
  check.require(infiniteBound > 0.0, "infiniteBound", infiniteBound, "infiniteBound > 0");
  check.require(acceptRelativeResidual >= 0.0, "acceptRelativeResidual", acceptRelativeResidual,
                "acceptRelativeResidual >= 0");
  return check.ok();
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
