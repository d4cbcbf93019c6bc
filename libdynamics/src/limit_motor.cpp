// Joint limit and motor rows (ODE's dxJointLimitMotor::addLimot, simplified to one row).
//
//   s < lower:  C = s - lower < 0, row pushes s up:    lo = 0,    hi = +inf, c = -ERP C / h
//   s > upper:  C = s - upper > 0, row pushes s down:  lo = -inf, hi = 0,    c = -ERP C / h
//   lower == upper and violated either way: a bilateral row (lo = -inf, hi = +inf)
//   otherwise, with a motor: c = motorSpeed, lo = -maxMotorForce, hi = maxMotorForce, C = 0.

#include <mlcp/dynamics/limit_motor.hpp>

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace mlcp::dynamics {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

bool LimitMotor::rowActive(double s) const {
  if (lower && s < *lower) return true;
  if (upper && s > *upper) return true;
  if (lower && upper && *lower == *upper) return true;
  return motorSpeed.has_value();
}

void LimitMotor::fillRow(double s, const RowContext& context, ConstraintRow& row) const {
  const bool locked = lower && upper && *lower == *upper;
  const bool belowLower = lower && (s < *lower || locked);
  const bool aboveUpper = upper && s > *upper;
  if (belowLower || aboveUpper) {
    const ErpCfm erpCfm = context.resolve(limitSoftness);
    const double C = belowLower ? s - *lower : s - *upper;
    row.violation = C;
    row.c = -erpCfm.erp * C / context.h;
    row.cfm = erpCfm.cfm;
    row.lo = locked ? -kInf : (belowLower ? 0.0 : -kInf);
    row.hi = locked ? kInf : (belowLower ? kInf : 0.0);
    row.type = RowType::Limit;
    row.name = "limit";
    return;
  }
  row.violation = 0.0;
  row.c = motorSpeed.value_or(0.0);
  row.cfm = context.defaults.cfm;
  row.lo = -maxMotorForce;
  row.hi = maxMotorForce;
  row.type = RowType::Motor;
  row.name = "motor";
}

void LimitMotor::validate() const {
  auto fail = [](const std::string& what) {
    throw std::invalid_argument(fmt::format("LimitMotor::{}", what));
  };
  if (lower && std::isnan(*lower)) fail(fmt::format("lower = {} must not be NaN", *lower));
  if (upper && std::isnan(*upper)) fail(fmt::format("upper = {} must not be NaN", *upper));
  if (lower && upper && *lower > *upper)
    fail(fmt::format("lower = {} > upper = {}", *lower, *upper));
  if (motorSpeed && !std::isfinite(*motorSpeed))
    fail(fmt::format("motorSpeed = {} must be finite", *motorSpeed));
  if (!(maxMotorForce >= 0.0) || !std::isfinite(maxMotorForce))
    fail(fmt::format("maxMotorForce = {} must be finite and >= 0", maxMotorForce));
  limitSoftness.validate();
}

}  // namespace mlcp::dynamics
