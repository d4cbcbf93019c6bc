#include <mlcp/compare/record_format.hpp>

#include <fmt/format.h>

#include <cmath>

namespace mlcp::compare {

namespace {

// JSON has no NaN or Inf: those become null.
std::string jsonNumber(double value) {
  return std::isfinite(value) ? fmt::format("{:.6g}", value) : "null";
}

std::string csvNumber(double value) {
  return std::isfinite(value) ? fmt::format("{:.6g}", value) : "";
}

std::string csvField(std::string_view text) {
  if (text.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string jsonString(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\u{:04x}", static_cast<int>(c));
        else
          out += c;
    }
  }
  return out + "\"";
}

std::string toJson(const RunRecord& r) {
  return fmt::format(
      "{{\"problem\": {}, \"solver\": {}, \"n\": {}, \"nub\": {}, \"friction_rows\": {}, "
      "\"status\": \"{}\", \"message\": {}, \"iterations\": {}, \"pivots\": {}, \"repeats\": {}, "
      "\"time_us\": {}, \"residual_rel\": {}, \"residual_abs\": {}, \"residual_scaled\": {}, "
      "\"max_bound_violation\": {}, \"max_complementarity_violation\": {}, \"winner\": {}, "
      "\"approximation\": {}, \"applicable\": {}}}",
      jsonString(r.problem), jsonString(r.solver), r.n, r.nub, r.frictionRows, r.status,
      jsonString(r.message), r.iterations, r.pivots, r.repeats, jsonNumber(r.timeMicroseconds),
      jsonNumber(r.residualRelative), jsonNumber(r.residualAbsolute), jsonNumber(r.residualScaled),
      jsonNumber(r.maxBoundViolation), jsonNumber(r.maxComplementarityViolation),
      r.winner ? "true" : "false",
      r.approximation.empty() ? std::string("null") : jsonString(r.approximation),
      r.applicable() ? "true" : "false");
}

std::string csvHeader() { return std::string(kRecordKeys); }

std::string toCsv(const RunRecord& r) {
  return fmt::format(
      "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}", csvField(r.problem),
      csvField(r.solver), r.n, r.nub, r.frictionRows, r.status, csvField(r.message), r.iterations,
      r.pivots, r.repeats, csvNumber(r.timeMicroseconds), csvNumber(r.residualRelative),
      csvNumber(r.residualAbsolute), csvNumber(r.residualScaled), csvNumber(r.maxBoundViolation),
      csvNumber(r.maxComplementarityViolation), r.winner ? "true" : "false",
      csvField(r.approximation), r.applicable() ? "true" : "false");
}

std::string tableHeader() {
  return fmt::format(
      "{:<40} {:>5} {:>4} {:>4} {:<18} {:<15} {:>5} {:>6} {:>10} {:>8} {:>8} {:>8} "
      "{:>8} {:>8} {}",
      "problem", "n", "nub", "fric", "solver", "status", "iters", "pivots", "time_us", "res_scl",
      "res_rel", "res_abs", "bound", "compl", "win");
}

std::string tableRow(const RunRecord& r) {
  std::string problem = r.problem;
  // In place: GCC 12 reports a false -Warray-bounds on "..." + substr() once inlined.
  if (problem.size() > 40) problem.replace(0, problem.size() - 37, "...");
  return fmt::format(
      "{:<40} {:>5} {:>4} {:>4} {:<18} {:<15} {:>5} {:>6} {:>10.1f} {:>8.1e} {:>8.1e} "
      "{:>8.1e} {:>8.1e} {:>8.1e} {}",
      problem, r.n, r.nub, r.frictionRows, r.solver,
      r.applicable() ? fmt::format("{}", r.status) : std::string("n/a"), r.iterations, r.pivots,
      r.timeMicroseconds, r.residualScaled, r.residualRelative, r.residualAbsolute,
      r.maxBoundViolation, r.maxComplementarityViolation, r.winner ? "*" : "");
}

}  // namespace mlcp::compare
