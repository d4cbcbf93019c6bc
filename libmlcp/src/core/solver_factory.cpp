#include <mlcp/composite/auto_solver.hpp>
#include <mlcp/composite/fallback_solver.hpp>
#include <mlcp/composite/island_solver.hpp>
#include <mlcp/composite/polish_solver.hpp>
#include <mlcp/core/solver_factory.hpp>
#include <mlcp/gradient/apgd_solver.hpp>
#include <mlcp/gradient/nncg_solver.hpp>
#include <mlcp/newton/newton_solver.hpp>
#include <mlcp/newton/primal_newton_solver.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>
#include <mlcp/pivoting/dantzig_solver.hpp>
#include <mlcp/pivoting/lemke_solver.hpp>
#include <mlcp/splitting/jacobi_solver.hpp>
#include <mlcp/splitting/nsgs_solver.hpp>
#include <mlcp/splitting/pgs_solver.hpp>
#include <mlcp/splitting/subspace_minimization_solver.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

namespace mlcp {

namespace {

/// The pivoting solvers: Dantzig (three variants), Lemke and block principal pivoting.
void addPivotingSolvers(std::vector<SolverEntry>& entries) {
  entries.push_back(solverEntry<DantzigSolver, DantzigOptions>(
      "dantzig", "Dantzig pivoting (ODE's method), friction bounds made consistent"));
  DantzigOptions sparse;
  sparse.factorization = DantzigFactorization::Sparse;
  entries.push_back(solverEntry<DantzigSolver>("dantzig-sparse",
                                               "Dantzig on sparse A whatever n: sparse L D L^T of "
                                               "the clamped block, CHOLMOD row add / delete",
                                               sparse));
  DantzigOptions ode;
  ode.refreshFrictionBounds = false;
  entries.push_back(solverEntry<DantzigSolver>("dantzig-ode",
                                               "ODE's dSolveLCP as the peers run it: Dantzig "
                                               "pivoting, one pass, friction bounds fixed from "
                                               "the first normals",
                                               ode));
  entries.push_back(solverEntry<LemkeSolver, LemkeOptions>(
      "lemke", "Lexicographic Lemke pivoting: any A (non-symmetric too), exact friction"));
  entries.push_back(solverEntry<BppSolver, BppOptions>(
      "bpp",
      "Block principal pivoting in the low-rank form A = G G^T + C (r x r systems), exact "
      "friction; A given as factors or symmetric low-rank"));
  entries.push_back(solverEntry<PolishSolver, PolishOptions>(
      "polish",
      "PGS until the active set shows (relative residual 1e-4), then bpp from its partition, in "
      "body space for many bodies; exact friction"));
}

/// The iterative solvers: PGS, APGD, Newton, NSGS, NNCG, PGS with subspace minimization, Jacobi.
void addIterativeSolvers(std::vector<SolverEntry>& entries) {
  entries.push_back(solverEntry<PgsSolver, PgsOptions>(
      "pgs", "Projected Gauss-Seidel / SOR (ODE quickstep) on dense, sparse or J, M^-1"));
  entries.push_back(solverEntry<ApgdSolver, ApgdOptions>(
      "apgd", "Accelerated projected gradient (Nesterov, Mazhar 2015), any form of A"));
  entries.push_back(solverEntry<NewtonSolver, NewtonOptions>(
      "newton",
      "Interior-point phase, then semismooth Newton on the min-map; exact friction, sparse LL^T "
      "/ LU"));
  entries.push_back(solverEntry<PrimalNewtonSolver, PrimalNewtonOptions>(
      "newton-primal",
      "Newton in body space on the dual of the box QP, A = G G^T + C (MuJoCo, SAP): exact line "
      "search, CHOLMOD kept across steps; friction by Tresca rounds"));
  NewtonOptions fb;
  fb.reformulation = Reformulation::FischerBurmeister;
  fb.globalisation = NewtonGlobalisation::LineSearch;
  entries.push_back(solverEntry<NewtonSolver>(
      "newton-fb", "Semismooth Newton on Fischer-Burmeister for boxes (Billups 1995), line search",
      fb));
  entries.push_back(solverEntry<NsgsSolver, NsgsOptions>(
      "nsgs",
      "Block Gauss-Seidel per contact (NSGS, Jean & Moreau): each contact's normal and friction "
      "rows solved together exactly, any form of A"));
  entries.push_back(solverEntry<NncgSolver, NncgOptions>(
      "nncg",
      "Non-smooth non-linear conjugate gradient over PGS sweeps (Silcowitz 2010), any form of A"));
  entries.push_back(solverEntry<SubspaceMinimizationSolver, SubspaceMinimizationOptions>(
      "pgs-sm",
      "PGS subspace minimization (Silcowitz 2009): PGS sweeps, then conjugate gradients on the "
      "free rows; symmetric A (up to row scaling), any form"));
  entries.push_back(solverEntry<JacobiSolver, JacobiOptions>(
      "jacobi", "Projected Jacobi on threads, bitwise deterministic, any form of A"));
  JacobiOptions blocks;
  blocks.blocks = true;
  entries.push_back(solverEntry<JacobiSolver>(
      "blocked-jacobi",
      "Blocked Jacobi per contact on threads, bitwise deterministic, any form of A", blocks));
}

/// The options a composite solver passes on to its stages (SolverSettings' fields), each stage
/// taking those in its table; their defaults are the stages' own. Built once.
const std::vector<OptionSpec>& forwardedOptions() {
  static const std::vector<OptionSpec> forwarded = [] {
    std::vector<OptionSpec> specs;
    for (OptionSpec spec : PgsOptions::table().specs()) {
      if (spec.name != "max_iterations" && spec.name != "relative_tolerance" &&
          spec.name != "relaxation" && spec.name != "max_seconds" && spec.name != "record_history")
        continue;
      spec.defaultValue.clear();
      spec.doc += " (passed to the stages that take it)";
      specs.push_back(std::move(spec));
    }
    return specs;
  }();
  return forwarded;
}

/// `values` as the settings of a composite solver named `solver`, checked: every name is a
/// forwarded option and every value one PGS (which takes them all) accepts.
SolverSettings compositeSettings(std::string_view solver, const OptionMap& values) {
  const std::vector<OptionSpec>& specs = forwardedOptions();
  for (const auto& value : values) {
    const std::string& name = value.first;
    const bool known = std::any_of(specs.begin(), specs.end(),
                                   [&](const OptionSpec& spec) { return spec.name == name; });
    if (!known) throwUnknownOption(solver, name, specs);
  }
  // std::invalid_argument for a bad value, as "pgs" words it (no values: nothing to check).
  if (!values.empty()) makeSolver("pgs", values);
  SolverSettings settings;
  settings.options = values;
  return settings;
}

/// The forwarded options' values in `values`, "" for those not there.
OptionMap forwardedValues(OptionMap values) {
  OptionMap forwarded;
  for (const OptionSpec& spec : forwardedOptions()) forwarded[spec.name] = values[spec.name];
  return forwarded;
}

/// The solvers made of others: auto and fallback.
void addCompositeSolvers(std::vector<SolverEntry>& entries) {
  entries.push_back(
      {"auto",
       "Chooses by the measured structure (symmetry, size, islands, diagonal) and says why; the "
       "chosen chain ends in the best answer",
       forwardedOptions(),
       [](const OptionMap& values) -> std::unique_ptr<MixedLCP> {
         return std::make_unique<AutoSolver>(compositeSettings("auto", values));
       },
       [](const MixedLCP& solver) {
         return forwardedValues(dynamic_cast<const AutoSolver&>(solver).settings().toOptionMap());
       }});
  entries.push_back(
      {"fallback",
       "Dantzig, then Newton, Lemke, APGD and PGS: the first that converges, else the best "
       "answer of any",
       forwardedOptions(),
       [](const OptionMap& values) -> std::unique_ptr<MixedLCP> {
         const SolverSettings settings = compositeSettings("fallback", values);
         std::vector<std::unique_ptr<MixedLCP>> stages;
         for (const std::string_view stage : fallbackStageNames())
           stages.push_back(makeSolver(stage, settings));
         return std::make_unique<FallbackSolver>(std::move(stages));
       },
       [](const MixedLCP& solver) {
         // each forwarded option as the first stage that takes it holds it
         const auto& fallback = dynamic_cast<const FallbackSolver&>(solver);
         OptionMap values;
         for (int k = fallback.stageCount() - 1; k >= 0; --k) {
           const std::string_view stage = fallbackStageNames()[static_cast<size_t>(k)];
           for (auto& [name, text] : solverOptionValues(stage, fallback.stage(k)))
             values[name] = text;
         }
         return forwardedValues(values);
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

/// The registered entries, shared: a lookup hands out the entry without copying its strings and
/// options table, and an entry replaced by registerSolver() lives on while a lookup holds it.
struct Registry {
  using Entry = std::shared_ptr<const SolverEntry>;
  std::mutex mutex;
  std::vector<Entry> entries = shared(builtInSolvers());

  static std::vector<Entry> shared(std::vector<SolverEntry> built) {
    std::vector<Entry> entries;
    for (SolverEntry& entry : built)
      entries.push_back(std::make_shared<SolverEntry>(std::move(entry)));
    return entries;
  }
};

Registry& registry() {
  static Registry instance;
  return instance;
}

/// NAME of "islands:NAME"; nothing for another name.
std::optional<std::string_view> islandsInner(std::string_view name) {
  constexpr std::string_view kIslands = "islands:";
  if (name.substr(0, kIslands.size()) != kIslands) return std::nullopt;
  return name.substr(kIslands.size());
}

/// The registry entry of `name`, as findSolver() finds it, without a copy.
Registry::Entry sharedEntry(std::string_view name) {
  if (const auto inner = islandsInner(name)) name = *inner;
  for (const auto& [alias, target] : kAliases)
    if (name == alias) name = target;
  {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    for (const Registry::Entry& entry : r.entries)
      if (entry->name == name) return entry;
  }
  throw std::invalid_argument(
      fmt::format("unknown solver '{}'; known solvers: {}", name, fmt::join(solverNames(), ", ")));
}

}  // namespace

void registerSolver(SolverEntry entry) {
  auto shared = std::make_shared<const SolverEntry>(std::move(entry));
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (Registry::Entry& existing : r.entries) {
    if (existing->name == shared->name) {
      existing = std::move(shared);
      return;
    }
  }
  r.entries.push_back(std::move(shared));
}

std::vector<SolverEntry> registeredSolvers() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<SolverEntry> entries;
  entries.reserve(r.entries.size());
  for (const Registry::Entry& entry : r.entries) entries.push_back(*entry);
  return entries;
}

std::vector<std::string> solverNames() {
  std::vector<std::string> names;
  for (const SolverEntry& entry : registeredSolvers()) names.push_back(entry.name);
  return names;
}

OptionMap SolverSettings::toOptionMap() const {
  OptionMap values = options;
  if (maxIterations)
    values["max_iterations"] = formatOptionValue(static_cast<long long>(*maxIterations));
  if (relativeTolerance) values["relative_tolerance"] = formatOptionValue(*relativeTolerance);
  if (relaxation) values["relaxation"] = formatOptionValue(*relaxation);
  if (maxSeconds) values["max_seconds"] = formatOptionValue(*maxSeconds);
  if (recordHistory) values["record_history"] = formatOptionValue(*recordHistory);
  return values;
}

void SolverSettings::set(const std::string& name, const std::string& text) {
  if (name == "max_iterations")
    maxIterations = parseOptionValue<int>(name, text);
  else if (name == "relative_tolerance")
    relativeTolerance = parseOptionValue<double>(name, text);
  else if (name == "relaxation")
    relaxation = parseOptionValue<double>(name, text);
  else if (name == "max_seconds")
    maxSeconds = parseOptionValue<double>(name, text);
  else if (name == "record_history")
    recordHistory = parseOptionValue<bool>(name, text);
  else
    options[name] = text;
}

SolverEntry findSolver(std::string_view name) { return *sharedEntry(name); }

std::unique_ptr<MixedLCP> makeSolver(std::string_view name, const OptionMap& options) {
  if (const auto islands = islandsInner(name)) {
    const std::string inner(*islands);
    makeSolver(inner, options);  // an unknown name or option throws here
    return std::make_unique<IslandSolver>([inner, options] { return makeSolver(inner, options); });
  }
  return sharedEntry(name)->make(options);
}

OptionMap solverOptionValues(std::string_view name, const MixedLCP& solver) {
  if (const auto inner = islandsInner(name)) {
    const auto* islands = dynamic_cast<const IslandSolver*>(&solver);
    if (islands == nullptr)
      throw std::invalid_argument(
          fmt::format("the options of '{}' are read from a solver made as '{}'", name, name));
    return solverOptionValues(*inner, islands->prototype());
  }
  return sharedEntry(name)->read(solver);
}

namespace {

bool takes(const SolverEntry& entry, std::string_view option) {
  return std::any_of(entry.options.begin(), entry.options.end(),
                     [&](const OptionSpec& spec) { return spec.name == option; });
}

}  // namespace

void requireSettingsTaken(const std::vector<std::string>& solvers, const SolverSettings& settings) {
  std::vector<SolverEntry> entries;
  for (const std::string& name : solvers) entries.push_back(findSolver(name));
  for (const auto& value : settings.toOptionMap()) {
    const std::string& option = value.first;
    if (std::none_of(entries.begin(), entries.end(),
                     [&](const SolverEntry& entry) { return takes(entry, option); }))
      throw std::invalid_argument(
          fmt::format("no solver of {} takes option '{}'", fmt::join(solvers, ", "), option));
  }
}

std::unique_ptr<MixedLCP> makeSolver(std::string_view name, const SolverSettings& settings) {
  const std::shared_ptr<const SolverEntry> entry = sharedEntry(name);
  OptionMap taken;
  for (const auto& [option, text] : settings.toOptionMap())
    if (takes(*entry, option)) taken[option] = text;
  return makeSolver(name, taken);
}

}  // namespace mlcp
