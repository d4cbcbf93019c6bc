#include <mlcp/dynamics/row_softness.hpp>

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace mlcp::dynamics {

ErpCfm RowSoftness::resolve(const ErpCfm& worldDefaults, double h) const {
  if (spring) return erpCfmFromSpring(*spring, h);
  return {erp.value_or(worldDefaults.erp), cfm.value_or(worldDefaults.cfm)};
}

void RowSoftness::validate() const {
  if (erp && !(*erp >= 0.0 && *erp <= 1.0))
    throw std::invalid_argument(fmt::format("RowSoftness::erp = {} must be in [0, 1]", *erp));
  if (cfm && (!(*cfm >= 0.0) || !std::isfinite(*cfm)))
    throw std::invalid_argument(fmt::format("RowSoftness::cfm = {} must be finite and >= 0", *cfm));
  if (spring) erpCfmFromSpring(*spring, 1.0);  // throws for bad gains
}

RowSoftness RowSoftness::fromSpring(double kp, double kd) {
  RowSoftness softness;
  softness.spring = SpringGains{kp, kd};
  softness.validate();
  return softness;
}

RowSoftness RowSoftness::fromErpCfm(double erp, double cfm) {
  RowSoftness softness;
  softness.erp = erp;
  softness.cfm = cfm;
  softness.validate();
  return softness;
}

}  // namespace mlcp::dynamics
