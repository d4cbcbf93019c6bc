#pragma once

#include "problem_shape.hpp"
#include "run_record.hpp"

#include <mlcp/mixed_lcp.hpp>
#include <mlcp/problem_file.hpp>

#include <string>

namespace mlcp::app {

/// One (problem, solver) pair of `mlcp compare` (and of the Python package's mlcp.batch):
/// runSolver() on the file's problem, with the file's approximation note, marked not applicable
/// (n/a: neither solved nor failed) when the solver's capabilities rule the problem's shape out
/// (notApplicableReason()) or when the solver answers Status::Unsupported, a reason the shape
/// does not show (an indefinite A, a dense copy too large, a peer's own rule).
RunRecord compareRun(MixedLCP& solver,
                     const ProblemFile& file,
                     const ProblemShape& shape,
                     const std::string& label,
                     int repeat,
                     bool warmStart);

}  // namespace mlcp::app
