#pragma once

namespace mlcp::adapters {

/// Registers DART's solvers with mlcp::registerSolver() as "dart-dantzig" and "dart-pgs"
/// (DartPeerSolver), so makeSolver() and `mlcp compare --solvers all` find them.
/// Their options tables (DartPeerOptions::table(DartMethod)) hold max_iterations and
/// relative_tolerance, and each method's own option. Safe to call more than once.
void registerDartSolvers();

}  // namespace mlcp::adapters
