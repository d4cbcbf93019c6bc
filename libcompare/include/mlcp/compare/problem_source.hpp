#pragma once

#include <mlcp/io/problem_file.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace mlcp::compare {

/// A problem to run: where it comes from and how to load it (lazily, so a batch of a thousand
/// files holds one problem in memory at a time).
struct ProblemSource {
  std::string label;                  ///< shown in tables: a path or a generator name
  std::function<ProblemFile()> load;  ///< throws ParseError for a bad file
};

/// A problem file and the label tables show for it.
struct LabelledPath {
  std::string label;           ///< the path as given, or DIR/relative path for a directory's
  std::filesystem::path path;  ///< the file
};

/// The files named by `paths`: each FILE as it is (labelled as given), each DIR's problem files
/// (sorted, recursively; mlcp::isProblemFileName()), labelled from the directory's own name
/// (lcp/lcp_ortiz.dat). @throws std::runtime_error for a missing path.
std::vector<LabelledPath> problemFiles(const std::vector<std::string>& paths);

/// The files named on the command line (problemFiles()), each loaded when its turn comes.
/// @throws std::runtime_error for a missing path.
std::vector<ProblemSource> sourcesFromPaths(const std::vector<std::string>& paths,
                                            ProblemFormat format = ProblemFormat::Automatic);

/// The built-in set that needs no download: ODE-style random problems (dTestSolveLCP recipe
/// with friction rows), n = 12, 60, 200, 600, fixed seeds; and two box-stack contact problems
/// (n = 288, top cube 1 and 100 times heavier) that carry J, M^-1, cfm for the matrix-free
/// solvers.
std::vector<ProblemSource> builtInSources();

}  // namespace mlcp::compare
