#include <mlcp/adapters/dart/dart_peer_solver.hpp>
#include <mlcp/adapters/dart/register_dart_solvers.hpp>
#include <mlcp/core/solver_factory.hpp>

namespace mlcp::adapters {

namespace {

SolverEntry dartEntry(std::string name, std::string description, DartMethod method) {
  return solverEntry<DartPeerSolver, DartPeerOptions>(
      std::move(name), std::move(description), {},
      [method](const DartPeerOptions& options) {
        return std::make_unique<DartPeerSolver>(method, options);
      },
      DartPeerOptions::table(method));
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

const OptionTable<DartPeerOptions>& DartPeerOptions::table(DartMethod method) {
  static const OptionTable<DartPeerOptions> dantzig(peerOptionFields<DartPeerOptions>(
      {option<DartPeerOptions>("early_termination", &DartPeerOptions::earlyTermination, "",
                               "Fail at the first pivot <= 0 (else zero the rest and carry on)")}));
  static const OptionTable<DartPeerOptions> pgs(peerOptionFields<DartPeerOptions>(
      {option<DartPeerOptions>("fixed_sweeps", &DartPeerOptions::fixedSweeps, "",
                               "Run exactly max_iterations sweeps (DART's change tests off)")}));
  return method == DartMethod::Dantzig ? dantzig : pgs;
}

}  // namespace mlcp::adapters
