#include <mlcp/adapters/dart/dart_peer_solver.hpp>
#include <mlcp/adapters/dart/register_dart_solvers.hpp>
#include <mlcp/core/solver_factory.hpp>

namespace mlcp::adapters {

namespace {

SolverEntry dartEntry(std::string name, std::string description, DartMethod method) {
  return {std::move(name), std::move(description),
          [method](const SolverSettings& settings) -> std::unique_ptr<MixedLCP> {
            DartPeerOptions options;
            if (settings.maxIterations) options.maxIterations = *settings.maxIterations;
            if (settings.relativeTolerance) options.relativeTolerance = *settings.relativeTolerance;
            return std::make_unique<DartPeerSolver>(method, options);
          }};
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

}  // namespace mlcp::adapters
