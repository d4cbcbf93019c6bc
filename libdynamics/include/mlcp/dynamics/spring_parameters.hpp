#pragma once

namespace mlcp::dynamics {

/// Error reduction parameter and constraint force mixing of a constraint row (ODE's terms).
/// Used terms: ERP in [0, 1] is the fraction of the position error a row corrects in one step;
/// CFM >= 0 softens the row: its diagonal entry of A = J M^-1 J^T + CFM / h grows by CFM / h, so
/// an interior row ends the step with J v' = c - CFM lambda instead of J v' = c (see World).
struct ErpCfm {
  double erp = 0.2;   ///< (unit: 1)
  double cfm = 1e-5;  ///< (unit: m/(N s) = s/kg for linear rows, rad/(N m s) for angular rows)
};

/// Stiffness and damping of a spring-damper row, F = -kp C - kd dC/dt.
struct SpringGains {
  double kp = 0.0;  ///< stiffness (unit: N/m, or N m/rad for angular rows)
  double kd = 0.0;  ///< damping (unit: N s/m, or N m s/rad for angular rows)
};

/// ERP and CFM that make a row behave as a spring-damper integrated by implicit (backward) Euler
/// [Smith ODE, manual "Joint error and the ERP"; ODE implicit springs 2012; Catto 2011]:
///   ERP = h kp / (h kp + kd),   CFM = 1 / (h kp + kd).
/// @param[in] gains kp >= 0, kd >= 0, not both zero
/// @param[in] h time step (unit: s), > 0
/// @throws std::invalid_argument naming the bad value (negative, NaN, h <= 0, kp = kd = 0)
ErpCfm erpCfmFromSpring(const SpringGains& gains, double h);

/// The inverse of erpCfmFromSpring [ODE implicit springs 2012]:
///   kp = ERP / (h CFM),  kd = (1 - ERP) / CFM.
/// With ODE's float defaults ERP = 0.2, CFM = 1e-5 and h = 1/60 this gives kp = 1.2e6 N/m and
/// kd = 8e4 N s/m.
/// @param[in] erpCfm ERP in [0, 1], CFM > 0
/// @param[in] h time step (unit: s), > 0
/// @throws std::invalid_argument naming the bad value
SpringGains springFromErpCfm(const ErpCfm& erpCfm, double h);

/// Damping that makes a spring of stiffness kp acting on an effective mass m critically damped,
/// kd / (2 sqrt(kp m)) = 1, i.e. kd = 2 sqrt(kp m) (unit: N s/m).
/// @param[in] kp stiffness (unit: N/m), >= 0
/// @param[in] mass effective mass felt by the row (unit: kg), > 0
/// @throws std::invalid_argument naming the bad value
double criticalDamping(double kp, double mass);

/// ERP and CFM of a critically damped spring of stiffness kp on mass m for step h, i.e.
/// erpCfmFromSpring({kp, criticalDamping(kp, m)}, h). For kp = 1e6 N/m, m = 1 kg and h = 1/60 s:
/// ERP ~ 0.8928, CFM ~ 5.357e-5 [ODE implicit springs 2012].
/// @throws std::invalid_argument as the two functions it combines
ErpCfm criticallyDampedErpCfm(double kp, double mass, double h);

}  // namespace mlcp::dynamics
