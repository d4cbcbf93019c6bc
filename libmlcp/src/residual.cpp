#include <mlcp/problem.hpp>
#include <mlcp/residual.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mlcp {

double rowResidual(double x, double w, double l, double u) { return x - std::clamp(x - w, l, u); }

Residuals computeResiduals(const Eigen::Ref<const Eigen::VectorXd>& x,
                           const Eigen::Ref<const Eigen::VectorXd>& w,
                           const Eigen::Ref<const Eigen::VectorXd>& lo,
                           const Eigen::Ref<const Eigen::VectorXd>& hi,
                           const Eigen::Ref<const Eigen::VectorXi>& findex,
                           double bNormInf,
                           Eigen::VectorXd* perRow) {
  Residuals result;
  const Eigen::Index n = x.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    double l = 0.0;
    double u = 0.0;
    effectiveBounds(static_cast<int>(i), x, lo, hi, findex, l, u);
    // NaN anywhere must show as an infinite residual, never as zero.
    double r = std::abs(rowResidual(x[i], w[i], l, u));
    if (std::isnan(r)) r = std::numeric_limits<double>::infinity();
    if (perRow != nullptr) (*perRow)[i] = r;
    if (result.worstRow < 0 || r > result.absolute) {
      result.absolute = r;
      result.worstRow = static_cast<int>(i);
    }
    const double boundViolation = std::max({l - x[i], x[i] - u, 0.0});
    const double wPlus = std::max(w[i], 0.0);
    const double wMinus = std::max(-w[i], 0.0);
    const double complementarity = std::max(std::min(x[i] - l, wPlus), std::min(u - x[i], wMinus));
    result.maxBoundViolation = std::max(result.maxBoundViolation, boundViolation);
    result.maxComplementarityViolation =
        std::max(result.maxComplementarityViolation, std::max(complementarity, 0.0));
  }
  result.relative = result.absolute / std::max(1.0, bNormInf);
  return result;
}

Residuals computeResiduals(const Problem& problem,
                           const Eigen::Ref<const Eigen::VectorXd>& x,
                           Eigen::VectorXd* perRow) {
  if (x.size() != problem.size())
    throw std::invalid_argument(
        fmt::format("computeResiduals: x has {} entries, the problem has {} "
                    "rows",
                    x.size(), problem.size()));
  const Eigen::VectorXd w = problem.A * x - problem.b;
  const double bNorm = problem.b.size() > 0 ? problem.b.cwiseAbs().maxCoeff() : 0.0;
  return computeResiduals(x, w, problem.lo, problem.hi, problem.findex, bNorm, perRow);
}

}  // namespace mlcp
