#pragma once

#include <mlcp/problem.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace mlcp::app {

/// A problem to run: where it comes from and how to load it (lazily, so a batch of a thousand
/// files holds one problem in memory at a time).
struct ProblemSource {
  std::string label;              ///< shown in tables: a path or a generator name
  std::function<Problem()> load;  ///< throws ParseError for a bad file
};

/// The files named on the command line: each FILE as it is, each DIR's *.blcp files (sorted,
/// recursively). @throws std::runtime_error for a path that does not exist.
std::vector<ProblemSource> sourcesFromPaths(const std::vector<std::string>& paths);

/// The built-in set that needs no download: ODE-style random problems (dTestSolveLCP recipe
/// with friction rows), n = 12, 60, 200, 600, fixed seeds; and two box-stack contact problems
/// (n = 288, top cube 1 and 100 times heavier) that carry J, M^-1, cfm for the matrix-free
/// solvers.
std::vector<ProblemSource> builtInSources();

}  // namespace mlcp::app
