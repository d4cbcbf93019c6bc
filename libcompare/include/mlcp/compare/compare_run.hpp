#pragma once

#include <mlcp/compare/problem_shape.hpp>
#include <mlcp/compare/run_record.hpp>
#include <mlcp/core/mixed_lcp.hpp>
#include <mlcp/io/problem_file.hpp>

#include <string>

namespace mlcp::compare {

/// Default largest n on which `mlcp compare` runs solvers that copy A densely (--dense-rows).
inline constexpr int kCompareDenseRows = 3000;

/// One (problem, solver) pair of `mlcp compare` (and of the Python package's mlcp.batch):
/// runSolver() on the file's problem, with the file's approximation note, marked not applicable
/// (n/a: neither solved nor failed) when the solver's capabilities rule the problem's shape out
/// (notApplicableReason()) or when the solver answers Status::Unsupported, a reason the shape
/// does not show (an indefinite A, a dense copy too large, a peer's own rule). A solver that
/// copies A densely (Capabilities::denseA) is not run on a problem of more than `maxDenseRows`
/// rows: O(n^2) memory and O(n^3) pivoting take minutes there (the peers' Dantzig at 6400 rows);
/// the pair is n/a with that reason.
RunRecord compareRun(MixedLCP& solver,
                     const ProblemFile& file,
                     const ProblemShape& shape,
                     const std::string& label,
                     int repeat,
                     bool warmStart,
                     int maxDenseRows = kCompareDenseRows);

}  // namespace mlcp::compare
