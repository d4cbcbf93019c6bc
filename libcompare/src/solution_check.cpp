#include <mlcp/compare/solution_check.hpp>
#include <mlcp/core/residual.hpp>
#include <mlcp/io/blcp_io.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace mlcp::compare {

Eigen::VectorXd readSolution(const std::filesystem::path& path, int n) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path.string(), 0, "cannot open the file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text.compare(first, 4, "blcp") == 0) {
    const Problem p = parseBlcp(text, path.string());
    if (!p.x) throw ParseError(path.string(), 0, "the BLCP file has no x section");
    if (p.size() != n)
      throw ParseError(
          path.string(), 0,
          fmt::format("the solution's problem has n = {} but this problem has {}", p.size(), n));
    return *p.x;
  }
  Eigen::VectorXd x(n);
  int count = 0;
  int lineNumber = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    ++lineNumber;
    std::istringstream tokens(line.substr(0, line.find('#')));
    for (std::string token; tokens >> token;) {
      char* end = nullptr;
      const double value = std::strtod(token.c_str(), &end);
      if (end != token.c_str() + token.size())
        throw ParseError(path.string(), lineNumber,
                         fmt::format("bad token '{}' for x[{}]: expected a number", token, count));
      if (!std::isfinite(value))
        throw ParseError(path.string(), lineNumber,
                         fmt::format("x[{}] = {} is not finite", count, token));
      if (count == n)
        throw ParseError(path.string(), lineNumber,
                         fmt::format("more than n = {} numbers: the solution is too long", n));
      x[count++] = value;
    }
  }
  if (count != n)
    throw ParseError(path.string(), lineNumber,
                     fmt::format("{} numbers but the problem has n = {}", count, n));
  return x;
}

std::vector<RowViolation> worstRows(const Problem& problem, const Eigen::VectorXd& x, int count) {
  const int n = problem.size();
  const Eigen::VectorXd w = problem.A * x - problem.b;
  const Eigen::VectorXd scalesOfA = rowScalesOf(problem.A);
  double size = 0.0;  // X of the scaled residual
  for (int i = 0; i < n; ++i)
    size = std::max(
        {size, std::abs(x[i]), std::abs(problem.b[i]) / rowScale(scalesOfA[i], problem.b[i])});
  std::vector<RowViolation> rows;
  for (int i = 0; i < n; ++i) {
    RowViolation v;
    v.row = i;
    v.x = x[i];
    v.w = w[i];
    effectiveBounds(i, x, problem.lo, problem.hi, problem.findex, v.lower, v.upper);
    v.residual = std::abs(rowResidual(x[i], w[i], v.lower, v.upper));
    const double d = rowScale(scalesOfA[i], problem.b[i]);
    v.scaled = std::abs(rowResidual(x[i], w[i] / d, v.lower, v.upper)) / (size > 0.0 ? size : 1.0);
    if (std::isnan(v.residual)) v.residual = std::numeric_limits<double>::infinity();
    if (std::isnan(v.scaled)) v.scaled = std::numeric_limits<double>::infinity();
    if (!(v.residual > 0.0 || v.scaled > 0.0)) continue;
    if (x[i] < v.lower || x[i] > v.upper)
      v.kind = "bound";
    else if (problem.findex[i] >= 0)
      v.kind = "friction";
    else if (v.lower == -std::numeric_limits<double>::infinity() &&
             v.upper == std::numeric_limits<double>::infinity())
      v.kind = "equality";
    else
      v.kind = "complementarity";
    rows.push_back(v);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const RowViolation& a, const RowViolation& b) {
    return a.scaled > b.scaled || (a.scaled == b.scaled && a.residual > b.residual);
  });
  if (static_cast<int>(rows.size()) > count) rows.resize(static_cast<size_t>(std::max(count, 0)));
  return rows;
}

}  // namespace mlcp::compare
