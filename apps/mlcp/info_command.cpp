#include "commands.hpp"
#include "format_option.hpp"

#include <mlcp/compare/problem_source.hpp>
#include <mlcp/compare/problem_statistics.hpp>
#include <mlcp/core/low_rank_form.hpp>

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <string>

namespace mlcp::app {

namespace {

struct InfoArguments {
  std::string file;
  ProblemFormat format = ProblemFormat::Automatic;
};

void runInfo(const InfoArguments& args) {
  const ProblemFile file = readProblemFile(args.file, args.format);
  const Problem& p = file.problem;
  const compare::ProblemStatistics s = compare::computeStatistics(p);
  fmt::print("file:       {} ({})\n", args.file, toString(file.format));
  if (!p.name.empty()) fmt::print("name:       {}\n", p.name);
  if (!file.approximation.empty()) fmt::print("note:       {}\n", file.approximation);
  fmt::print("size:       n = {}, nub = {}, friction rows = {}\n", s.n, s.nub, s.frictionRows);
  fmt::print("sparsity:   {} non-zeros of {} ({:.1f} % dense), A held {}\n", s.nonZeros,
             static_cast<long long>(s.n) * s.n, 100.0 * s.density, toString(s.form));
  fmt::print("symmetry:   {} (max |A - A^T| / max |A| = {:.3g})\n",
             s.asymmetry == 0.0    ? "symmetric"
             : s.asymmetry <= 1e-6 ? "nearly symmetric"
                                   : "not symmetric",
             s.asymmetry);
  fmt::print("diagonal:   min {:.4g}, max {:.4g}, zero {}, negative {}\n", s.diagonalMin,
             s.diagonalMax, s.zeroDiagonal, s.negativeDiagonal);
  if (s.symmetricEigenMin)
    fmt::print("(A+A^T)/2:  eigenvalues {:.4g} .. {:.4g}: {}\n", *s.symmetricEigenMin,
               *s.symmetricEigenMax, compare::definiteness(s));
  else
    fmt::print("(A+A^T)/2:  eigenvalues not computed (n > 1500)\n");
  if (!s.conditionEstimate)
    fmt::print("condition:  not estimated (n > 3000)\n");
  else if (std::isinf(*s.conditionEstimate))
    fmt::print("condition:  A is numerically singular (LU pivot 0)\n");
  else
    fmt::print("condition:  ~{:.3g} (1-norm estimate from an LU)\n", *s.conditionEstimate);
  fmt::print(
      "bounds:     free {}, lower only {} (lo = 0: {}), upper only {}, boxed {}, fixed {}, "
      "friction {}\n",
      s.freeRows, s.lowerOnly, s.standardLcp, s.upperOnly, s.boxed, s.fixed, s.frictionRows);
  if (s.frictionRows > 0) {
    std::string perNormal;
    for (const auto& [tangents, normals] : s.tangentsPerNormal)
      perNormal += fmt::format("{}{} normals with {} friction rows", perNormal.empty() ? "" : ", ",
                               normals, tangents);
    fmt::print("findex:     {} friction rows on {} normal rows ({}); mu {:.3g} .. {:.3g}\n",
               s.frictionRows, s.normalRows, perNormal, s.muMin, s.muMax);
    if (s.negativeNormals > 0)
      fmt::print("            {} normal rows have lo < 0 (their x may be negative)\n",
                 s.negativeNormals);
  } else {
    fmt::print("findex:     no friction rows\n");
  }
  const std::optional<LowRankForm> lowRank = findLowRankForm(p.A);
  fmt::print("low rank:   {}\n", lowRank ? lowRank->describe()
                                         : "none (A = G G^T + diag(C) not found: not symmetric, "
                                           "full rank, or an unknown C; docs/bpp.md)");
  fmt::print("b:          ||b||_inf = {:.4g}\n", s.bNorm);
  fmt::print("x:          {}\n", s.hasSolution ? "present (reference or warm start)" : "absent");
}

}  // namespace

void addInfoCommand(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<InfoArguments>();
  CLI::App* cmd = app.add_subcommand(
      "info", "Describe a problem: size, sparsity, symmetry, bounds, findex, condition");
  cmd->add_option("file", args->file, "Problem file (BLCP, Siconos .dat, FCLIB .hdf5)")->required();
  addFormatOption(*cmd, args->format);
  cmd->callback([args, &exitCode] {
    runInfo(*args);
    exitCode = 0;
  });
}

}  // namespace mlcp::app
