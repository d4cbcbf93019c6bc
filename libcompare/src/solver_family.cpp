#include <mlcp/compare/solver_family.hpp>
#include <mlcp/io/problem_file.hpp>

#include <array>
#include <filesystem>
#include <utility>

namespace mlcp::compare {

namespace {

/// Our registered solvers by family: the folder of libmlcp that holds each one's code.
constexpr std::array<std::pair<std::string_view, std::string_view>, 17> kOurFamilies = {{
    {"dantzig", "pivoting"},
    {"dantzig-sparse", "pivoting"},
    {"dantzig-ode", "pivoting"},
    {"lemke", "pivoting"},
    {"bpp", "pivoting"},
    {"pgs", "splitting"},
    {"nsgs", "splitting"},
    {"pgs-sm", "splitting"},
    {"jacobi", "splitting"},
    {"blocked-jacobi", "splitting"},
    {"apgd", "gradient"},
    {"nncg", "gradient"},
    {"newton", "newton"},
    {"newton-fb", "newton"},
    {"newton-primal", "newton"},
    {"auto", "composite"},
    {"fallback", "composite"},
}};

/// The peer libraries the adapters register, by the prefix of their solvers' names.
constexpr std::array<std::string_view, 3> kPeerLibraries = {"siconos", "bullet", "dart"};

}  // namespace

SolverFamily solverFamily(std::string_view solver) {
  constexpr std::string_view kIslands = "islands:";
  if (solver.substr(0, kIslands.size()) == kIslands) solver.remove_prefix(kIslands.size());
  for (const auto& [name, family] : kOurFamilies)
    if (name == solver) return {std::string(family), false};
  const std::string_view prefix = solver.substr(0, solver.find('-'));
  for (const std::string_view library : kPeerLibraries)
    if (prefix == library) return {std::string(library), true};
  return {"other", false};
}

std::string serializedLibrary(std::string_view solver) {
  const SolverFamily family = solverFamily(solver);
  return family.peer ? family.name : std::string();
}

std::string problemFamily(std::string_view label) {
  const std::filesystem::path path(label);
  if (path.has_parent_path()) return path.parent_path().generic_string();
  if (isProblemFileName(path)) return "files";
  if (label.find(" step ") != std::string_view::npos) return "scenes";
  return "built-in";
}

}  // namespace mlcp::compare
