#include <mlcp/dynamics/contact_material.hpp>
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

void ContactMaterial::validate() const {
  auto fail = [](const std::string& what) {
    throw std::invalid_argument(fmt::format("ContactMaterial::{}", what));
  };
  if (!(mu >= 0.0)) fail(fmt::format("mu = {} must be >= 0 (inf allowed)", mu));
  if (!(restitution >= 0.0 && restitution <= 1.0))
    fail(fmt::format("restitution = {} must be in [0, 1]", restitution));
  if (!(bounceVelocity >= 0.0) || !std::isfinite(bounceVelocity))
    fail(fmt::format("bounceVelocity = {} must be finite and >= 0 m/s", bounceVelocity));
  if (!(maxCorrectingVelocity > 0.0))
    fail(fmt::format("maxCorrectingVelocity = {} must be > 0 m/s (inf allowed)",
                     maxCorrectingVelocity));
  if (!(surfaceLayer >= 0.0) || !std::isfinite(surfaceLayer))
    fail(fmt::format("surfaceLayer = {} must be finite and >= 0 m", surfaceLayer));
  softness.validate();
}

}  // namespace mlcp::dynamics
