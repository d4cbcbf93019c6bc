#pragma once

#include <mlcp/core/report.hpp>

#include <Eigen/Core>

#include <string>

namespace mlcp::adapters {

/// How an adapter that runs a MixedLCP inside a host framework (Bullet's btMLCPSolver, DART's
/// BoxedLcpConstraintSolver, ODE-style C code) reads the host's arrays and turns the solver's
/// report into the host's yes/no.
///
/// The hosts speak ODE's convention (w = A x - b, see mlcp::Problem) but write "infinite" bounds
/// as large finite numbers (Bullet: +-1e18 for joint rows, SIMD_INFINITY) and always pass nub = 0.
struct HostPolicy {
  /// Bounds with |value| >= infiniteBound are read as -inf / +inf (unit: as x, N s).
  double infiniteBound = 1e10;
  /// Besides Status::Converged, also accept MaxIterations, TimeLimit and Inaccurate results whose
  /// relative spec residual is <= acceptRelativeResidual; 0 accepts only Converged. Iterative
  /// solvers stepped with a fixed iteration budget inside a simulation need this.
  double acceptRelativeResidual = 0.0;
  /// Count the leading rows with lo = -inf, hi = +inf, findex = -1 as nub (the hosts pass 0).
  bool detectUnbounded = true;

  /// True when usable; otherwise sets *why to a message naming the field.
  bool isValid(std::string* why) const;
};

/// True when the host should apply x: status Converged, or an iterative stop (MaxIterations,
/// TimeLimit, Inaccurate) with relative residual <= policy.acceptRelativeResidual.
bool acceptedByHost(const SolveReport& report, const HostPolicy& policy);

/// Maps a host bound to ours: |value| >= infiniteBound becomes -inf or +inf.
double hostBound(double value, double infiniteBound);

/// Number of leading rows i with lo_i = -inf, hi_i = +inf and findex_i < 0 (n each).
int leadingUnboundedRows(const Eigen::VectorXd& lo,
                         const Eigen::VectorXd& hi,
                         const Eigen::VectorXi& findex);

}  // namespace mlcp::adapters
