#pragma once

#include <mlcp/dynamics/spring_parameters.hpp>

#include <optional>

namespace mlcp::dynamics {

/// How soft a group of constraint rows is. Unset fields fall back to the World's ERP and CFM;
/// `spring`, when set, overrides both with erpCfmFromSpring(spring, h) evaluated at each step's h
/// [ODE implicit springs 2012], so the rows act as an implicit spring-damper of gains (kp, kd).
struct RowSoftness {
  std::optional<double> erp;          ///< in [0, 1] (unit: 1)
  std::optional<double> cfm;          ///< >= 0 (unit: s/kg for linear rows)
  std::optional<SpringGains> spring;  ///< kp, kd >= 0, not both 0

  /// ERP and CFM for step h given the world's defaults.
  /// @throws std::invalid_argument as erpCfmFromSpring for bad gains
  ErpCfm resolve(const ErpCfm& worldDefaults, double h) const;

  /// @throws std::invalid_argument naming the bad field (ERP outside [0, 1], CFM < 0, NaN)
  void validate() const;

  /// Softness of a spring-damper with the given gains.
  static RowSoftness fromSpring(double kp, double kd);
  /// Softness with explicit ERP and CFM.
  static RowSoftness fromErpCfm(double erp, double cfm);
};

}  // namespace mlcp::dynamics
