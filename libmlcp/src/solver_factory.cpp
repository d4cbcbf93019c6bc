#include <mlcp/solver_factory.hpp>

#include <mutex>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <mlcp/dantzig_solver.hpp>
#include <mlcp/lemke_solver.hpp>

namespace mlcp {

namespace {

template <typename Options>
void applyCommon(const SolverSettings& settings, Options& options) {
  if (settings.maxIterations) options.maxIterations = *settings.maxIterations;
  if (settings.relativeTolerance) options.relativeTolerance = *settings.relativeTolerance;
  if (settings.maxSeconds) options.maxSeconds = *settings.maxSeconds;
  if (settings.recordHistory) options.recordHistory = *settings.recordHistory;
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
  return entries;
}

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
  for (const SolverEntry& entry : registeredSolvers())
    if (entry.name == name) return entry.make(settings);
  throw std::invalid_argument(
      fmt::format("unknown solver '{}'; known solvers: {}", name, fmt::join(solverNames(), ", ")));
}

}  // namespace mlcp
