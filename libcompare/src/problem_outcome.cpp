#include <mlcp/compare/problem_outcome.hpp>
#include <mlcp/compare/solved_criterion.hpp>

#include <fmt/format.h>

namespace mlcp::compare {

namespace {

constexpr size_t kProblemWidth = 36;

/// The label cut from the left to `width` characters, so that the file name stays.
std::string fitLabel(const std::string& label, size_t width) {
  std::string fitted = label;
  // In place: GCC 12 reports a false -Warray-bounds on "..." + substr() once inlined.
  if (fitted.size() > width) fitted.replace(0, fitted.size() - (width - 3), "...");
  return fitted;
}

/// "a, b, +3": the first name, then as many more as fit in `width` characters, then how many
/// were left out.
std::string fitNames(const std::vector<std::string>& names, size_t width) {
  std::string out;
  for (size_t k = 0; k < names.size(); ++k) {
    const std::string next = (out.empty() ? "" : ", ") + names[k];
    const size_t left = names.size() - k - 1;
    const size_t more = left > 0 ? fmt::formatted_size(", +{}", left) : 0;
    if (!out.empty() && out.size() + next.size() + more > width)
      return fmt::format("{}, +{}", out, names.size() - k);
    out += next;
  }
  return out;
}

/// A time in us as "11.9 us", "2.13 ms" or "9.71 s".
std::string formatTime(double microseconds) {
  if (microseconds < 1e3) return fmt::format("{:.1f} us", microseconds);
  if (microseconds < 1e6) return fmt::format("{:.2f} ms", microseconds / 1e3);
  return fmt::format("{:.2f} s", microseconds / 1e6);
}

/// The columns shared by the header and the lines (the last, who solved it, is left out).
std::string columns(std::string_view problem,
                    std::string_view n,
                    std::string_view nub,
                    std::string_view friction,
                    std::string_view solved,
                    std::string_view fastest,
                    std::string_view time,
                    std::string_view scaled,
                    std::string_view relative) {
  return fmt::format("{:<{}} {:>5} {:>4} {:>4}  {:>6}  {:<18} {:>9} {:>7} {:>7}  ", problem,
                     kProblemWidth, n, nub, friction, solved, fastest, time, scaled, relative);
}

}  // namespace

ProblemOutcome outcomeOf(const std::string& problem,
                         const ProblemShape& shape,
                         const std::vector<RunRecord>& records,
                         double threshold) {
  ProblemOutcome outcome;
  outcome.problem = problem;
  outcome.shape = shape;
  for (const RunRecord& r : records) {
    if (!r.approximation.empty()) outcome.approximated = true;
    if (!r.applicable()) continue;
    ++outcome.applicable;
    (isSolved(r, threshold) ? outcome.solvedBy : outcome.unsolved).push_back(r.solver);
    if (!r.winner) continue;
    outcome.fastest = r.solver;
    outcome.timeMicroseconds = r.timeMicroseconds;
    outcome.residualScaled = r.residualScaled;
    outcome.residualRelative = r.residualRelative;
  }
  return outcome;
}

std::string whoSolved(const ProblemOutcome& o, size_t width) {
  if (o.applicable == 0) return "no solver applies";
  if (o.unsolved.empty()) return "all";
  if (o.solvedBy.empty()) return "none";
  if (o.solvedBy.size() <= o.unsolved.size())
    return "only " + fitNames(o.solvedBy, width > 5 ? width - 5 : 0);
  return "all but " + fitNames(o.unsolved, width > 8 ? width - 8 : 0);
}

std::string outcomeHeader() {
  return columns("problem", "n", "nub", "fric", "solved", "fastest", "time", "res_scl", "res_rel") +
         "who solved it";
}

std::string outcomeLine(const ProblemOutcome& o) {
  const std::string label =
      fitLabel(o.problem, kProblemWidth - (o.approximated ? 2 : 0)) + (o.approximated ? " ~" : "");
  const bool any = !o.fastest.empty();
  const std::string line = columns(
      label, std::to_string(o.shape.n), std::to_string(o.shape.nub),
      std::to_string(o.shape.frictionRows), fmt::format("{}/{}", o.solvedBy.size(), o.applicable),
      any ? o.fastest : "-", any ? formatTime(o.timeMicroseconds) : "-",
      any ? fmt::format("{:.1e}", o.residualScaled) : "-",
      any ? fmt::format("{:.1e}", o.residualRelative) : "-");
  return line + whoSolved(o, kOutcomeLineWidth > line.size() ? kOutcomeLineWidth - line.size() : 0);
}

}  // namespace mlcp::compare
