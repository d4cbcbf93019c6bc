#include <mlcp/composite/auto_solver.hpp>
#include <mlcp/composite/fallback_solver.hpp>
#include <mlcp/composite/island_solver.hpp>
#include <mlcp/composite/polish_solver.hpp>
#include <mlcp/core/solver_factory.hpp>
#include <mlcp/gradient/apgd_solver.hpp>
#include <mlcp/gradient/nncg_solver.hpp>
#include <mlcp/newton/newton_solver.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>
#include <mlcp/pivoting/dantzig_solver.hpp>
#include <mlcp/pivoting/lemke_solver.hpp>
#include <mlcp/splitting/jacobi_solver.hpp>
#include <mlcp/splitting/nsgs_solver.hpp>
#include <mlcp/splitting/pgs_solver.hpp>
#include <mlcp/splitting/subspace_minimization_solver.hpp>

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

/// The pivoting solvers: Dantzig (three variants), Lemke and block principal pivoting.
void addPivotingSolvers(std::vector<SolverEntry>& entries) {
  entries.push_back({"dantzig", "Dantzig pivoting (ODE's method), friction bounds made consistent",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       DantzigOptions options;
                       applyCommon(settings, options);
                       return std::make_unique<DantzigSolver>(options);
                     }});
  entries.push_back({"dantzig-sparse",
                     "Dantzig on sparse A whatever n: sparse L D L^T of the clamped block, "
                     "CHOLMOD row add / delete",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       DantzigOptions options;
                       applyCommon(settings, options);
                       options.factorization = DantzigFactorization::Sparse;
                       return std::make_unique<DantzigSolver>(options);
                     }});
  entries.push_back({"dantzig-ode",
                     "ODE's dSolveLCP as the peers run it: Dantzig pivoting, one pass, friction "
                     "bounds fixed from the first normals",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       DantzigOptions options;
                       applyCommon(settings, options);
                       options.refreshFrictionBounds = false;
                       return std::make_unique<DantzigSolver>(options);
                     }});
  entries.push_back({"lemke",
                     "Lexicographic Lemke pivoting: any A (non-symmetric too), exact friction",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       LemkeOptions options;
                       applyCommon(settings, options);
                       return std::make_unique<LemkeSolver>(options);
                     }});
  entries.push_back({"bpp",
                     "Block principal pivoting in the low-rank form A = G G^T + C (r x r "
                     "systems), exact friction; A given as factors or symmetric low-rank",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       BppOptions options;
                       applyCommon(settings, options);
                       return std::make_unique<BppSolver>(options);
                     }});
  entries.push_back({"polish",
                     "PGS until the active set shows (relative residual 1e-4), then bpp from its "
                     "partition, in body space for many bodies; exact friction",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       PolishOptions options;
                       applyCommon(settings, options);
                       return std::make_unique<PolishSolver>(options);
                     }});
}

/// The iterative solvers: PGS, APGD, Newton, NSGS, NNCG, PGS with subspace minimization, Jacobi.
void addIterativeSolvers(std::vector<SolverEntry>& entries) {
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
  entries.push_back({"nsgs",
                     "Block Gauss-Seidel per contact (NSGS, Jean & Moreau): each contact's normal "
                     "and friction rows solved together exactly, any form of A",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       NsgsOptions options;
                       applyCommon(settings, options);
                       if (settings.relaxation) options.relaxation = *settings.relaxation;
                       return std::make_unique<NsgsSolver>(options);
                     }});
  entries.push_back({"nncg",
                     "Non-smooth non-linear conjugate gradient over PGS sweeps (Silcowitz 2010), "
                     "any form of A",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       NncgOptions options;
                       applyCommon(settings, options);
                       if (settings.relaxation) options.relaxation = *settings.relaxation;
                       return std::make_unique<NncgSolver>(options);
                     }});
  entries.push_back({"pgs-sm",
                     "PGS subspace minimization (Silcowitz 2009): PGS sweeps, then conjugate "
                     "gradients on the free rows; symmetric A (up to row scaling), any form",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       SubspaceMinimizationOptions options;
                       applyCommon(settings, options);
                       if (settings.relaxation) options.relaxation = *settings.relaxation;
                       return std::make_unique<SubspaceMinimizationSolver>(options);
                     }});
  for (const bool blocks : {false, true}) {
    entries.push_back({blocks ? "blocked-jacobi" : "jacobi",
                       blocks ? "Blocked Jacobi per contact on threads, bitwise deterministic, "
                                "any form of A"
                              : "Projected Jacobi on threads, bitwise deterministic, any form of A",
                       [blocks](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                         JacobiOptions options;
                         applyCommon(settings, options);
                         options.blocks = blocks;
                         if (settings.relaxation) options.relaxation = *settings.relaxation;
                         return std::make_unique<JacobiSolver>(options);
                       }});
  }
}

/// The solvers made of others: auto and fallback.
void addCompositeSolvers(std::vector<SolverEntry>& entries) {
  entries.push_back({"auto",
                     "Chooses by the measured structure (symmetry, size, islands, diagonal) and "
                     "says why; the chosen chain ends in the best answer",
                     [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
                       return std::make_unique<AutoSolver>(settings);
                     }});
  entries.push_back(
      {"fallback",
       "Dantzig, then Newton, Lemke, APGD and PGS: the first that converges, else the best "
       "answer of any",
       [](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
         std::vector<std::unique_ptr<MixedLCP>> stages;
         for (const std::string_view stage : fallbackStageNames())
           stages.push_back(makeSolver(stage, settings));
         return std::make_unique<FallbackSolver>(std::move(stages));
       }});
}

std::vector<SolverEntry> builtInSolvers() {
  std::vector<SolverEntry> entries;
  addPivotingSolvers(entries);
  addIterativeSolvers(entries);
  addCompositeSolvers(entries);
  return entries;
}

/// Names of earlier versions, still accepted by makeSolver(): the matrix-free solvers are now
/// "pgs" and "apgd" on a problem that holds the factors of A.
constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"pgs-matrix-free", "pgs"},
    {"apgd-matrix-free", "apgd"},
    {"bgs", "nsgs"},
    {"subspace-minimization", "pgs-sm"},
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
  {
    Registry& r = registry();
    std::unique_lock lock(r.mutex);
    for (const SolverEntry& entry : r.entries) {
      if (entry.name != name) continue;
      const SolverMaker make = entry.make;  // a copy: the entry may be replaced
      lock.unlock();
      return make(settings);
    }
  }
  throw std::invalid_argument(
      fmt::format("unknown solver '{}'; known solvers: {}", name, fmt::join(solverNames(), ", ")));
}

}  // namespace mlcp
