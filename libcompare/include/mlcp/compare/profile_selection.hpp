#pragma once

#include <mlcp/compare/performance_profile.hpp>

#include <string>
#include <vector>

namespace mlcp::compare {

/// Most curves the default performance profile draws: as many as it has colours that can be
/// told apart.
inline constexpr size_t kProfileCurves = 8;

/// The curves a readable profile draws, and the rule that chose them (stated under the plot).
struct ProfileSelection {
  std::vector<ProfileCurve> curves;  ///< in the order of the input
  std::string rule;                  ///< one sentence: how they were chosen
};

/// One curve per solver family (solverFamily(): our pivoting, splitting, gradient, newton and
/// composite solvers, and each peer library): the family's solver that solved the most
/// problems, ties broken by the smaller geometric mean of time / fastest over its solved
/// problems, then by the order of `curves`. Solvers that apply to no problem have no curve.
/// With more than kProfileCurves families, the kProfileCurves whose chosen solver solved the
/// most. The ratios stay those of the whole batch (r(p, s) against the fastest of every
/// solver), so each drawn curve is the same as in the full profile.
ProfileSelection selectProfileCurves(const std::vector<ProfileCurve>& curves);

/// Every curve of a solver that applies to some problem, with the rule "every solver (N)".
ProfileSelection allProfileCurves(const std::vector<ProfileCurve>& curves);

}  // namespace mlcp::compare
