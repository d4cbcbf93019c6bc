#include <mlcp/adapters/dart/dart_peer_solver.hpp>
#include <mlcp/adapters/dart/register_dart_solvers.hpp>
#include <mlcp/core/solver_factory.hpp>

namespace mlcp::adapters {

namespace {

SolverEntry dartEntry(std::string name, std::string description, DartMethod method) {
  return solverEntry<DartPeerSolver, DartPeerOptions>(
      std::move(name), std::move(description), {}, [method](const DartPeerOptions& options) {
        return std::make_unique<DartPeerSolver>(method, options);
      });
}

}  // namespace

void registerDartSolvers() {
  registerSolver(dartEntry("dart-dantzig",
                           "DART 6.12 DantzigBoxedLcpSolver (ODE's Dantzig copy, friction bounds "
                           "fixed once)",
                           DartMethod::Dantzig));
  registerSolver(dartEntry("dart-pgs",
                           "DART 6.12 PgsBoxedLcpSolver (stops on a 1e-3 relative change)",
                           DartMethod::Pgs));
}

const OptionTable<DartPeerOptions>& DartPeerOptions::table() {
  static const OptionTable<DartPeerOptions> table(peerOptionFields<DartPeerOptions>(
      {option<DartPeerOptions>("early_termination", &DartPeerOptions::earlyTermination, "",
                               "dart-dantzig: fail at the first pivot <= 0"),
       option<DartPeerOptions>("fixed_sweeps", &DartPeerOptions::fixedSweeps, "",
                               "dart-pgs: run exactly max_iterations sweeps")}));
  return table;
}

}  // namespace mlcp::adapters
