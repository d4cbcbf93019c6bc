#include "html_report.hpp"

#include "base64.hpp"
#include "solved_criterion.hpp"

#include <mlcp/io/atomic_file.hpp>

#include <fmt/format.h>

#include <cmath>

namespace mlcp::app {

namespace {

constexpr std::string_view kStyle = R"(
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; }
th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.solved { background: #dcf2dc; }
td.win { background: #9ed89e; font-weight: bold; }
td.failed { background: #f7d4d4; }
td.na { color: #888; background: #f4f4f4; }
table.matrix td { white-space: nowrap; }
table.matrix th.solver { writing-mode: vertical-rl; transform: rotate(180deg); }
img { max-width: 100%; height: auto; border: 1px solid #ddd; }
figure { margin: 1em 0; }
)";

/// A number formatted with `format`, or "-" when it is not finite.
std::string number(double value, std::string_view format) {
  return std::isfinite(value) ? fmt::format(fmt::runtime(format), value) : std::string("-");
}

std::string cell(std::string_view text, std::string_view cssClass = "") {
  if (cssClass.empty()) return fmt::format("<td>{}</td>", htmlEscape(text));
  return fmt::format("<td class=\"{}\">{}</td>", cssClass, htmlEscape(text));
}

std::string headerRow(const std::vector<std::string>& names) {
  std::string row = "<tr>";
  for (const std::string& name : names) row += fmt::format("<th>{}</th>", htmlEscape(name));
  return row + "</tr>\n";
}

std::string definitions(const HtmlReport& r) {
  return fmt::format(
      "<p><b>solved</b>: the {} of the solver's answer is at most {:g}; counted over the problems "
      "the solver applies to.<br><b>n/a</b>: the solver cannot take the problem (boxes, friction "
      "rows, free rows or a non-symmetric A): neither solved nor failed.<br><b>time</b>: {}, in "
      "microseconds; <b>time/fastest</b>: geometric mean over the solver's solved problems of "
      "its time / the fastest solver's time.</p>\n",
      kSolvedMeasure.name, r.threshold, htmlEscape(timeMeasureText(r.repeats)));
}

std::string summaryTable(const HtmlReport& r) {
  std::string table =
      "<table id=\"summary\">\n" +
      headerRow({"solver", "solved", "of (applicable)", "n/a", "failed", "wins", "time/fastest"});
  for (const SolverSummary& s : r.solvers)
    table += "<tr>" + cell(s.solver) + cell(std::to_string(s.solved), "num") +
             cell(std::to_string(s.applicable), "num") +
             cell(std::to_string(s.notApplicable), "num") +
             cell(std::to_string(s.failed()), "num") + cell(std::to_string(s.wins), "num") +
             cell(number(s.timeRatio, "{:.2f}"), "num") + "</tr>\n";
  return table + "</table>\n";
}

std::string problemTable(const HtmlReport& r) {
  std::string table =
      "<table id=\"problems\">\n" + headerRow({"problem", "n", "nub", "fric", "solved", "fastest",
                                               "time_us", "res_scl", "res_rel", "who solved it"});
  for (const ProblemOutcome& o : r.outcomes) {
    const bool any = !o.fastest.empty();
    table += "<tr>" + cell(o.problem + (o.approximated ? " ~" : "")) +
             cell(std::to_string(o.shape.n), "num") + cell(std::to_string(o.shape.nub), "num") +
             cell(std::to_string(o.shape.frictionRows), "num") +
             cell(fmt::format("{}/{}", o.solvedBy.size(), o.applicable), "num") +
             cell(any ? o.fastest : "-") +
             cell(any ? number(o.timeMicroseconds, "{:.1f}") : "-", "num") +
             cell(any ? number(o.residualScaled, "{:.1e}") : "-", "num") +
             cell(any ? number(o.residualRelative, "{:.1e}") : "-", "num") +
             cell(whoSolved(o, std::string::npos)) + "</tr>\n";
  }
  return table + "</table>\n";
}

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

std::string matrixTable(const HtmlReport& r) {
  std::string table = "<table id=\"matrix\" class=\"matrix\">\n<tr><th>problem</th>";
  for (const SolverSummary& s : r.solvers)
    table += fmt::format("<th class=\"solver\">{}</th>", htmlEscape(s.solver));
  table += "</tr>\n";
  for (size_t p = 0; p < r.batch.size() && p < r.outcomes.size(); ++p) {
    table += "<tr>" + cell(r.outcomes[p].problem);
    for (const SolverSummary& s : r.solvers) {
      const RunRecord* found = nullptr;
      for (const RunRecord& record : r.batch[p])
        if (record.solver == s.solver) found = &record;
      table += matrixCell(found, r.threshold);
    }
    table += "</tr>\n";
  }
  return table + "</table>\n";
}

std::string runRow(const RunRecord& x) {
  return "<tr>" + cell(x.problem) + cell(std::to_string(x.n), "num") +
         cell(std::to_string(x.nub), "num") + cell(std::to_string(x.frictionRows), "num") +
         cell(x.solver) + cell(x.applicable() ? fmt::format("{}", x.status) : "n/a") +
         cell(std::to_string(x.iterations), "num") + cell(std::to_string(x.pivots), "num") +
         cell(number(x.timeMicroseconds, "{:.1f}"), "num") +
         cell(number(x.residualScaled, "{:.1e}"), "num") +
         cell(number(x.residualRelative, "{:.1e}"), "num") +
         cell(number(x.residualAbsolute, "{:.1e}"), "num") +
         cell(number(x.maxBoundViolation, "{:.1e}"), "num") +
         cell(number(x.maxComplementarityViolation, "{:.1e}"), "num") + cell(x.winner ? "*" : "") +
         cell(x.message) + "</tr>\n";
}

std::string runTable(const HtmlReport& r) {
  std::string table =
      "<details><summary>every (problem, solver) pair</summary>\n"
      "<table id=\"runs\">\n" +
      headerRow({"problem", "n", "nub", "fric", "solver", "status", "iters", "pivots", "time_us",
                 "res_scl", "res_rel", "res_abs", "bound", "compl", "win", "message"});
  for (const std::vector<RunRecord>& records : r.batch)
    for (const RunRecord& record : records) table += runRow(record);
  return table + "</table>\n</details>\n";
}

std::string figure(const PngFigure& f, std::string_view attributes) {
  return fmt::format(
      "<figure><img {} alt=\"{}\" src=\"data:image/png;base64,{}\"><figcaption>{}</figcaption>"
      "</figure>\n",
      attributes, htmlEscape(f.caption), base64Encode(f.png), htmlEscape(f.caption));
}

std::string profileSection(const HtmlReport& r) {
  if (r.profile.png.empty()) return "";
  return "<h2>Performance profile</h2>\n" + figure(r.profile, "id=\"profile\"");
}

std::string convergenceSection(const HtmlReport& r) {
  if (r.convergence.empty()) return "";
  std::string out =
      "<h2>Convergence</h2>\n<p>Scaled residual per iteration of the solvers that record "
      "one (the iterative ones), from a separate, untimed run.</p>\n";
  for (const PngFigure& f : r.convergence) out += figure(f, "class=\"convergence\"");
  return out;
}

}  // namespace

std::string htmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string htmlReportPage(const HtmlReport& r) {
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>"
      "\n<style>{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
      htmlEscape(r.title), kStyle);
  page += definitions(r);
  page += "<h2>Solvers</h2>\n" + summaryTable(r) + profileSection(r);
  page += "<h2>Problems</h2>\n" + problemTable(r);
  page +=
      "<h2>Who solved what</h2>\n<p>Time (us) when solved (dark: the fastest), else the "
      "status; hover a cell for the residual and the solver's message.</p>\n" +
      matrixTable(r) + runTable(r);
  page += convergenceSection(r);
  for (const std::string& note : r.notes)
    page += "<p class=\"note\">" + htmlEscape(note) + "</p>\n";
  return page + "</body>\n</html>\n";
}

void writeHtmlReport(const HtmlReport& report, const std::filesystem::path& output) {
  writeFileAtomically(output, [&](std::ostream& out) { out << htmlReportPage(report); });
}

}  // namespace mlcp::app
