#include "html_tables.hpp"

#include <mlcp/compare/html_report.hpp>
#include <mlcp/compare/solved_criterion.hpp>

#include <fmt/format.h>

#include <cmath>

namespace mlcp::compare {

namespace {

/// A number formatted with `format`, or "-" when it is not finite.
std::string number(double value, std::string_view format) {
  return std::isfinite(value) ? fmt::format(fmt::runtime(format), value) : std::string("-");
}

std::string cell(std::string_view text, std::string_view cssClass = "") {
  if (cssClass.empty()) return fmt::format("<td>{}</td>", htmlEscape(text));
  return fmt::format("<td class=\"{}\">{}</td>", cssClass, htmlEscape(text));
}

std::string numberCell(double value, std::string_view format) {
  return cell(number(value, format), "num");
}

std::string countCell(int value) { return cell(std::to_string(value), "num"); }

/// `<table id=... class=...><thead>header</thead><tbody>`; the caller closes with kTableEnd.
std::string tableStart(std::string_view id,
                       std::string_view cssClass,
                       const std::vector<std::string>& names) {
  std::string table = fmt::format("<table id=\"{}\" class=\"sortable{}{}\">\n<thead><tr>",
                                  htmlEscape(id), cssClass.empty() ? "" : " ", cssClass);
  for (const std::string& name : names) table += fmt::format("<th>{}</th>", htmlEscape(name));
  return table + "</tr></thead>\n<tbody>\n";
}

constexpr std::string_view kTableEnd = "</tbody>\n</table>\n";

/// One cell of the matrix: the time when solved, else the status or n/a; details on hover.
std::string matrixCell(const RunRecord* record, double threshold) {
  if (record == nullptr) return "<td class=\"na\" title=\"not run (needs J, M^-1)\">-</td>";
  if (!record->applicable())
    return fmt::format("<td class=\"na\" title=\"{}\">n/a</td>", htmlEscape(record->notApplicable));
  const std::string title = htmlEscape(fmt::format(
      "{}, res_scl {}, res_rel {}: {}", record->status, number(record->residualScaled, "{:.2e}"),
      number(record->residualRelative, "{:.2e}"), record->message));
  if (!isSolved(*record, threshold))
    return fmt::format("<td class=\"failed\" title=\"{}\">{}</td>", title,
                       htmlEscape(fmt::format("{}", record->status)));
  return fmt::format("<td class=\"num {}\" title=\"{}\">{:.1f}</td>",
                     record->winner ? "win" : "solved", title, record->timeMicroseconds);
}

/// A row of the pairs' table: plain cells (the page's style aligns its columns; a class on
/// each of its ~2000 x 11 numbers would add a quarter of a megabyte).
std::string runRow(const RunRecord& x) {
  const auto plain = [](std::string_view text) { return "<td>" + htmlEscape(text) + "</td>"; };
  return "<tr>" + plain(x.problem) + plain(std::to_string(x.n)) + plain(std::to_string(x.nub)) +
         plain(std::to_string(x.frictionRows)) + plain(x.solver) +
         plain(x.applicable() ? fmt::format("{}", x.status) : "n/a") +
         plain(std::to_string(x.iterations)) + plain(std::to_string(x.pivots)) +
         plain(number(x.timeMicroseconds, "{:.1f}")) + plain(number(x.residualScaled, "{:.1e}")) +
         plain(number(x.residualRelative, "{:.1e}")) + plain(number(x.residualAbsolute, "{:.1e}")) +
         plain(number(x.maxBoundViolation, "{:.1e}")) +
         plain(number(x.maxComplementarityViolation, "{:.1e}")) + plain(x.winner ? "*" : "") +
         plain(x.message) + "</tr>\n";
}

}  // namespace

const std::string_view kSortScript = R"(
for (const table of document.querySelectorAll('table.sortable')) {
  for (const th of table.tHead.rows[0].cells) {
    th.title = 'sort';
    th.addEventListener('click', () => {
      const up = th.dataset.order !== 'up';
      for (const other of th.parentNode.cells) delete other.dataset.order;
      th.dataset.order = up ? 'up' : 'down';
      const key = (row) => {
        const text = row.cells[th.cellIndex].textContent.trim();
        const value = Number(text);
        if (text !== '' && Number.isFinite(value)) return [0, value, ''];
        return [text === '-' ? 2 : 1, 0, text];
      };
      const rows = Array.from(table.tBodies[0].rows);
      rows.sort((a, b) => {
        const x = key(a), y = key(b);
        if (x[0] !== y[0]) return x[0] - y[0];  // numbers, text, then '-', in either order
        const order = x[1] - y[1] || x[2].localeCompare(y[2]);
        return up ? order : -order;
      });
      for (const row of rows) table.tBodies[0].appendChild(row);
    });
  }
}
)";

std::string solverTable(std::string_view id, const std::vector<SolverSummary>& solvers) {
  std::string table = tableStart(
      id, "", {"solver", "solved", "of (applicable)", "n/a", "failed", "wins", "time/fastest"});
  for (const SolverSummary& s : solvers)
    table += "<tr>" + cell(s.solver) + countCell(s.solved) + countCell(s.applicable) +
             countCell(s.notApplicable) + countCell(s.failed()) + countCell(s.wins) +
             numberCell(s.timeRatio, "{:.2f}") + "</tr>\n";
  return table + std::string(kTableEnd);
}

std::string problemTable(std::string_view id, const std::vector<ProblemOutcome>& outcomes) {
  std::string table = tableStart(id, "",
                                 {"problem", "n", "nub", "fric", "solved", "fastest", "time_us",
                                  "res_scl", "res_rel", "who solved it"});
  for (const ProblemOutcome& o : outcomes) {
    const bool any = !o.fastest.empty();
    table += "<tr>" + cell(o.problem + (o.approximated ? " ~" : "")) + countCell(o.shape.n) +
             countCell(o.shape.nub) + countCell(o.shape.frictionRows) +
             cell(fmt::format("{}/{}", o.solvedBy.size(), o.applicable), "num") +
             cell(any ? o.fastest : "-") +
             cell(any ? number(o.timeMicroseconds, "{:.1f}") : "-", "num") +
             cell(any ? number(o.residualScaled, "{:.1e}") : "-", "num") +
             cell(any ? number(o.residualRelative, "{:.1e}") : "-", "num") +
             cell(whoSolved(o, std::string::npos)) + "</tr>\n";
  }
  return table + std::string(kTableEnd);
}

std::string matrixTable(std::string_view id,
                        const CompareBatch& batch,
                        const std::vector<size_t>& rows,
                        const std::vector<SolverSummary>& solvers,
                        double threshold) {
  std::string table = fmt::format(
      "<table id=\"{}\" class=\"sortable matrix\">\n<thead><tr><th>problem</th>", htmlEscape(id));
  for (const SolverSummary& s : solvers)
    table += fmt::format("<th class=\"solver\">{}</th>", htmlEscape(s.solver));
  table += "</tr></thead>\n<tbody>\n";
  for (const size_t p : rows) {
    if (p >= batch.size() || batch[p].empty()) continue;
    table += "<tr>" + cell(batch[p].front().problem);
    for (const SolverSummary& s : solvers) {
      const RunRecord* found = nullptr;
      for (const RunRecord& record : batch[p])
        if (record.solver == s.solver) found = &record;
      table += matrixCell(found, threshold);
    }
    table += "</tr>\n";
  }
  return table + std::string(kTableEnd);
}

std::string runTable(std::string_view id, const CompareBatch& batch) {
  std::string table =
      tableStart(id, "",
                 {"problem", "n", "nub", "fric", "solver", "status", "iters", "pivots", "time_us",
                  "res_scl", "res_rel", "res_abs", "bound", "compl", "win", "message"});
  for (const std::vector<RunRecord>& records : batch)
    for (const RunRecord& record : records) table += runRow(record);
  return table + std::string(kTableEnd);
}

}  // namespace mlcp::compare
