#pragma once

#include "run_record.hpp"

#include <string_view>

namespace mlcp::app {

/// Default of `mlcp compare --threshold`: the iterative solvers' default stopping tolerance.
inline constexpr double kDefaultSolvedThreshold = 1e-6;

/// The residual that decides "solved" in `mlcp compare` (report, summary, winner, profile,
/// HTML page): which RunRecord field, and how text and figures name it.
struct SolvedMeasure {
  std::string_view name;    ///< in sentences and on figures
  std::string_view column;  ///< as a table column header
  double RunRecord::*field;
};

/// The one place that chooses the measure (switch here, e.g. to the scaled residual of
/// shared/spec/blcp-text-format.md).
inline constexpr SolvedMeasure kSolvedMeasure{"relative residual", "res_rel",
                                              &RunRecord::residualRelative};

/// The residual of `record` that decides whether it solved its problem.
inline double solvedResidual(const RunRecord& record) { return record.*kSolvedMeasure.field; }

/// True when the solver applies to the problem (n/a pairs include its Unsupported answers), ran
/// on it (it did not refuse it as InvalidProblem) and the residual of its answer is at most
/// `threshold` (never for a NaN residual: no answer). The status does not matter otherwise: the
/// residual of the returned x decides.
inline bool isSolved(const RunRecord& record, double threshold) {
  return record.applicable() && record.status != Status::InvalidProblem &&
         solvedResidual(record) <= threshold;
}

}  // namespace mlcp::app
