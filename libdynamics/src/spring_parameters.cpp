// ERP/CFM <-> spring-damper conversions [ODE manual, "Joint error and the ERP" and "Soft
// constraint and constraint force mixing"; Catto, "Soft Constraints", GDC 2011; docs/dynamics.md,
// "ERP, CFM and springs"].
//
// A row J v' = c - CFM lambda with c = -ERP C / h and the force lambda integrated by implicit
// Euler reproduces F = -kp C(t+h) - kd dC/dt(t+h) exactly when
//   ERP = h kp / (h kp + kd),   CFM = 1 / (h kp + kd);
// solving the pair for kp and kd gives kp = ERP / (h CFM), kd = (1 - ERP) / CFM.

#include <mlcp/dynamics/spring_parameters.hpp>

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace mlcp::dynamics {

namespace {

void requireStep(double h, const char* function) {
  if (!(h > 0.0) || !std::isfinite(h))
    throw std::invalid_argument(
        fmt::format("{}: time step h = {} must be finite and > 0", function, h));
}

}  // namespace

ErpCfm erpCfmFromSpring(const SpringGains& gains, double h) {
  requireStep(h, "erpCfmFromSpring");
  if (!(gains.kp >= 0.0) || !(gains.kd >= 0.0) || !std::isfinite(gains.kp) ||
      !std::isfinite(gains.kd))
    throw std::invalid_argument(fmt::format(
        "erpCfmFromSpring: kp = {} and kd = {} must be finite and >= 0", gains.kp, gains.kd));
  const double denominator = h * gains.kp + gains.kd;
  if (denominator <= 0.0)
    throw std::invalid_argument("erpCfmFromSpring: kp = kd = 0 gives no spring (CFM would be inf)");
  return {h * gains.kp / denominator, 1.0 / denominator};
}

SpringGains springFromErpCfm(const ErpCfm& erpCfm, double h) {
  requireStep(h, "springFromErpCfm");
  if (!(erpCfm.erp >= 0.0 && erpCfm.erp <= 1.0))
    throw std::invalid_argument(
        fmt::format("springFromErpCfm: ERP = {} must be in [0, 1]", erpCfm.erp));
  if (!(erpCfm.cfm > 0.0) || !std::isfinite(erpCfm.cfm))
    throw std::invalid_argument(fmt::format(
        "springFromErpCfm: CFM = {} must be finite and > 0 (CFM = 0 is an infinitely stiff row)",
        erpCfm.cfm));
  return {erpCfm.erp / (h * erpCfm.cfm), (1.0 - erpCfm.erp) / erpCfm.cfm};
}

double criticalDamping(double kp, double mass) {
  if (!(kp >= 0.0) || !std::isfinite(kp))
    throw std::invalid_argument(
        fmt::format("criticalDamping: kp = {} must be finite and >= 0", kp));
  if (!(mass > 0.0) || !std::isfinite(mass))
    throw std::invalid_argument(
        fmt::format("criticalDamping: mass = {} must be finite and > 0", mass));
  return 2.0 * std::sqrt(kp * mass);
}

ErpCfm criticallyDampedErpCfm(double kp, double mass, double h) {
  return erpCfmFromSpring({kp, criticalDamping(kp, mass)}, h);
}

}  // namespace mlcp::dynamics
