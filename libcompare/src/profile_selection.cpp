#include <mlcp/compare/profile_selection.hpp>
#include <mlcp/compare/solver_family.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlcp::compare {

namespace {

/// Geometric mean of the curve's ratios (+inf when it solved nothing).
double meanRatio(const ProfileCurve& curve) {
  if (curve.ratios.empty()) return std::numeric_limits<double>::infinity();
  double logSum = 0.0;
  for (const double r : curve.ratios) logSum += std::log(r);
  return std::exp(logSum / static_cast<double>(curve.ratios.size()));
}

/// True when `a` is the better representative of a family than `b`.
bool better(const ProfileCurve& a, const ProfileCurve& b) {
  if (a.ratios.size() != b.ratios.size()) return a.ratios.size() > b.ratios.size();
  return meanRatio(a) < meanRatio(b);
}

}  // namespace

ProfileSelection selectProfileCurves(const std::vector<ProfileCurve>& curves) {
  // The best curve of each family, families in order of first appearance.
  std::vector<std::string> families;
  std::vector<size_t> best;
  for (size_t k = 0; k < curves.size(); ++k) {
    if (curves[k].problems == 0) continue;
    const std::string family = solverFamily(curves[k].solver).name;
    const auto found = std::find(families.begin(), families.end(), family);
    if (found == families.end()) {
      families.push_back(family);
      best.push_back(k);
    } else {
      size_t& chosen = best[static_cast<size_t>(found - families.begin())];
      if (better(curves[k], curves[chosen])) chosen = k;
    }
  }
  if (best.size() > kProfileCurves) {
    std::stable_sort(best.begin(), best.end(),
                     [&](size_t a, size_t b) { return better(curves[a], curves[b]); });
    best.resize(kProfileCurves);
  }
  std::sort(best.begin(), best.end());
  ProfileSelection selection;
  for (const size_t k : best) selection.curves.push_back(curves[k]);
  const auto drawable = std::count_if(curves.begin(), curves.end(),
                                      [](const ProfileCurve& c) { return c.problems > 0; });
  selection.rule = fmt::format(
      "Curves: per family (ours: pivoting, splitting, gradient, newton, composite; each peer "
      "library) the solver that solved the most problems, ties to the smaller mean time/fastest"
      "{}; {} of {} solvers drawn, --profile-all draws all.",
      families.size() > kProfileCurves
          ? fmt::format(" (the {} families whose best solved most)", kProfileCurves)
          : "",
      selection.curves.size(), drawable);
  return selection;
}

ProfileSelection allProfileCurves(const std::vector<ProfileCurve>& curves) {
  ProfileSelection selection;
  for (const ProfileCurve& c : curves)
    if (c.problems > 0) selection.curves.push_back(c);
  selection.rule = fmt::format("Curves: every solver ({}).", selection.curves.size());
  return selection;
}

}  // namespace mlcp::compare
