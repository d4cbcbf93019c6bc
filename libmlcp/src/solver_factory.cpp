#include <mlcp/apgd_solver.hpp>
#include <mlcp/dantzig_solver.hpp>
#include <mlcp/fallback_solver.hpp>
#include <mlcp/island_solver.hpp>
#include <mlcp/lemke_solver.hpp>
#include <mlcp/newton_solver.hpp>
#include <mlcp/pgs_solver.hpp>
#include <mlcp/solver_factory.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <mutex>
#include <stdexcept>
#include <utility>

namespace mlcp {

namespace {

template <typename Options>
void applyCommon(const SolverSettings& settings, Options& options) {
  if (settings.maxIterations) options.maxIterations = *settings.maxIterations;
  if (settings.relativeTolerance) options.relativeTolerance = *settings.relativeTolerance;
  if (settings.maxSeconds) options.maxSeconds = *settings.maxSeconds;
  if (settings.recordHistory) options.recordHistory = *settings.recordHistory;
}

PgsOptions pgsOptions(const SolverSettings& settings) {
  PgsOptions options;
  applyCommon(settings, options);
  if (settings.relaxation) options.relaxation = *settings.relaxation;
  return options;
}

std::vector<SolverEntry> builtInSolvers() {
  std::vector<SolverEntry> entries;
  entries.push_back({"dantzig", "Dantzig pivoting (ODE's method), friction bounds made consistent",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       DantzigOptions options;
                       applyCommon(settings, options);
                       return std::make_unique<DantzigSolver>(options);
                     }});
  entries.push_back({"lemke",
                     "Lexicographic Lemke pivoting: any A (non-symmetric too), exact friction",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       LemkeOptions options;
                       applyCommon(settings, options);
                       return std::make_unique<LemkeSolver>(options);
                     }});
  entries.push_back({"pgs",
                     "Projected Gauss-Seidel / SOR (ODE quickstep) on dense, sparse or J, M^-1",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       return std::make_unique<PgsSolver>(pgsOptions(settings));
                     }});
  entries.push_back({"apgd",
                     "Accelerated projected gradient (Nesterov, Mazhar 2015), any form of A",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       ApgdOptions options;
                       applyCommon(settings, options);
                       return std::make_unique<ApgdSolver>(options);
                     }});
  entries.push_back({"newton",
                     "Interior-point phase, then semismooth Newton on the min-map; exact friction, "
                     "sparse LL^T / LU",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       NewtonOptions options;
                       applyCommon(settings, options);
                       return std::make_unique<NewtonSolver>(options);
                     }});
  entries.push_back(
      {"newton-fb", "Semismooth Newton on Fischer-Burmeister for boxes (Billups 1995), line search",
       [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
         NewtonOptions options;
         applyCommon(settings, options);
         options.reformulation = Reformulation::FischerBurmeister;
         options.globalisation = NewtonGlobalisation::LineSearch;
         return std::make_unique<NewtonSolver>(options);
       }});
  entries.push_back({"fallback", "Dantzig, then APGD, then PGS: the first that converges",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       std::vector<std::unique_ptr<MixedLCP>> stages;
                       for (const char* stage : {"dantzig", "apgd", "pgs"})
                         stages.push_back(makeSolver(stage, settings));
                       return std::make_unique<FallbackSolver>(std::move(stages));
                     }});
  return entries;
}

/// Names of earlier versions, still accepted by makeSolver(): the matrix-free solvers are now
/// "pgs" and "apgd" on a problem that holds the factors of A.
constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"pgs-matrix-free", "pgs"},
    {"apgd-matrix-free", "apgd"},
};

struct Registry {
  std::mutex mutex;
  std::vector<SolverEntry> entries = builtInSolvers();
};

Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

void registerSolver(SolverEntry entry) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (SolverEntry& existing : r.entries) {
    if (existing.name == entry.name) {
      existing = std::move(entry);
      return;
    }
  }
  r.entries.push_back(std::move(entry));
}

std::vector<SolverEntry> registeredSolvers() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return r.entries;
}

std::vector<std::string> solverNames() {
  std::vector<std::string> names;
  for (const SolverEntry& entry : registeredSolvers()) names.push_back(entry.name);
  return names;
}

std::unique_ptr<MixedLCP> makeSolver(std::string_view name, const SolverSettings& settings) {
  constexpr std::string_view kIslands = "islands:";
  if (name.substr(0, kIslands.size()) == kIslands) {
    const std::string inner(name.substr(kIslands.size()));
    makeSolver(inner, settings);  // an unknown inner name throws here, naming the known ones
    return std::make_unique<IslandSolver>(
        [inner, settings] { return makeSolver(inner, settings); });
  }
  for (const auto& [alias, target] : kAliases)
    if (name == alias) name = target;
  for (const SolverEntry& entry : registeredSolvers())
    if (entry.name == name) return entry.make(settings);
  throw std::invalid_argument(
      fmt::format("unknown solver '{}'; known solvers: {}", name, fmt::join(solverNames(), ", ")));
}

}  // namespace mlcp
