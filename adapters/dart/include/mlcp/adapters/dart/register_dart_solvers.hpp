#pragma once

namespace mlcp::adapters {

/// Registers DART's solvers with mlcp::registerSolver() as "dart-dantzig" and "dart-pgs"
/// (DartPeerSolver), so makeSolver() and `mlcp compare --solvers all` find them.
/// Their options table (DartPeerOptions::table()) holds max_iterations and
/// relative_tolerance. Safe to call more than once.
void registerDartSolvers();

}  // namespace mlcp::adapters
