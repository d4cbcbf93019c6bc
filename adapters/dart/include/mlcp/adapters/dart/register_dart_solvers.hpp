#pragma once

namespace mlcp::adapters {

/// Registers DART's solvers with mlcp::registerSolver() as "dart-dantzig" and "dart-pgs"
/// (DartPeerSolver), so makeSolver() and `mlcp compare --solvers all` find them.
/// SolverSettings::maxIterations and relativeTolerance apply. Safe to call more than once.
void registerDartSolvers();

}  // namespace mlcp::adapters
