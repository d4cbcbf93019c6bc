#pragma once

#include <mlcp/compare/run_record.hpp>

#include <string>
#include <string_view>

namespace mlcp::compare {

/// Keys of a record, in the order of the JSON objects and CSV columns (docs/cli.md):
/// problem, solver, n, nub, friction_rows, status, message, iterations, pivots, repeats,
/// time_us, residual_rel, residual_abs, residual_scaled, max_bound_violation,
/// max_complementarity_violation, winner, approximation, applicable.
inline constexpr std::string_view kRecordKeys =
    "problem,solver,n,nub,friction_rows,status,message,iterations,pivots,repeats,time_us,"
    "residual_rel,residual_abs,residual_scaled,max_bound_violation,"
    "max_complementarity_violation,winner,approximation,applicable";

/// One JSON object on one line with the keys above (non-finite numbers as null).
std::string toJson(const RunRecord& record);

/// The CSV header (kRecordKeys) and one row (RFC 4180 quoting; non-finite numbers empty).
std::string csvHeader();
std::string toCsv(const RunRecord& record);

/// Header and one row of the per-pair table of `mlcp compare --long` (`*` marks the winner;
/// status "n/a" when the solver cannot take the problem).
std::string tableHeader();
std::string tableRow(const RunRecord& record);

/// `text` as a JSON string literal, quotes included.
std::string jsonString(std::string_view text);

}  // namespace mlcp::compare
