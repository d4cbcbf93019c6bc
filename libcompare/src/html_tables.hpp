#pragma once

#include <mlcp/compare/compare_summary.hpp>
#include <mlcp/compare/performance_profile.hpp>
#include <mlcp/compare/problem_outcome.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace mlcp::compare {

/// The tables of the `mlcp compare --html` page (html_report.hpp). Each is a
/// `<table id="ID" class="sortable ...">` with its header row in <thead> and one <tr> per item
/// in <tbody>; a click on a header sorts the rows (the page's script, kSortScript).
/// Numbers are right-aligned, text is HTML-escaped.

/// Per solver: solved, of (applicable), n/a, failed, wins, time/fastest.
std::string solverTable(std::string_view id, const std::vector<SolverSummary>& solvers);

/// One row per problem of `outcomes`: shape, solved/applicable, the fastest with its time and
/// residuals, who solved it.
std::string problemTable(std::string_view id, const std::vector<ProblemOutcome>& outcomes);

/// Problem x solver: the time when solved (class `win` for the winner, `solved` otherwise),
/// else the status (`failed`) or n/a (`na`); the residuals and the message on hover. Columns
/// are `solvers`, rows the problems `rows` of `batch` (indices).
std::string matrixTable(std::string_view id,
                        const CompareBatch& batch,
                        const std::vector<size_t>& rows,
                        const std::vector<SolverSummary>& solvers,
                        double threshold);

/// Every (problem, solver) pair of `batch`, the columns of `mlcp compare --long`.
std::string runTable(std::string_view id, const CompareBatch& batch);

/// The script that sorts a table.sortable by the clicked header (numbers as numbers, "-" and
/// text after them; a second click reverses).
extern const std::string_view kSortScript;

}  // namespace mlcp::compare
