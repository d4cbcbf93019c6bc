#pragma once

#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/performance_profile.hpp>

#include <string>
#include <vector>

namespace mlcp::compare {

/// The one-line verdict on top of the `mlcp compare --html` page: which solver solves the most
/// problems, and which is the fastest of those that solve every problem any other solver solves
/// (the smallest geometric mean of time / fastest: fair, since they solve the same problems).
/// When no solver solves all those, the fastest of the ones that solve the most instead, and
/// the verdict says so. "solved" is isSolved() at `threshold`; `solvers` is the batch's
/// summary (CompareSummary::solvers()).
std::string compareVerdict(const CompareBatch& batch,
                           const std::vector<SolverSummary>& solvers,
                           double threshold);

}  // namespace mlcp::compare
