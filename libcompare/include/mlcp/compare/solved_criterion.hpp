#pragma once

#include <mlcp/compare/run_record.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

namespace mlcp::compare {

/// Default of `mlcp compare --threshold`: the iterative solvers' default stopping tolerance.
inline constexpr double kDefaultSolvedThreshold = 1e-6;

/// How text and figures name the residual that decides "solved" in `mlcp compare` (report,
/// summary, winner, profile, HTML page).
struct SolvedMeasure {
  std::string_view name;  ///< in sentences and on figures
};

/// The one place that chooses the measure: the test `converged` means (SolverOptions::accepts,
/// docs/conventions.md "Residuals"), the scaled residual (invariant to scaling the problem or
/// single rows) and the relative one (as other tools report it) both at most the threshold.
inline constexpr SolvedMeasure kSolvedMeasure{"scaled and relative residual"};

/// The residual of `record` that decides whether it solved its problem: the larger of its
/// scaled and relative residuals (NaN when either is NaN: no answer).
inline double solvedResidual(const RunRecord& record) {
  if (std::isnan(record.residualScaled) || std::isnan(record.residualRelative))
    return std::numeric_limits<double>::quiet_NaN();
  return std::max(record.residualScaled, record.residualRelative);
}

/// True when the solver applies to the problem (n/a pairs include its Unsupported answers), ran
/// on it (it did not refuse it as InvalidProblem), finished within the time budget (status not
/// TimeLimit: `mlcp compare --max-seconds`) and the residual of its answer is at most
/// `threshold` (never for a NaN residual: no answer). The status does not matter otherwise: the
/// residual of the returned x decides.
inline bool isSolved(const RunRecord& record, double threshold) {
  return record.applicable() && record.status != Status::InvalidProblem &&
         record.status != Status::TimeLimit && solvedResidual(record) <= threshold;
}

}  // namespace mlcp::compare
