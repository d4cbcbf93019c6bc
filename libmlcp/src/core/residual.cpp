#include "core/infinity.hpp"
#include "core/operator_forms.hpp"

#include <mlcp/core/problem.hpp>
#include <mlcp/core/residual.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mlcp {

double rowResidual(double x, double w, double l, double u) { return x - std::clamp(x - w, l, u); }

Eigen::VectorXd rowScalesOf(const Operator& A) {
  const Eigen::VectorXi findex = Eigen::VectorXi::Constant(A.size(), -1);
  detail::OperatorForms forms;
  forms.reset(A, findex);
  return forms.rowScales();
}

Residuals computeResiduals(const Eigen::Ref<const Eigen::VectorXd>& x,
                           const Eigen::Ref<const Eigen::VectorXd>& w,
                           const Eigen::Ref<const Eigen::VectorXd>& b,
                           const Eigen::Ref<const Eigen::VectorXd>& lo,
                           const Eigen::Ref<const Eigen::VectorXd>& hi,
                           const Eigen::Ref<const Eigen::VectorXi>& findex,
                           const Eigen::Ref<const Eigen::VectorXd>& scalesOfA,
                           Eigen::VectorXd* perRow) {
  Residuals result;
  double scaledWorst = 0.0;  // ||s||_inf
  double size = 0.0;         // X
  double bNorm = 0.0;
  const Eigen::Index n = x.size();
  if (perRow != nullptr) perRow->resize(n);  // no allocation when it already has n entries
  for (Eigen::Index i = 0; i < n; ++i) {
    double l = 0.0;
    double u = 0.0;
    effectiveBounds(static_cast<int>(i), x, lo, hi, findex, l, u);
    // NaN anywhere must show as an infinite residual, never as zero.
    double r = std::abs(rowResidual(x[i], w[i], l, u));
    if (std::isnan(r)) r = kInf;
    if (perRow != nullptr) (*perRow)[i] = r;
    if (result.worstRow < 0 || r > result.absolute) {
      result.absolute = r;
      result.worstRow = static_cast<int>(i);
    }
    const double d = rowScale(scalesOfA[i], b[i]);
    const double s = std::abs(rowResidual(x[i], w[i] / d, l, u));
    scaledWorst = std::max(scaledWorst, std::isnan(s) ? kInf : s);
    size = std::max({size, std::abs(x[i]), std::abs(b[i]) / d});
    bNorm = std::max(bNorm, std::abs(b[i]));
    const double boundViolation = std::max({l - x[i], x[i] - u, 0.0});
    const double wPlus = std::max(w[i], 0.0);
    const double wMinus = std::max(-w[i], 0.0);
    const double complementarity = std::max(std::min(x[i] - l, wPlus), std::min(u - x[i], wMinus));
    result.maxBoundViolation = std::max(result.maxBoundViolation, boundViolation);
    result.maxComplementarityViolation =
        std::max(result.maxComplementarityViolation, std::max(complementarity, 0.0));
  }
  result.relative = result.absolute / std::max(1.0, bNorm);
  result.scaled = size > 0.0 ? scaledWorst / size : scaledWorst;
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
  return computeResiduals(x, w, problem.b, problem.lo, problem.hi, problem.findex,
                          rowScalesOf(problem.A), perRow);
}

}  // namespace mlcp
