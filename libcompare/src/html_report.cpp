#include "base64.hpp"
#include "html_tables.hpp"

#include <mlcp/compare/compare_verdict.hpp>
#include <mlcp/compare/html_report.hpp>
#include <mlcp/compare/solved_criterion.hpp>
#include <mlcp/compare/solver_family.hpp>
#include <mlcp/io/atomic_file.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace mlcp::compare {

namespace {

constexpr std::string_view kStyle = R"(
body { font-family: sans-serif; margin: 1.5em; color: #222; }
p.verdict { font-size: 1.1em; padding: 0.5em; background: #eef4fb; border-left: 4px solid #0072b2; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; }
th { background: #eee; cursor: pointer; }
th[data-order=up]::after { content: " \25B2"; }
th[data-order=down]::after { content: " \25BC"; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
#runs td { text-align: right; font-variant-numeric: tabular-nums; }
#runs td:nth-child(1), #runs td:nth-child(5), #runs td:nth-child(6), #runs td:nth-child(16) {
  text-align: left; }
td.solved { background: #dcf2dc; }
td.win { background: #9ed89e; font-weight: bold; }
td.failed { background: #f7d4d4; }
td.na { color: #888; background: #f4f4f4; }
table.matrix td { white-space: nowrap; }
table.matrix th.solver { writing-mode: vertical-rl; transform: rotate(180deg); }
img { max-width: 100%; height: auto; border: 1px solid #ddd; }
figure { margin: 1em 0; }
summary { cursor: pointer; color: #0072b2; }
)";

std::string definitions(const HtmlReport& r) {
  return fmt::format(
      "<p><b>solved</b>: the {} of the solver's answer is at most {:g}, within the time budget "
      "(a <code>time-limit</code> row is not solved); counted over the problems the solver "
      "applies to.<br><b>n/a</b>: the solver cannot take the problem (boxes, friction rows, free "
      "rows or a non-symmetric A): neither solved nor failed.<br><b>time</b>: {}, in "
      "microseconds; <b>time/fastest</b>: geometric mean over the solver's solved problems of "
      "its time / the fastest solver's time. Click a column's header to sort a table.</p>\n",
      kSolvedMeasure.name, r.threshold, htmlEscape(timeMeasureText(r.repeats)));
}

std::string figure(const PngFigure& f, std::string_view attributes) {
  return fmt::format(
      "<figure><img {} alt=\"{}\" src=\"data:{};base64,{}\"><figcaption>{}</figcaption>"
      "</figure>\n",
      attributes, htmlEscape(f.caption), f.type, base64Encode(f.png), htmlEscape(f.caption));
}

std::string profileSection(const HtmlReport& r) {
  if (r.profile.png.empty()) return "";
  std::string out = "<h2>Performance profile</h2>\n" + figure(r.profile, "id=\"profile\"");
  if (!r.profileAll.png.empty())
    out += "<details><summary>every solver's curve</summary>\n" +
           figure(r.profileAll, "id=\"profile-all\"") + "</details>\n";
  return out;
}

/// The problems of each family (indices into r.outcomes), families in order of first appearance.
std::vector<std::pair<std::string, std::vector<size_t>>> families(const HtmlReport& r) {
  std::vector<std::pair<std::string, std::vector<size_t>>> groups;
  for (size_t p = 0; p < r.outcomes.size(); ++p) {
    const std::string family = problemFamily(r.outcomes[p].problem);
    auto found = std::find_if(groups.begin(), groups.end(),
                              [&](const auto& group) { return group.first == family; });
    if (found == groups.end()) found = groups.insert(groups.end(), {family, {}});
    found->second.push_back(p);
  }
  return groups;
}

/// The records of the problems `rows` of `batch`.
CompareBatch subset(const CompareBatch& batch, const std::vector<size_t>& rows) {
  CompareBatch out;
  for (const size_t p : rows)
    if (p < batch.size()) out.push_back(batch[p]);
  return out;
}

/// The section of one problem family: its solver totals, problems, matrix and convergence plots
/// (those in `shown`, a figure index set by the size budget).
std::string familySection(const HtmlReport& r,
                          size_t k,
                          const std::string& family,
                          const std::vector<size_t>& problems,
                          const std::vector<bool>& shown) {
  CompareSummary summary(r.threshold, r.repeats);
  std::vector<ProblemOutcome> outcomes;
  for (const size_t p : problems) {
    if (p < r.batch.size()) summary.add(r.batch[p]);
    outcomes.push_back(r.outcomes[p]);
  }
  std::string out =
      fmt::format("<h2 id=\"family-{}\">Problems: {} ({} problem{})</h2>\n", k, htmlEscape(family),
                  problems.size(), problems.size() == 1 ? "" : "s");
  out += "<p>" +
         htmlEscape(compareVerdict(subset(r.batch, problems), summary.solvers(), r.threshold)) +
         "</p>\n";
  out += solverTable(fmt::format("family-{}-solvers", k), summary.solvers());
  out += problemTable(fmt::format("family-{}-problems", k), outcomes);
  out +=
      "<p>Who solved what: the time (us) when solved (dark: the fastest), else the status; "
      "hover a cell for the residuals and the solver's message.</p>\n" +
      matrixTable(fmt::format("family-{}-matrix", k), r.batch, problems, r.solvers, r.threshold);
  std::string plots;
  for (size_t f = 0; f < r.convergence.size(); ++f)
    if (shown[f] && problemFamily(r.convergence[f].problem) == family)
      plots += figure(r.convergence[f], "class=\"convergence\"");
  if (!plots.empty())
    out +=
        "<details><summary>convergence plots (scaled residual per iteration of the iterative "
        "solvers, from a separate, untimed run)</summary>\n" +
        plots + "</details>\n";
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

namespace {

/// The page with the convergence plots marked in `shown`; `dropped` of them left out (noted).
std::string pageWith(const HtmlReport& r, const std::vector<bool>& shown, size_t dropped) {
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>"
      "\n<style>{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
      htmlEscape(r.title), kStyle);
  page += "<p class=\"verdict\" id=\"verdict\">" +
          htmlEscape(compareVerdict(r.batch, r.solvers, r.threshold)) + "</p>\n";
  page += definitions(r);
  page += "<h2>Solvers</h2>\n" + solverTable("summary", r.solvers) + profileSection(r);
  const auto groups = families(r);
  page += "<p>Problem families:";
  for (size_t k = 0; k < groups.size(); ++k)
    page += fmt::format(" <a href=\"#family-{}\">{}</a>", k, htmlEscape(groups[k].first));
  page += "</p>\n";
  for (size_t k = 0; k < groups.size(); ++k)
    page += familySection(r, k, groups[k].first, groups[k].second, shown);
  page += "<h2>Every (problem, solver) pair</h2>\n<details><summary>" +
          std::to_string(r.batch.size()) + " problems, the columns of --long</summary>\n" +
          runTable("runs", r.batch) + "</details>\n";
  if (dropped > 0)
    page += fmt::format(
        "<p class=\"note\">{} convergence plots left out to keep the page within {} MB "
        "(--plot draws the curves).</p>\n",
        dropped, kMaxHtmlBytes / 1'000'000);
  for (const std::string& note : r.notes)
    page += "<p class=\"note\">" + htmlEscape(note) + "</p>\n";
  return page + "<script>" + std::string(kSortScript) + "</script>\n</body>\n</html>\n";
}

}  // namespace

std::string htmlReportPage(const HtmlReport& r) {
  // The convergence plots, in batch order, as long as the page stays within kMaxHtmlBytes
  // (each family's collapsed wrapper and the note counted with a margin).
  std::vector<bool> shown(r.convergence.size(), false);
  size_t used = pageWith(r, shown, 0).size() + 1000 * (families(r).size() + 1);
  size_t dropped = 0;
  for (size_t f = 0; f < r.convergence.size(); ++f) {
    const size_t bytes = figure(r.convergence[f], "class=\"convergence\"").size();
    if (used + bytes <= kMaxHtmlBytes) {
      shown[f] = true;
      used += bytes;
    } else {
      ++dropped;
    }
  }
  return pageWith(r, shown, dropped);
}

void writeHtmlReport(const HtmlReport& report, const std::filesystem::path& output) {
  writeFileAtomically(output, [&](std::ostream& out) { out << htmlReportPage(report); });
}

}  // namespace mlcp::compare
