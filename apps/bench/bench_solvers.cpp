#include "bench_solvers.hpp"

#include <mlcp/adapters/registry/adapter_registry.hpp>
#include <mlcp/core/solver_factory.hpp>
#include <mlcp/gradient/apgd_solver.hpp>
#include <mlcp/pivoting/bpp_solver.hpp>
#include <mlcp/pivoting/dantzig_solver.hpp>
#include <mlcp/splitting/pgs_solver.hpp>

#include <algorithm>
#include <stdexcept>

#if MLCP_HAS_ADAPTER_DART
#include <mlcp/adapters/dart/dart_peer_solver.hpp>
#endif

namespace mlcp::bench {

namespace {

bool registered(const std::string& name) {
  adapters::registerAdapterSolvers();
  const std::vector<std::string> names = solverNames();
  return std::find(names.begin(), names.end(), name) != names.end();
}

void addPeer(std::vector<Contender>& list, const std::string& name, const SolverSettings& s) {
  if (registered(name)) list.push_back({name, true, makeSolver(name, s)});
}

}  // namespace

bool peersAvailable() { return registered("bullet-dantzig") || registered("dart-dantzig"); }

std::vector<Contender> pivotingContenders() {
  std::vector<Contender> list;
  list.push_back({"dantzig", false, std::make_unique<DantzigSolver>()});
  DantzigOptions odeMode;
  odeMode.refreshFrictionBounds = false;
  list.push_back({"dantzig ODE mode", false, std::make_unique<DantzigSolver>(odeMode)});
  addPeer(list, "bullet-dantzig", {});
  addPeer(list, "dart-dantzig", {});
  if (registered("newton")) list.push_back({"newton", false, makeSolver("newton")});
  BppOptions cold;
  cold.keepPartition = false;  // every timed solve cold, as the others
  list.push_back({"bpp", false, std::make_unique<BppSolver>(cold)});
  if (registered("lemke")) list.push_back({"lemke", false, makeSolver("lemke")});
  if (registered("siconos-lemke"))
    list.push_back({"siconos-lemke", false, makeSolver("siconos-lemke")});
  return list;
}

std::vector<Contender> iterativeContenders(int sweeps, bool factorForm) {
  std::vector<Contender> list;
  PgsOptions pgs;
  pgs.maxIterations = sweeps;
  pgs.relativeTolerance = 0.0;
  pgs.residualInterval = sweeps;  // test the residual once, after the last sweep
  ApgdOptions apgd;
  apgd.maxIterations = sweeps;
  apgd.relativeTolerance = 0.0;
  list.push_back({"pgs", false, std::make_unique<PgsSolver>(pgs), MatrixForm::Dense});
  list.push_back({"apgd", false, std::make_unique<ApgdSolver>(apgd), MatrixForm::Dense});
  if (factorForm) {
    list.push_back(
        {"pgs-matrix-free", false, std::make_unique<PgsSolver>(pgs), MatrixForm::Factors});
    list.push_back(
        {"apgd-matrix-free", false, std::make_unique<ApgdSolver>(apgd), MatrixForm::Factors});
  }
  SolverSettings settings;
  settings.maxIterations = sweeps;
  addPeer(list, "bullet-pgs", settings);
#if MLCP_HAS_ADAPTER_DART
  adapters::DartPeerOptions dart;
  dart.maxIterations = sweeps;
  dart.fixedSweeps = true;
  list.push_back({"dart-pgs", true,
                  std::make_unique<adapters::DartPeerSolver>(adapters::DartMethod::Pgs, dart)});
#endif
  return list;
}

Problem inForm(const Problem& problem, std::optional<MatrixForm> form) {
  Problem p = problem;
  if (!form || *form == problem.A.form()) return p;
  switch (*form) {
    case MatrixForm::Dense:
      p.A = problem.A.toDense();
      break;
    case MatrixForm::Sparse:
      p.A = problem.A.toSparse();
      break;
    case MatrixForm::Factors:
      throw std::invalid_argument(problem.name + ": the problem does not hold the factors of A");
  }
  return p;
}

}  // namespace mlcp::bench
